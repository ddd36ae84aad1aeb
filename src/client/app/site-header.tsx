import { Menu, Search, X } from "lucide-react";
import { Suspense, useEffect, useRef } from "react";
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

const LINK_CLASS =
  "rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900";

/** The main navigation's links: in the header's bar from md up, in the menu below it. */
function MainLinks({ search, matchCurrent, className }: { search: string; matchCurrent: boolean; className: string }) {
  return (
    <>
      <Link
        to="/match"
        aria-current={matchCurrent ? "page" : undefined}
        className={`${className} aria-[current=page]:text-indigo-700`}
      >
        Match
      </Link>
      {SECTIONS.map((section) => (
        <Link key={section.hash} to={{ pathname: "/", search, hash: section.hash }} className={className}>
          {section.label}
        </Link>
      ))}
    </>
  );
}

/**
 * The menu below md, where the bar has no room for the sections: a <details> disclosure, so that it
 * opens and its links work from the server-rendered HTML, before any script. Once the app runs it
 * also closes on a navigation, on Escape (focus back on its button) and on a press outside it.
 */
function MobileMenu({ search, matchCurrent }: { search: string; matchCurrent: boolean }) {
  const menuRef = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes once per navigation, keyed by location.key.
  useEffect(() => {
    if (menuRef.current) menuRef.current.open = false;
  }, [location.key]);

  useEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !menu.open) return;
      const focusWasInside = menu.contains(document.activeElement);
      menu.open = false;
      if (focusWasInside) menu.querySelector("summary")?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (menu.open && event.target instanceof Node && !menu.contains(event.target)) menu.open = false;
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, []);

  return (
    <details ref={menuRef} className="group md:hidden">
      <summary
        aria-label="Menu"
        className="flex size-10 cursor-pointer list-none items-center justify-center rounded-md text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-hidden [&::-webkit-details-marker]:hidden"
      >
        <Menu className="size-5 group-open:hidden" aria-hidden="true" />
        <X className="hidden size-5 group-open:block" aria-hidden="true" />
      </summary>
      {/* Under the whole bar, at the page's width: the header is the positioned box. */}
      <nav
        aria-label="Main"
        className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 py-3 shadow-lg sm:px-6"
      >
        <div className="mx-auto flex max-w-6xl flex-col gap-1">
          <MainLinks
            search={search}
            matchCurrent={matchCurrent}
            className="rounded-md px-3 py-3 text-base font-medium text-slate-800 transition-colors hover:bg-slate-100 hover:text-slate-900"
          />
          <Link
            to={{ pathname: "/", search, hash: "#find-investors" }}
            className="rounded-md px-3 py-3 text-base font-medium text-indigo-700 transition-colors hover:bg-indigo-50 sm:hidden"
          >
            Find Investors
          </Link>
        </div>
      </nav>
    </details>
  );
}

export function SiteHeader() {
  const location = useLocation();
  // On the home page, keep the current search in the URL so jumping to a section does not clear the results.
  const search = location.pathname === "/" ? location.search : "";
  const matchCurrent = location.pathname === "/match";

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-backdrop-filter:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <BrandLogo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <MainLinks search={search} matchCurrent={matchCurrent} className={LINK_CLASS} />
        </nav>
        <div className="flex items-center gap-2">
          <Suspense fallback={<AuthLoading />}>
            <HeaderAuth />
          </Suspense>
          <Button asChild size="sm" className="hidden sm:inline-flex">
            <Link to={{ pathname: "/", search, hash: "#find-investors" }}>
              <Search aria-hidden="true" />
              Find Investors
            </Link>
          </Button>
          <MobileMenu search={search} matchCurrent={matchCurrent} />
        </div>
      </div>
    </header>
  );
}
