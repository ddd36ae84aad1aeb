import { AboutDataSection } from "../features/home/about-data-section.js";
import { FaqSection } from "../features/home/faq-section.js";
import { FeaturesSection } from "../features/home/features-section.js";
import { HowItWorksSection } from "../features/home/how-it-works-section.js";
import { type BlogTeaser, InsightsTeaser } from "../features/home/insights-teaser.js";

/** No blog exists yet; the blog feature will supply the three latest posts here. */
const NO_POSTS: readonly BlogTeaser[] = [];

/** Everything under the hero and the results: loaded as its own chunk right after the first paint. */
export function HomeBelowFold() {
  return (
    <>
      <FeaturesSection />
      <HowItWorksSection />
      <AboutDataSection />
      <InsightsTeaser posts={NO_POSTS} />
      <FaqSection />
    </>
  );
}
