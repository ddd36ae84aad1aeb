import { BLOG_TEASER_LIMIT } from "../../shared/blog.js";
import { useBlogPosts } from "../features/blog/api/use-blog.js";
import { AboutDataSection } from "../features/home/about-data-section.js";
import { FaqSection } from "../features/home/faq-section.js";
import { FeaturesSection } from "../features/home/features-section.js";
import { HowItWorksSection } from "../features/home/how-it-works-section.js";
import { InsightsTeaser } from "../features/home/insights-teaser.js";

/**
 * Everything under the hero and the results: loaded as its own chunk right after the first paint,
 * so the blog teaser's call and its code (superjson) never weigh on the home page's first load.
 */
export function HomeBelowFold() {
  return (
    <>
      <FeaturesSection />
      <HowItWorksSection />
      <AboutDataSection />
      <LatestPosts />
      <FaqSection />
    </>
  );
}

/** The teaser is left out while loading, on error and when nothing is published. */
function LatestPosts() {
  const posts = useBlogPosts(BLOG_TEASER_LIMIT);
  return <InsightsTeaser posts={posts.data ?? []} />;
}
