import { Route, Routes } from "react-router";
import { NotFoundPage } from "../features/not-found/not-found-page.js";
import { HomePage } from "./home-page.js";
import { RootLayout } from "./root-layout.js";

/**
 * The page routes. React Router's declarative mode: data comes from TanStack Query, so the data
 * router (loaders, actions) would only add 17 KB gzip to the first load (docs/decisions/0006).
 * Keep in step with CLIENT_PATH_PATTERNS in src/shared/routes.ts, which the server uses for 404s.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
