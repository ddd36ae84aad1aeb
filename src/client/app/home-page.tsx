import { pageTitle } from "../../shared/site.js";
import { TEXTS } from "../../shared/texts.js";
import { ResultsSection } from "../features/funds/components/results-section.js";
import { SearchForm } from "../features/funds/components/search-form.js";
import { FaqSection } from "../features/home/faq-section.js";
import { FeaturesSection } from "../features/home/features-section.js";
import { HeroSection } from "../features/home/hero-section.js";
import { HowItWorksSection } from "../features/home/how-it-works-section.js";
import { type BlogTeaser, InsightsTeaser } from "../features/home/insights-teaser.js";
import { useDocumentTitle } from "../lib/use-document-title.js";

/** No blog exists yet; the blog feature will supply the three latest posts here. */
const NO_POSTS: readonly BlogTeaser[] = [];

/**
 * The home page composes two features (home's marketing sections and the funds search), which may
 * not import each other, so it lives here in the app layer.
 */
export function HomePage() {
  useDocumentTitle(pageTitle(TEXTS.home.title));
  return (
    <>
      <HeroSection search={<SearchForm />} />
      <ResultsSection />
      <FeaturesSection />
      <HowItWorksSection />
      <InsightsTeaser posts={NO_POSTS} />
      <FaqSection />
    </>
  );
}
