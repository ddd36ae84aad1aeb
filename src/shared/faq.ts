import { coverageText, type DataCounts, fundsAndCountriesText } from "./data-claims.js";
import { formatUsd, PLANS } from "./plans.js";
import { SOCIAL_LINKS } from "./site.js";
import { STAGES } from "./stages.js";

/**
 * The home page's questions and answers, as text: the page shows them, and the server writes them
 * into the page's structured data (FAQPage) for search engines. The contact answer's address is a
 * link on the page. A number in an answer is counted from the data (GET /_api/funds/stats); without
 * the counts the answers claim none.
 */
export const contactHref = SOCIAL_LINKS.find((link) => link.id === "email")?.href ?? "mailto:hello@fundmatch.example";
export const contactEmail = contactHref.replace(/^mailto:/, "");
const stageList = STAGES.map((stage) => stage.label).join(", ");

export type FaqItem = { id: string; question: string; answer: string };

export function faqItems(counts: DataCounts | undefined): readonly FaqItem[] {
  return [
    {
      id: "what",
      question: "What is FundMatch?",
      answer:
        "FundMatch is a venture capital fund matching service for startup founders. Instead of working through long investor lists by hand, you tell us your country, funding stage and industry, and we show you the funds that invest in companies like yours.",
    },
    {
      id: "matching",
      question: "How does the matching work?",
      answer:
        "We compare your search with each fund's headquarters country, the stages it invests at and its industry focus. Funds that fit are ranked by how closely they match, and every result lists the reasons it matched. Leave a filter on “Any” to widen the search.",
    },
    {
      id: "coverage",
      question: "How many funds do you cover, and in which countries and stages?",
      answer: `${counts ? `Our database covers ${fundsAndCountriesText(counts)} today; of them, ${coverageText(counts)}.` : "Our database covers venture capital funds across North America, Europe, Latin America, Africa, the Middle East and Asia-Pacific."} The Country list in the search shows every country we cover. Funds are tagged with the stages they invest at: ${stageList}.`,
    },
    {
      id: "plans",
      question: "What is the difference between Free and Premium?",
      answer: `Free lets you search as often as you like and shows your top 3 matches for every search. Premium costs ${formatUsd(PLANS.monthly.priceUsd)} per month (${formatUsd(PLANS.monthly.yearlyEquivalentUsd)} a year) and unlocks the full list of matches, advanced filtering, fund contact information and investment criteria, saved favourites and early access to new features. Lifetime is a one-time payment of ${formatUsd(PLANS.lifetime.priceUsd)} that includes everything in Premium for good, plus an Excel export of all funds.`,
    },
    {
      id: "cancel",
      question: "Can I cancel anytime?",
      answer:
        "Yes. You can cancel your monthly subscription at any time from your account. It stays active until the end of the current billing period and is not renewed after that; payments already made are not refunded. Lifetime access is a single payment, so there is nothing to cancel.",
    },
    {
      id: "freshness",
      question: "How up to date is the fund data?",
      answer:
        "Every fund shows when it was listed and, once a person has checked it, when it was reviewed. A fact with a public source shows that source and its date (the fact's own, or the day we read the source); a fact we have no public source for yet says so. We add funds and correct details that have changed, such as fund sizes, stages and focus areas, as we learn of them. If you spot something out of date, report it on the fund's page and we will review it.",
    },
    {
      id: "contact",
      question: "How can I contact you?",
      answer: `E-mail us at ${contactEmail}. You can also reach us in our community forum, on LinkedIn and on Telegram; the links are at the bottom of every page.`,
    },
  ];
}

/** schema.org FAQPage of the questions above, for the home page's head. */
export function faqJsonLd(counts: DataCounts | undefined): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqItems(counts).map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}
