import { pageTitle } from "./site.js";

/**
 * Head of each public page: the server writes it into index.html so that crawlers without
 * JavaScript see it, and the client applies the same values on client-side navigation.
 */
export type PageMeta = {
  title: string;
  description: string;
  /** Robots directive; absent = indexable. */
  robots?: string;
  /** Path of the canonical URL, made absolute with PUBLIC_ORIGIN (or the request's origin). */
  canonicalPath?: string;
  /** Listed in /sitemap.xml. */
  inSitemap: boolean;
  /** Feeds the page links to in its head (the blog's RSS). */
  feeds?: ReadonlyArray<{ title: string; path: string }>;
};

/** The blog's RSS feed, linked from the head of every blog page. */
export const BLOG_FEED = { title: "FundMatch Blog", path: "/blog/rss.xml" } as const;

export const PAGE_META = {
  "/": {
    title: pageTitle("Find Your Perfect VC Match"),
    description:
      "FundMatch matches startup founders with venture capital funds by country, funding stage and industry focus. Search 600+ active funds with verified data, updated bi-weekly.",
    canonicalPath: "/",
    inSitemap: true,
  },
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
  "/set-password": {
    title: pageTitle("Set Your Password"),
    description: "Choose a password for the FundMatch account created with your purchase.",
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
  "/admin/users": {
    title: pageTitle("User Management"),
    description: "View, manage, and perform actions on all users in the system.",
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

/** Paths that are redirected permanently (server 301, client replace). */
export const REDIRECTS: Readonly<Record<string, string>> = {
  "/privacy-policy": "/privacy",
};

export function pageMetaFor(pathname: string): PageMeta | undefined {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return Object.hasOwn(PAGE_META, normalised) ? PAGE_META[normalised as PagePath] : undefined;
}
