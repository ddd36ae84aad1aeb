import { Outlet, useLocation } from "react-router";
import { RouteErrorBoundary } from "./route-error.js";
import { SiteFooter } from "./site-footer.js";
import { SiteHeader } from "./site-header.js";
import { useHashScroll, useScrollToTopOnNavigate } from "./use-hash-scroll.js";

export function RootLayout() {
  const { pathname } = useLocation();
  useHashScroll();
  useScrollToTopOnNavigate();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-hidden">
        <RouteErrorBoundary key={pathname}>
          <Outlet />
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
