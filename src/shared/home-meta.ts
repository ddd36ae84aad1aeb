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

/** The home page's head: a module of its own, so the home page's first load carries no other page's. */
export const HOME_META = {
  title: pageTitle("Find Your Perfect VC Match"),
  description:
    "FundMatch matches startup founders with venture capital funds by country, funding stage and industry focus. Search funds with dated, sourced data.",
  canonicalPath: "/",
  inSitemap: true,
} as const satisfies PageMeta;
