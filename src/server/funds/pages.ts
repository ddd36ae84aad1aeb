import { faqJsonLd } from "../../shared/faq.js";
import { fundLocation, fundPageMeta, fundPath, parseFundPath } from "../../shared/fund-page.js";
import { HOME_META } from "../../shared/home-meta.js";
import { industryLabel } from "../../shared/industries.js";
import { NOT_FOUND_META } from "../../shared/page-meta.js";
import { isStageCode, sortStages } from "../../shared/stages.js";
import type { FundRow } from "../db/types.js";
import type { PageHead, PageResolution, PageResolver } from "../http/html-shell.js";
import type { SitemapEntry, SitemapSource } from "../site/seo.js";
import type { FundsService } from "./service.js";
import { fundStatsOf } from "./stats.js";

/** Heads kept per index: the page shell caches each head's HTML, so a head is built once per fund. */
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
  let cache: { version: number; heads: Map<number, PageHead> } = { version: -1, heads: new Map() };
  return async (pathname) => {
    const parsed = parseFundPath(pathname);
    if (!parsed) return undefined;
    const index = await service.current();
    const row = index.row(parsed.id);
    if (!row) return { status: 404, head: NOT_FOUND_META };
    const canonical = fundPath(row);
    if (pathname !== canonical) return { status: 301, location: canonical };
    if (cache.version !== index.version) cache = { version: index.version, heads: new Map() };
    let head = cache.heads.get(row.id);
    if (!head) {
      head = fundPageHead(row);
      if (cache.heads.size >= MAX_CACHED_HEADS) cache.heads.delete(cache.heads.keys().next().value as number);
      cache.heads.set(row.id, head);
    }
    return { status: 200, head };
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
  return async (pathname) => {
    if (pathname !== "/") return undefined;
    const index = await service.current();
    if (cache?.version !== index.version) {
      const stats = fundStatsOf(index);
      cache = {
        version: index.version,
        resolution: { status: 200, head: { ...HOME_META, jsonLd: () => faqJsonLd(stats) } },
      };
    }
    return cache.resolution;
  };
};
