import { Navigate, Route, Routes } from "react-router";
import { REDIRECTS } from "../../shared/redirects.js";
import { lazyPart } from "../lib/lazy-part.js";
import { RootLayout } from "./root-layout.js";

// The home page is a lazy route like the others: its hero, search section and their helpers stay
// out of the entry every page loads (fund pages and blog posts are most visits from search engines).
// On "/" the server lists its chunk with the page's parts, so the browser fetches it alongside the
// entry and hydrates as before (docs/decisions/0006-client-bundle-budget.md).
const HomePage = lazyPart("app/home-page.tsx", () => import("./home-page.js").then((module) => module.HomePage));
// Few visitors read the legal pages: they stay out of the home page's critical bundle.
const TermsPage = lazyPart("features/legal/terms-page.tsx", () =>
  import("../features/legal/terms-page.js").then((module) => module.TermsPage),
);
const PrivacyPage = lazyPart("features/legal/privacy-page.tsx", () =>
  import("../features/legal/privacy-page.js").then((module) => module.PrivacyPage),
);
// Only a mistyped or stale link shows it; the server already sent the Not Found head and status.
const NotFoundPage = lazyPart("features/not-found/not-found-page.tsx", () =>
  import("../features/not-found/not-found-page.js").then((module) => module.NotFoundPage),
);
// The forms (react-hook-form, zod) stay out of the home page's first load.
const LoginPage = lazyPart("features/auth/login-page.tsx", () =>
  import("../features/auth/login-page.js").then((module) => module.LoginPage),
);
// Reached only from the e-mail sent after a guest checkout.
const SetPasswordPage = lazyPart("features/auth/set-password-page.tsx", () =>
  import("../features/auth/set-password-page.js").then((module) => module.SetPasswordPage),
);
const ForgotPasswordPage = lazyPart("features/auth/forgot-password-page.tsx", () =>
  import("../features/auth/forgot-password-page.js").then((module) => module.ForgotPasswordPage),
);
const UnsubscribePage = lazyPart("features/email/unsubscribe-page.tsx", () =>
  import("../features/email/unsubscribe-page.js").then((module) => module.UnsubscribePage),
);
const ResetPasswordPage = lazyPart("features/auth/reset-password-page.tsx", () =>
  import("../features/auth/reset-password-page.js").then((module) => module.ResetPasswordPage),
);
// Signed-in and admin pages: only their visitors load their code.
const ProfilePage = lazyPart("features/account/profile-page.tsx", () =>
  import("../features/account/profile-page.js").then((module) => module.ProfilePage),
);
const SubscribePage = lazyPart("features/billing/subscribe-page.tsx", () =>
  import("../features/billing/subscribe-page.js").then((module) => module.SubscribePage),
);
const AccountSettingsPage = lazyPart("features/account/account-settings-page.tsx", () =>
  import("../features/account/account-settings-page.js").then((module) => module.AccountSettingsPage),
);
const PitchInboxPage = lazyPart("features/investor/pitch-inbox-page.tsx", () =>
  import("../features/investor/pitch-inbox-page.js").then((module) => module.PitchInboxPage),
);
const AdminPitchReportsPage = lazyPart("features/admin/pitch-reports-page.tsx", () =>
  import("../features/admin/pitch-reports-page.js").then((module) => module.PitchReportsPage),
);
const AdminLayout = lazyPart("features/admin/admin-layout.tsx", () =>
  import("../features/admin/admin-layout.js").then((module) => module.AdminLayout),
);
const AdminImportPage = lazyPart("features/admin/import-page.tsx", () =>
  import("../features/admin/import-page.js").then((module) => module.ImportPage),
);
const AdminFundsPage = lazyPart("features/admin/funds-page.tsx", () =>
  import("../features/admin/funds-page.js").then((module) => module.FundsPage),
);
const AdminBlogPage = lazyPart("features/admin/blog/blog-admin-page.tsx", () =>
  import("../features/admin/blog/blog-admin-page.js").then((module) => module.BlogAdminPage),
);
// The blog's pages and their data calls (superjson) load only when a visitor opens the blog.
const BlogListPage = lazyPart("features/blog/blog-list-page.tsx", () =>
  import("../features/blog/blog-list-page.js").then((module) => module.BlogListPage),
);
const BlogPostPage = lazyPart("features/blog/blog-post-page.tsx", () =>
  import("../features/blog/blog-post-page.js").then((module) => module.BlogPostPage),
);
const AdminUsersPage = lazyPart("features/admin/users-page.tsx", () =>
  import("../features/admin/users-page.js").then((module) => module.UsersPage),
);
const AdminDataPage = lazyPart("features/admin/data-page.tsx", () =>
  import("../features/admin/data-page.js").then((module) => module.DataPage),
);
const AdminJobsPage = lazyPart("features/admin/jobs-page.tsx", () =>
  import("../features/admin/jobs-page.js").then((module) => module.JobsPage),
);
const AdminFundReportsPage = lazyPart("features/admin/fund-reports-page.tsx", () =>
  import("../features/admin/fund-reports-page.js").then((module) => module.FundReportsPage),
);
const AdminFundClaimsPage = lazyPart("features/admin/fund-claims-page.tsx", () =>
  import("../features/admin/fund-claims-page.js").then((module) => module.FundClaimsPage),
);
// A fund claim's e-mailed link.
const ClaimVerifyPage = lazyPart("features/funds/claim-verify-page.tsx", () =>
  import("../features/funds/claim-verify-page.js").then((module) => module.ClaimVerifyPage),
);
// /funds/:id-:slug; its head comes from the server (src/server/funds/pages.ts), not PAGE_META.
const FundPage = lazyPart("features/funds/fund-page.tsx", () =>
  import("../features/funds/fund-page.js").then((module) => module.FundPage),
);

// The fund's own editor (issue 24): only members of a fund's team load it.
const MyFundsPage = lazyPart("features/investor/my-funds-page.tsx", () =>
  import("../features/investor/my-funds-page.js").then((module) => module.MyFundsPage),
);
const FundEditorPage = lazyPart("features/investor/fund-editor-page.tsx", () =>
  import("../features/investor/fund-editor-page.js").then((module) => module.FundEditorPage),
);
const AdminFundHistoryPage = lazyPart("features/admin/fund-history-page.tsx", () =>
  import("../features/admin/fund-history-page.js").then((module) => module.FundHistoryPage),
);

// The match: its form and shortlist load only for those who open it.
const MatchPage = lazyPart("features/match/match-page.tsx", () =>
  import("../features/match/match-page.js").then((module) => module.MatchPage),
);

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
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="unsubscribe" element={<UnsubscribePage />} />
        <Route path="claim/verify" element={<ClaimVerifyPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="subscribe" element={<SubscribePage />} />
        <Route path="account-settings" element={<AccountSettingsPage />} />
        <Route path="funds/:fund" element={<FundPage />} />
        <Route path="match" element={<MatchPage />} />
        <Route path="investor/funds" element={<MyFundsPage />} />
        <Route path="investor/funds/:id" element={<FundEditorPage />} />
        <Route path="investor/funds/:id/pitches" element={<PitchInboxPage />} />
        {/* The admin guard and navigation wrap every admin page. */}
        <Route path="admin" element={<AdminLayout />}>
          <Route index element={<Navigate to="users" replace />} />
          <Route path="import" element={<AdminImportPage />} />
          <Route path="funds" element={<AdminFundsPage />} />
          <Route path="funds/:id/history" element={<AdminFundHistoryPage />} />
          <Route path="users" element={<AdminUsersPage />} />
          <Route path="blog" element={<AdminBlogPage />} />
          <Route path="fund-reports" element={<AdminFundReportsPage />} />
          <Route path="claims" element={<AdminFundClaimsPage />} />
          <Route path="data" element={<AdminDataPage />} />
          <Route path="jobs" element={<AdminJobsPage />} />
          <Route path="pitch-reports" element={<AdminPitchReportsPage />} />
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
