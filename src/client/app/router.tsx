import { lazy } from "react";
import { Navigate, Route, Routes } from "react-router";
import { REDIRECTS } from "../../shared/redirects.js";
import { HomePage } from "./home-page.js";
import { RootLayout } from "./root-layout.js";

// Few visitors read the legal pages: they stay out of the home page's critical bundle.
const TermsPage = lazy(() =>
  import("../features/legal/terms-page.js").then((module) => ({ default: module.TermsPage })),
);
const PrivacyPage = lazy(() =>
  import("../features/legal/privacy-page.js").then((module) => ({ default: module.PrivacyPage })),
);
// Only a mistyped or stale link shows it; the server already sent the Not Found head and status.
const NotFoundPage = lazy(() =>
  import("../features/not-found/not-found-page.js").then((module) => ({ default: module.NotFoundPage })),
);
// The forms (react-hook-form, zod) stay out of the home page's first load.
const LoginPage = lazy(() =>
  import("../features/auth/login-page.js").then((module) => ({ default: module.LoginPage })),
);
// Reached only from the e-mail sent after a guest checkout.
const SetPasswordPage = lazy(() =>
  import("../features/auth/set-password-page.js").then((module) => ({ default: module.SetPasswordPage })),
);
// Signed-in and admin pages: only their visitors load their code.
const ProfilePage = lazy(() =>
  import("../features/account/profile-page.js").then((module) => ({ default: module.ProfilePage })),
);
const SubscribePage = lazy(() =>
  import("../features/billing/subscribe-page.js").then((module) => ({ default: module.SubscribePage })),
);
const AccountSettingsPage = lazy(() =>
  import("../features/account/account-settings-page.js").then((module) => ({ default: module.AccountSettingsPage })),
);
const AdminLayout = lazy(() =>
  import("../features/admin/admin-layout.js").then((module) => ({ default: module.AdminLayout })),
);
const AdminImportPage = lazy(() =>
  import("../features/admin/import-page.js").then((module) => ({ default: module.ImportPage })),
);
const AdminFundsPage = lazy(() =>
  import("../features/admin/funds-page.js").then((module) => ({ default: module.FundsPage })),
);
const AdminBlogPage = lazy(() =>
  import("../features/admin/blog/blog-admin-page.js").then((module) => ({ default: module.BlogAdminPage })),
);
// The blog's pages and their data calls (superjson) load only when a visitor opens the blog.
const BlogListPage = lazy(() =>
  import("../features/blog/blog-list-page.js").then((module) => ({ default: module.BlogListPage })),
);
const BlogPostPage = lazy(() =>
  import("../features/blog/blog-post-page.js").then((module) => ({ default: module.BlogPostPage })),
);
const AdminUsersPage = lazy(() =>
  import("../features/admin/users-page.js").then((module) => ({ default: module.UsersPage })),
);
const AdminFundReportsPage = lazy(() =>
  import("../features/admin/fund-reports-page.js").then((module) => ({ default: module.FundReportsPage })),
);
// /funds/:id-:slug; its head comes from the server (src/server/funds/pages.ts), not PAGE_META.
const FundPage = lazy(() => import("../features/funds/fund-page.js").then((module) => ({ default: module.FundPage })));

/**
 * The page routes. React Router's declarative mode: data comes from TanStack Query, so the data
 * router (loaders, actions) would only add 17 KB gzip to the first load (docs/decisions/0006).
 * Keep in step with PAGE_META in src/shared/page-meta.ts: the server answers paths missing there
 * with a 404 status (and the Not Found head) while still serving the app.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="blog" element={<BlogListPage />} />
        <Route path="blog/:slug" element={<BlogPostPage />} />
        <Route path="set-password" element={<SetPasswordPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="subscribe" element={<SubscribePage />} />
        <Route path="account-settings" element={<AccountSettingsPage />} />
        <Route path="funds/:fund" element={<FundPage />} />
        {/* The admin guard and navigation wrap every admin page. */}
        <Route path="admin" element={<AdminLayout />}>
          <Route index element={<Navigate to="users" replace />} />
          <Route path="import" element={<AdminImportPage />} />
          <Route path="funds" element={<AdminFundsPage />} />
          <Route path="users" element={<AdminUsersPage />} />
          <Route path="blog" element={<AdminBlogPage />} />
          <Route path="fund-reports" element={<AdminFundReportsPage />} />
        </Route>
        {/* The server answers these with a 301; this covers links followed inside the app. */}
        {Object.entries(REDIRECTS).map(([from, to]) => (
          <Route key={from} path={from} element={<Navigate to={to} replace />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
