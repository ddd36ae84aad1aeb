import { Suspense } from "react";
import { HOME_META } from "../../shared/home-meta.js";
import { ResultsSection } from "../features/funds/components/results-section.js";
import { SearchSection } from "../features/funds/components/search-section.js";
import { HeroSection } from "../features/home/hero-section.js";
import { lazyPart } from "../lib/lazy-part.js";
import { usePageMeta } from "../lib/use-page-meta.js";

// The lower sections are a lazy part of their own, after the first screen in the page.
const HomeBelowFold = lazyPart("app/home-below-fold.tsx", () =>
  import("./home-below-fold.js").then((module) => module.HomeBelowFold),
);

/**
 * The home page composes two features (home's sections and the funds search), which may not import
 * each other, so it lives here in the app layer.
 */
export function HomePage() {
  usePageMeta(HOME_META);
  return (
    <>
      <HeroSection search={<SearchSection />} />
      <ResultsSection />
      {/* The placeholder keeps the footer below the fold until the sections arrive. */}
      <Suspense fallback={<div className="min-h-screen" />}>
        <HomeBelowFold />
      </Suspense>
    </>
  );
}
