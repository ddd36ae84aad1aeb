import { HOME_META, type PageMeta } from "./home-meta.js";
import { pageTitle } from "./site.js";

export type { PageMeta } from "./home-meta.js";
export { REDIRECTS } from "./redirects.js";

/** The blog's RSS feed, linked from the head of every blog page. */
export const BLOG_FEED = { title: "FundMatch Blog", path: "/blog/rss.xml" } as const;

/**
 * Every fixed page's head. The home page's own entry is in home-meta.ts, so that the home page's
 * first load carries only its own head and not every page's.
 */
export const PAGE_META = {
  "/": HOME_META,
  "/login": {
    title: pageTitle("Log In"),
    description:
      "Log in to FundMatch or create a free account to save the venture capital funds that match your startup.",
    robots: "noindex",
    inSitemap: false,
  },
  "/terms": {
    title: pageTitle("Terms of Service"),
    description: "The terms that govern your use of FundMatch, including accounts, subscriptions and billing.",
    robots: "noindex",
    inSitemap: false,
  },
  "/privacy": {
    title: pageTitle("Privacy Policy"),
    description:
      "How FundMatch collects, uses, shares and protects your personal data, the cookies it uses, and your rights.",
    robots: "noindex, follow",
    canonicalPath: "/privacy",
    inSitemap: false,
  },
  "/blog": {
    title: pageTitle("Blog"),
    description:
      "Insights on venture capital, startup funding and industry trends: how funds invest, how to read their criteria, and how to raise your next round.",
    canonicalPath: "/blog",
    inSitemap: true,
    feeds: [BLOG_FEED],
  },
  "/subscribe": {
    title: pageTitle("Subscribe"),
    description:
      "Unlock every matching venture capital fund with FundMatch Premium at $9.99/month, or get Lifetime access with the Excel export for $149 once.",
    canonicalPath: "/subscribe",
    inSitemap: true,
  },
  "/match": {
    title: pageTitle("Match Your Startup to VC Funds"),
    description:
      "Describe your startup's stage, sectors, country and raise, and get the venture capital funds ranked by fit, with why each fits and what may not.",
    canonicalPath: "/match",
    inSitemap: true,
  },
  "/set-password": {
    title: pageTitle("Set Your Password"),
    description: "Choose a password for the FundMatch account created with your purchase.",
    robots: "noindex",
    inSitemap: false,
  },
  "/forgot-password": {
    title: pageTitle("Forgot Password"),
    description: "Get a link by e-mail to choose a new password for your FundMatch account.",
    robots: "noindex",
    inSitemap: false,
  },
  "/reset-password": {
    title: pageTitle("Choose a New Password"),
    description: "Choose a new password for your FundMatch account through the link we e-mailed you.",
    robots: "noindex",
    inSitemap: false,
  },
  "/claim/verify": {
    title: pageTitle("Join a Fund's Team"),
    description: "Confirm your claim of a fund's profile through the link we e-mailed to your work address.",
    robots: "noindex",
    inSitemap: false,
  },
  "/unsubscribe": {
    title: pageTitle("Unsubscribe"),
    description: "Stop one kind of optional e-mail from FundMatch through the link in its footer.",
    robots: "noindex",
    inSitemap: false,
  },
  // Signed-in pages: nothing for a crawler, but listed so that the server answers them with 200.
  "/profile": {
    title: pageTitle("My Profile"),
    description: "Your FundMatch profile, subscription and saved venture capital funds.",
    robots: "noindex",
    inSitemap: false,
  },
  "/account-settings": {
    title: pageTitle("Account Settings"),
    description: "Update your FundMatch profile and password, export your data, or deactivate or delete your account.",
    robots: "noindex",
    inSitemap: false,
  },
  "/admin/blog": {
    title: pageTitle("Blog Management"),
    description: "Create, edit, and manage all blog posts for your site.",
    robots: "noindex",
    inSitemap: false,
  },
  "/admin/import": {
    title: pageTitle("Import Funds"),
    description: "Upload a CSV or XLS file to add new funds to the database.",
    robots: "noindex",
    inSitemap: false,
  },
  "/admin/funds": {
    title: pageTitle("Fund Management"),
    description: "Search, correct and remove the funds founders can find.",
    robots: "noindex",
    inSitemap: false,
  },
  "/admin/users": {
    title: pageTitle("User Management"),
    description: "View, manage, and perform actions on all users in the system.",
    robots: "noindex",
    inSitemap: false,
  },
  "/admin/jobs": {
    title: pageTitle("Jobs"),
    description: "The scheduled jobs, their last runs and failures, and Run now.",
    robots: "noindex",
    inSitemap: false,
  },
  "/admin/data": {
    title: pageTitle("Fund Data"),
    description: "How complete and how fresh the fund data is, and what to review next.",
    robots: "noindex",
    inSitemap: false,
  },
  "/admin/pitch-reports": {
    title: pageTitle("Pitch Reports"),
    description: "Pitches a fund's team reported as spam.",
    robots: "noindex",
    inSitemap: false,
  },
  "/admin/claims": {
    title: pageTitle("Fund Claims"),
    description: "Claims to fund profiles to approve or refuse, and every fund's team.",
    robots: "noindex",
    inSitemap: false,
  },
  "/investor/funds": {
    title: pageTitle("My Funds"),
    description: "The funds whose profile you keep on FundMatch, as a member of their team.",
    robots: "noindex",
    inSitemap: false,
  },
  "/admin/fund-reports": {
    title: pageTitle("Fund Reports"),
    description: "Outdated fund information reported by users, to review and mark done.",
    robots: "noindex",
    inSitemap: false,
  },
} as const satisfies Record<string, PageMeta>;

export type PagePath = keyof typeof PAGE_META;

export const NOT_FOUND_META: PageMeta = {
  title: pageTitle("Page Not Found"),
  description: "This page does not exist. Search venture capital funds on FundMatch.",
  robots: "noindex",
  inSitemap: false,
};

/** The fund's own editor, /investor/funds/{id}: signed-in, rendered in the browser (issue 24). */
export const FUND_EDITOR_META: PageMeta = {
  title: pageTitle("Edit Your Fund"),
  description: "Keep your fund's profile on FundMatch up to date: size, cheques, thesis, portfolio and how to pitch.",
  robots: "noindex",
  inSitemap: false,
};

/** A fund's pitch inbox, /investor/funds/{id}/pitches: its team's, rendered in the browser (issue 39). */
export const PITCH_INBOX_META: PageMeta = {
  title: pageTitle("Pitches"),
  description: "The pitches founders sent your fund through FundMatch: read the decks and answer.",
  robots: "noindex",
  inSitemap: false,
};

/** An admin's view of a fund's history of changes, /admin/funds/{id}/history. */
export const FUND_HISTORY_META: PageMeta = {
  title: pageTitle("Fund History"),
  description: "Every change a fund's team made to its facts, with Revert.",
  robots: "noindex",
  inSitemap: false,
};

/** Pages whose path carries an id: answered 200 whatever the id (the page itself asks the API). */
const PAGE_PATTERNS: ReadonlyArray<readonly [RegExp, PageMeta]> = [
  [/^\/investor\/funds\/\d{1,10}$/, FUND_EDITOR_META],
  [/^\/investor\/funds\/\d{1,10}\/pitches$/, PITCH_INBOX_META],
  [/^\/admin\/funds\/\d{1,10}\/history$/, FUND_HISTORY_META],
];

export function pageMetaFor(pathname: string): PageMeta | undefined {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (Object.hasOwn(PAGE_META, normalised)) return PAGE_META[normalised as PagePath];
  return PAGE_PATTERNS.find(([pattern]) => pattern.test(normalised))?.[1];
}
