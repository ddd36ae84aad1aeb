import { ArrowLeft } from "lucide-react";
import { Link, Navigate, NavLink, Outlet, useLocation } from "react-router";
import { ADMIN_TEXTS, adminAccessDeniedText } from "../../../shared/admin-texts.js";
import { NOT_FOUND_META, pageMetaFor } from "../../../shared/page-meta.js";
import { AccessDeniedScreen } from "../../components/access-denied.js";
import { Button } from "../../components/ui/button.js";
import { Skeleton } from "../../components/ui/skeleton.js";
import { ADMIN_PAGES } from "../../lib/admin-pages.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { useSessionQuery } from "../../lib/use-session-query.js";
import { cn } from "../../lib/utils.js";

/**
 * Admin area: every /admin page renders inside this guard. The server checks the
 * role on every /_api/admin call as well; this only decides what the page shows.
 */
export function AdminLayout() {
  // The page's own head also while the guard shows something else (it may be reached in-app).
  usePageMeta(pageMetaFor(useLocation().pathname) ?? NOT_FOUND_META);
  const session = useSessionQuery();
  if (session.isPending) return <Authenticating />;
  const user = session.data?.user;
  if (!user) return <Navigate to="/login" replace />;
  if (user.role !== "admin") return <AdminAccessDenied role={user.role} />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      {/* Every admin page (lib/admin-pages.ts) one click from the others. */}
      <nav aria-label="Admin">
        <ul className="flex flex-wrap gap-2">
          {ADMIN_PAGES.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                className={({ isActive }) =>
                  cn(
                    "inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900",
                    isActive && "bg-indigo-50 text-indigo-800 hover:bg-indigo-50",
                  )
                }
              >
                <section.icon className="size-4" aria-hidden="true" />
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}

function Authenticating() {
  return (
    <div role="status" aria-labelledby="admin-authenticating" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <p id="admin-authenticating" className="text-sm font-medium text-slate-600">
        {ADMIN_TEXTS.authenticating}
      </p>
      <div className="mt-4 flex flex-col gap-4" aria-hidden="true">
        <Skeleton className="h-9 w-40" />
        <Skeleton className="h-8 w-72" />
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    </div>
  );
}

function AdminAccessDenied({ role }: { role: string }) {
  return (
    <AccessDeniedScreen title={ADMIN_TEXTS.accessDenied} message={adminAccessDeniedText(role)}>
      <Button asChild variant="outline" className="mt-8">
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          Back to Home
        </Link>
      </Button>
    </AccessDeniedScreen>
  );
}
