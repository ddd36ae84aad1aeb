import { Search } from "lucide-react";
import { Suspense } from "react";
import { Link, useLocation } from "react-router";
import { AuthLoading } from "../components/auth-loading.js";
import { Button } from "../components/ui/button.js";
import { lazyPart } from "../lib/lazy-part.js";
import { BrandLogo } from "./brand-logo.js";

// The account area needs useQuery's observer, which the entry does without (120 KB budget,
// docs/decisions/0006); its chunk is shared with the search form, which loads right away too.
const HeaderAuth = lazyPart("features/auth/components/header-auth.tsx", () =>
  import("../features/auth/components/header-auth.js").then((module) => module.HeaderAuth),
);

const SECTIONS = [
  { hash: "#how-it-works", label: "How it works" },
  { hash: "#features", label: "Premium" },
  { hash: "#faq", label: "FAQ" },
] as const;

export function SiteHeader() {
  const location = useLocation();
  // On the home page, keep the current search in the URL so jumping to a section does not clear the results.
  const search = location.pathname === "/" ? location.search : "";

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-backdrop-filter:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <BrandLogo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <Link
            to="/match"
            aria-current={location.pathname === "/match" ? "page" : undefined}
            className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:text-indigo-700"
          >
            Match
          </Link>
          {SECTIONS.map((section) => (
            <Link
              key={section.hash}
              to={{ pathname: "/", search, hash: section.hash }}
              className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900"
            >
              {section.label}
            </Link>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          {/* Below md the main navigation is hidden; the match keeps its way in. */}
          <Link
            to="/match"
            className="rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 md:hidden"
          >
            Match
          </Link>
          <Suspense fallback={<AuthLoading />}>
            <HeaderAuth />
          </Suspense>
          <Button asChild size="sm" className="hidden sm:inline-flex">
            <Link to={{ pathname: "/", search, hash: "#find-investors" }}>
              <Search aria-hidden="true" />
              Find Investors
            </Link>
          </Button>
        </div>
      </div>
    </header>
  );
}
