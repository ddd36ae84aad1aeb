import { formatFundSize, UNDISCLOSED } from "./fund-size.js";
import { industryLabel } from "./industries.js";
import { pageTitle } from "./site.js";
import { stageLabel } from "./stages.js";
import { cutText } from "./text-cut.js";

/**
 * A fund's page: its path (/funds/{id}-{slug}), its head (title, description, canonical path, the
 * same on the server and after client-side navigation) and the freshness line every fund shows.
 * Zod-free: the fund cards in the search results import it.
 */

const SLUG_MAX = 80;

/** The name as a URL slug: accents stripped, lower case, runs of anything else turned to one hyphen. */
export function fundSlug(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
  // A name in another script (or of symbols only) still gets a readable path.
  return slug || "fund";
}

/** The canonical path of a fund's page. */
export function fundPath(fund: { id: number; name: string }): string {
  return `/funds/${fund.id}-${fundSlug(fund.name)}`;
}

/** Paths the fund pages own: /funds/{digits}, optionally -{anything}, optionally a trailing slash. */
const FUND_PATH = /^\/funds\/(\d{1,12})(?:-([^/]*))?\/?$/;

/**
 * The fund id and slug a path names, or null when the path is not a fund page's. A number beyond
 * the id range comes back as id 0, which names no fund (a 404, not another page's path).
 */
export function parseFundPath(pathname: string): { id: number; slug: string | undefined } | null {
  const match = FUND_PATH.exec(pathname);
  if (!match?.[1]) return null;
  const id = Number(match[1]);
  if (!Number.isSafeInteger(id) || id < 1) return { id: 0, slug: match[2] };
  return { id, slug: match[2] };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** '2026-11-21' → 'Nov 2026'; undefined for anything that is not a YYYY-MM-DD date. */
export function reviewedMonth(date: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-\d{2}$/.exec(date);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${month} ${match[1]}` : undefined;
}

/** How a card and a page name the curated list as a record's origin. */
export const CURATED_LIST_NAME = "FundMatch's curated list";

/**
 * The freshness line of a card and a fund page: 'Reviewed Nov 2026 · techcrunch.com' once a person
 * reviewed the fund, else when it was listed ('Listed Dec 2026 · FundMatch's curated list · not
 * reviewed yet'): a seeded record is never called reviewed (issue 36).
 */
export function reviewedText(
  fund: { lastReviewed: string | null; listedOn: string; source: string },
  /** False where a line next to it already names the record's origin (a card's unsourced facts). */
  withOrigin = true,
): string {
  const origin = fund.source === "curated" ? CURATED_LIST_NAME : fund.source;
  const reviewed = fund.lastReviewed ? reviewedMonth(fund.lastReviewed) : undefined;
  const listed = reviewedMonth(fund.listedOn);
  if (!withOrigin && (reviewed || listed))
    return reviewed ? `Reviewed ${reviewed}` : `Listed ${listed} · not reviewed yet`;
  if (reviewed) return `Reviewed ${reviewed} · ${origin}`;
  return listed ? `Listed ${listed} · ${origin} · not reviewed yet` : `Source: ${origin}`;
}

/** The public fields a fund page's head is made from (never a premium one: the head is sent to everyone). */
export type FundHeadFields = {
  id: number;
  name: string;
  city: string | null;
  country: string;
  fundingStages: readonly string[];
  industryFocus: readonly string[];
  fundSize: number | null;
  currency: string | null;
  description: string | null;
};

const DESCRIPTION_MAX = 160;

function listText(items: readonly string[], max: number): string {
  const shown = items.slice(0, max);
  return items.length > max ? `${shown.join(", ")} and more` : shown.join(", ");
}

export function fundLocation(fund: { city: string | null; country: string }): string {
  return [fund.city, fund.country].filter(Boolean).join(", ");
}

/**
 * The page's title, description and canonical path: '{name}: venture capital fund in {place}',
 * and a description that says where it invests and in what, from the fund's own sentence when it
 * has one.
 */
export function fundPageMeta(fund: FundHeadFields): { title: string; description: string; canonicalPath: string } {
  const place = fundLocation(fund);
  const stages = listText(fund.fundingStages.map(stageLabel), 3);
  const industries = listText(fund.industryFocus.map(industryLabel), 3);
  const size = formatFundSize(fund.fundSize, fund.currency);
  // Stages or industries that are not disclosed are left out of the sentence, never guessed.
  const invests = stages
    ? `Invests at ${stages}${industries ? ` in ${industries}` : ""}.`
    : industries
      ? `Invests in ${industries}.`
      : "";
  const facts = [invests, size === UNDISCLOSED ? "" : `Fund size ${size}.`].filter(Boolean).join(" ");
  const lead = fund.description ?? `${fund.name}, based in ${place}.`;
  const description = facts ? `${lead} ${facts}` : lead;
  return {
    title: pageTitle(`${fund.name}: VC fund in ${fund.country}`),
    description: cutText(description, DESCRIPTION_MAX, { trim: /[\s,.;:]+$/ }),
    canonicalPath: fundPath(fund),
  };
}
