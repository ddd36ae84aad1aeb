/**
 * The provenance of a fund's facts: which facts can carry a source and a date, the kinds of a
 * money fact, and how a fact's date reads. Zod-free: the fund page imports it.
 */
import { factYear, isOldFundSize, olderFundText } from "./fact-age.js";
import { formatFundSize, UNDISCLOSED } from "./fund-size.js";
import { countOf } from "./inflect.js";
import { publicationName } from "./source-address.js";

/**
 * The facts that carry provenance, by their names in a fund result. `aum` is the firm's assets
 * under management: never a fund size.
 */
export const FACT_FIELDS = [
  "fundSize",
  "aum",
  "checkSizeMinUsd",
  "checkSizeMaxUsd",
  "leadsRounds",
  "website",
  "portfolio",
  "fundingStages",
  "industryFocus",
  "sectorAgnostic",
  // Facts a fund's team keeps through its editor (issue 24).
  "vehicleName",
  "description",
  "investingStatus",
  "pitchRoute",
  // A sourced report that the firm no longer raises or invests (issue 36), apart from the team's own word.
  "status",
] as const;
export type FactField = (typeof FACT_FIELDS)[number];

/**
 * Whether a firm still invests, as a source reports it (an admin's or an import's sourced fact,
 * issue 36): it winds down, it does not raise a new fund (investing only from a parent's balance
 * sheet, say), or it stopped new investments. Absent: no source says so. The fund's team's own
 * "investing / paused" (`investingStatus`) is a separate fact.
 */
export const FUND_STATUSES = ["winding_down", "not_raising", "paused"] as const;
export type FundStatus = (typeof FUND_STATUSES)[number];

export const FUND_STATUS_LABELS: Readonly<Record<FundStatus, string>> = {
  winding_down: "Winding down",
  not_raising: "Not raising a new fund",
  paused: "New investments paused",
};

/** The statuses that keep a fund out of any top 10 of the search and the match: ranked after every other fund. */
export const DEMOTING_STATUSES: ReadonlySet<string> = new Set<FundStatus>(["winding_down", "not_raising"]);

export function isFundStatus(value: unknown): value is FundStatus {
  return typeof value === "string" && (FUND_STATUSES as readonly string[]).includes(value);
}

/** A fact whose provenance only a subscriber sees, like the fact itself (the premium fields). */
export const PREMIUM_FACT_FIELDS: ReadonlySet<FactField> = new Set<FactField>([
  "checkSizeMinUsd",
  "checkSizeMaxUsd",
  "leadsRounds",
  "website",
  "portfolio",
  // Shown to subscribers next to the website (issue 24).
  "pitchRoute",
]);

/** Who recorded a fact: its named source (shipped data, an import), an admin, or the fund's own team. */
export const FACT_ORIGINS = ["source", "admin", "fund_team"] as const;
export type FactOrigin = (typeof FACT_ORIGINS)[number];

/** The source name a fact from the fund's team carries ("Updated by the fund's team · Nov 2026"). */
export const FUND_TEAM_SOURCE = "the fund's team";

export const MONEY_FACT_KINDS = ["final_close", "first_close", "target", "aum", "typical", "stated"] as const;
export type FactKind = (typeof MONEY_FACT_KINDS)[number];

/** How the fund page names a money fact's kind ("$217M · final close Oct 2023"). */
export const FACT_KIND_LABELS: Readonly<Record<FactKind, string>> = {
  final_close: "final close",
  first_close: "first close",
  target: "target",
  aum: "assets under management",
  typical: "typical",
  stated: "stated",
};

/** YYYY, YYYY-MM or YYYY-MM-DD. */
export const AS_OF_PATTERN = /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/;

/**
 * The facts `factsKnown` counts: the informative ones a founder decides on, each counted once
 * (a cheque range counts when either end is known). Stages and industries are left out: every fund
 * has them.
 */
export const INFORMATIVE_FACTS = [
  "fundSize",
  "chequeRange",
  "leadsRounds",
  "website",
  "portfolio",
  "sectorAgnostic",
  "linkedin",
  "fundManager",
] as const;

export type InformativeFact = (typeof INFORMATIVE_FACTS)[number];

/** M in "N of M facts known": how many informative facts a fund can have. */
export const INFORMATIVE_FACTS_TOTAL = INFORMATIVE_FACTS.length;

/** "6 of 8 facts known", from a result's `factsKnown`. */
export function factsKnownText(factsKnown: number): string {
  return `${factsKnown} of ${INFORMATIVE_FACTS_TOTAL} facts known`;
}

/**
 * Which premium facts a fund has, without their values: what a viewer without Premium is told,
 * so that the locked preview names only what unlocking would really show. The number of portfolio
 * companies is public; their names are not.
 */
export type PremiumFactFlags = {
  hasWebsite: boolean;
  hasLinkedin: boolean;
  hasFundManager: boolean;
  hasCheckSize: boolean;
  hasRoundRole: boolean;
  portfolioCount: number;
  /** The fund's team says how it wants to be pitched (issue 24). */
  hasPitchRoute: boolean;
};

/** The locked preview's list: "Website", "Cheque size", "3 portfolio companies"; empty when the fund has none. */
export function premiumFactLabels(facts: PremiumFactFlags): string[] {
  const labels: string[] = [];
  if (facts.hasWebsite) labels.push("Website");
  if (facts.hasLinkedin) labels.push("LinkedIn");
  if (facts.hasFundManager) labels.push("Fund manager");
  if (facts.hasCheckSize) labels.push("Cheque size");
  if (facts.hasRoundRole) labels.push("Leads or follows");
  if (facts.hasPitchRoute) labels.push("How to pitch");
  if (facts.portfolioCount > 0) labels.push(countOf(facts.portfolioCount, "portfolio company", "portfolio companies"));
  return labels;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** '2023' → '2023', '2023-10' → 'Oct 2023', '2023-10-05' → '5 Oct 2023'. */
export function formatAsOf(asOf: string): string {
  const [year, month, day] = asOf.split("-");
  const monthName = month ? MONTHS[Number(month) - 1] : undefined;
  if (!monthName) return year ?? asOf;
  return day ? `${Number(day)} ${monthName} ${year}` : `${monthName} ${year}`;
}

/**
 * A date as a sortable key: the missing parts count as earliest ('2023' < '2023-01' < '2023-01-01'),
 * so that a fact with a finer date of the same period counts as the newer one; no date sorts first.
 */
export function asOfKey(asOf: string | null | undefined): string {
  if (!asOf) return "";
  const [year = "", month = "00", day = "00"] = asOf.split("-");
  return `${year}-${month}-${day}`;
}

/** '≈ $330M' for an amount in another currency than USD; null for USD or a currency without a rate. */
export function usdEquivalentText(
  amount: number,
  currency: string | null | undefined,
  usdPerUnit: Readonly<Record<string, number>>,
): string | null {
  const code = (currency ?? "USD").toUpperCase();
  const rate = Object.hasOwn(usdPerUnit, code) ? usdPerUnit[code] : undefined;
  return code === "USD" || rate === undefined ? null : `≈ ${formatFundSize(amount * rate, "USD")}`;
}

/**
 * The one wording for a fact whose value is unknown, everywhere a fact is shown (the fund page, the
 * cards, the exports): never "Unknown", "—" or a blank that reads like zero.
 */
export const NOT_DISCLOSED = UNDISCLOSED;

/** What a fact's source line is made of: a provenance entry of the fund answer (or the fund size's, on a result). */
export type FactSourceFields = {
  sourceName: string;
  sourceUrl: string | null;
  asOf: string | null;
  retrievedOn: string | null;
  kind?: string | null;
  /** The day the fact was recorded here: the date of a fact that has neither of the other two (an admin's word). */
  recordedOn?: string | null;
};

/**
 * The publication a fact comes from, as a founder recognises it: the host of its address without
 * "www." ("techcrunch.com"), else the name its source was recorded under.
 */
export function factPublication(fact: Pick<FactSourceFields, "sourceName" | "sourceUrl">): string {
  // One helper names a publication everywhere (the pages, the exports, /admin/data's hosts).
  const name = fact.sourceUrl ? publicationName(fact.sourceUrl) : undefined;
  if (name && name !== fact.sourceUrl) return name;
  return fact.sourceName.trim().replace(/^www\./i, "") || fact.sourceName;
}

/**
 * A fact's date as shown: its own date, with what it is when known ("Fund III, final close Mar 2024",
 * "final close Mar 2024", "Mar 2024"), else the day its source was read ("source read 7 Dec 2026"),
 * else the day it was recorded here ("recorded 7 Dec 2026"); undefined without any date.
 */
export function factDateText(fact: FactSourceFields, vehicleName?: string | null): string | undefined {
  if (fact.asOf) {
    const what = [vehicleName?.trim(), fact.kind ? factKindLabel(fact.kind) : undefined].filter(Boolean).join(", ");
    return what ? `${what} ${formatAsOf(fact.asOf)}` : formatAsOf(fact.asOf);
  }
  if (fact.retrievedOn) return `source read ${formatAsOf(fact.retrievedOn)}`;
  if (fact.recordedOn) return `recorded ${formatAsOf(fact.recordedOn)}`;
  return undefined;
}

/**
 * The whole source line of a sourced fact, as it reads on screen and to a screen reader alike:
 * "techcrunch.com · final close Mar 2024". The publication is the link where the fact has an address.
 */
export function factSourceText(fact: FactSourceFields, vehicleName?: string | null): string {
  const date = factDateText(fact, vehicleName);
  return date ? `${factPublication(fact)} · ${date}` : factPublication(fact);
}

/**
 * What a fact without a public source says of itself: from the curated list (with the month the list
 * stated it), "from FundMatch's curated list, Nov 2026; no public source yet"; any other record's
 * fact only that it has no public source yet.
 */
export function unsourcedFactText(fund: { source: string; curatedOn: string | null }): string {
  if (fund.source !== "curated") return "no public source yet";
  const month =
    fund.curatedOn && /^\d{4}-\d{2}/.test(fund.curatedOn) ? formatAsOf(fund.curatedOn.slice(0, 7)) : undefined;
  return month
    ? `from FundMatch's curated list, ${month}; no public source yet`
    : "from FundMatch's curated list; no public source yet";
}

/**
 * "older fund (2011)" next to a fund size whose own date is more than six years old (the rule is
 * isOldFundSize in fact-age.ts, the one the match and /admin/data count by); undefined for any other.
 */
export function oldFundSizeLabel(asOf: string | null | undefined, today: Date): string | undefined {
  const year = factYear(asOf);
  return year !== null && isOldFundSize(asOf, today) ? olderFundText(year) : undefined;
}

/** How a fund page and a card say that a fund states it invests across sectors. */
export const SECTOR_AGNOSTIC_LABEL = "Invests across sectors";

/** What a card and a page say where a fund's industries or stages are unknown: never a guess, never hidden. */
export const INDUSTRIES_NOT_DISCLOSED = "Industries not disclosed";
export const STAGES_NOT_DISCLOSED = "Stages not disclosed";

/** The kinds a fact's line names: a fund size's close or target (a cheque range's "typical" goes without saying). */
export function factKindLabel(kind: string): string | undefined {
  return kind === "final_close" || kind === "first_close" || kind === "target" ? FACT_KIND_LABELS[kind] : undefined;
}

/** "Fund size", or what kind of size it is when that is not a closed fund: a target or a first close. */
export function fundSizeLabel(kind: string | null | undefined): string {
  return kind === "target" ? "Fund size (target)" : kind === "first_close" ? "Fund size (first close)" : "Fund size";
}
