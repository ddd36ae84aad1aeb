import { faqJsonLd } from "../../shared/faq.js";
import { fundLocation, fundPageMeta, fundPath, parseFundPath } from "../../shared/fund-page.js";
import { HOME_META } from "../../shared/home-meta.js";
import { industryLabel } from "../../shared/industries.js";
import { NOT_FOUND_META } from "../../shared/page-meta.js";
import { isStageCode, sortStages } from "../../shared/stages.js";
import type { FundRow } from "../db/types.js";
import { whenReady } from "../db/versioned-snapshot.js";
import type { PageHead, PageResolution, PageResolver } from "../http/html-shell.js";
import type { SitemapEntry, SitemapSource } from "../site/seo.js";
import type { FundSearchIndex } from "./search/fund-search-index.js";
import type { FundsService } from "./service.js";
import { fundStatsOf } from "./stats.js";

/** Fund pages (path and head) kept per index: the page shell caches each head's HTML, so a head is built once per fund. */
const MAX_CACHED_HEADS = 5_000;

/**
 * A fund page's head. Only public fields go in: the head reaches every visitor and crawler, so the
 * premium ones (website, LinkedIn, fund manager, cheque size, leads rounds) stay out, the
 * structured data's `url` included (it is the fund page, not the fund's site).
 */
export function fundPageHead(row: FundRow): PageHead {
  const stages = sortStages(row.fundingStages.filter(isStageCode));
  const meta = fundPageMeta({ ...row, fundingStages: stages });
  return {
    ...meta,
    card: { type: "website", modifiedTime: row.updatedAt },
    jsonLd: (origin) => {
      const address: Record<string, string> = {
        "@type": "PostalAddress",
        addressCountry: row.countryCode ?? row.country,
      };
      if (row.city) address.addressLocality = row.city;
      return {
        "@context": "https://schema.org",
        "@type": "Organization",
        name: row.name,
        url: origin + meta.canonicalPath,
        description: row.description ?? meta.description,
        ...(row.foundedYear ? { foundingDate: String(row.foundedYear) } : {}),
        address,
        areaServed: fundLocation(row),
        knowsAbout: row.industryFocus.map(industryLabel),
      };
    },
  };
}

/**
 * The head of /funds/{id}-{slug}: 200 with the fund's head; a 301 to the canonical path when the
 * slug is missing or not the fund's (a renamed fund keeps its links); 404 with the Not Found head
 * for an id that names no fund.
 */
export const fundPageResolver = (service: FundsService): PageResolver => {
  // Per fund, its canonical path (a slug is a Unicode normalisation and five replacements) and its
  // head, both made once per version of the funds rather than on every request for the page.
  type FundPage = { canonical: string; head: PageHead };
  let cache: { version: number; pages: Map<number, FundPage> } = { version: -1, pages: new Map() };
  const resolve = (pathname: string, id: number, index: FundSearchIndex): PageResolution => {
    const row = index.row(id);
    if (!row) return { status: 404, head: NOT_FOUND_META };
    if (cache.version !== index.version) cache = { version: index.version, pages: new Map() };
    let page = cache.pages.get(row.id);
    if (!page) {
      page = { canonical: fundPath(row), head: fundPageHead(row) };
      if (cache.pages.size >= MAX_CACHED_HEADS) cache.pages.delete(cache.pages.keys().next().value as number);
      cache.pages.set(row.id, page);
    }
    if (pathname !== page.canonical) return { status: 301, location: page.canonical };
    return { status: 200, head: page.head };
  };
  // Not async: a path that is not a fund page's is answered at once, and a fund page's without a
  // promise while the index is current.
  return (pathname) => {
    const parsed = parseFundPath(pathname);
    if (!parsed) return undefined;
    return whenReady(service.now(), (index) => resolve(pathname, parsed.id, index));
  };
};

/**
 * Every fund page in the sitemap, with the day its record last changed; built once per version of
 * the funds (100,000 slugs take a while, and anyone may ask for the sitemap).
 */
export const fundSitemapSource = (service: FundsService): SitemapSource => {
  let cache: { version: number; entries: SitemapEntry[] } | undefined;
  return async () => {
    const index = await service.current();
    if (cache?.version !== index.version) {
      cache = {
        version: index.version,
        entries: index.rows().map((row) => ({ path: fundPath(row), lastModified: row.updatedAt })),
      };
    }
    return cache.entries;
  };
};

/**
 * The home page's head: its questions and answers as structured data (FAQPage), with the counts
 * the page itself shows (the same answers, from the same index), built once per data version.
 */
export const homePageResolver = (service: FundsService): PageResolver => {
  let cache: { version: number; resolution: PageResolution } | undefined;
  const resolve = (index: FundSearchIndex): PageResolution => {
    if (cache?.version !== index.version) {
      const stats = fundStatsOf(index);
      cache = {
        version: index.version,
        resolution: { status: 200, head: { ...HOME_META, jsonLd: () => faqJsonLd(stats) } },
      };
    }
    return cache.resolution;
  };
  // Not async: every other page path passes through this resolver first and is answered at once.
  return (pathname) => {
    if (pathname !== "/") return undefined;
    return whenReady(service.now(), resolve);
  };
};
