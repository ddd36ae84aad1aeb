import { lazy } from "react";
import { Navigate, Route, Routes } from "react-router";
import { REDIRECTS } from "../../shared/page-meta.js";
import { NotFoundPage } from "../features/not-found/not-found-page.js";
import { HomePage } from "./home-page.js";
import { RootLayout } from "./root-layout.js";

// Few visitors read the legal pages: they stay out of the home page's critical bundle.
const TermsPage = lazy(() =>
  import("../features/legal/terms-page.js").then((module) => ({ default: module.TermsPage })),
);
const PrivacyPage = lazy(() =>
  import("../features/legal/privacy-page.js").then((module) => ({ default: module.PrivacyPage })),
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
        <Route path="terms" element={<TermsPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        {/* The server answers these with a 301; this covers links followed inside the app. */}
        {Object.entries(REDIRECTS).map(([from, to]) => (
          <Route key={from} path={from} element={<Navigate to={to} replace />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
