/**
 * Whether a fund's own words say it backs startups across sectors (issue 37). A fund's industry
 * list is sometimes its examples, not its limits: "Lagos-based seed investor backing technology
 * startups across Africa" lists fintech, SaaS and marketplaces, yet a Nigerian digital-health
 * company is squarely what it backs. Read as a specialist elsewhere, such a fund fell to the
 * bottom of the shortlist with its fit halved.
 *
 * Two readings:
 * - `all`: the words say so outright: "across sectors", "sector-agnostic", "across all technology
 *   sectors", "industry-agnostic", "any sector".
 * - `technology`: the fund backs "technology startups" (or companies, founders…) with nothing but a
 *   stage or a place before it: "early-stage technology startups", "African tech startups",
 *   "Nordic and Baltic technology companies". A sector word before it ("healthcare and technology
 *   companies", "B2B technology startups", "deep tech startups", "food technology startups") makes
 *   it that sector's, and "software companies" is a kind of company, not every kind: neither is read.
 *   Drug development (biotech, therapeutics) is not what a technology investor means by it.
 *
 * A vocabulary, not a language model: it errs towards reading nothing (a fund read as nothing keeps
 * its listed sectors, as before). Zod-free and pure.
 */
import type { IndustryCode } from "./industries.js";
import { fold, readStatedGeography } from "./stated-geography.js";

export type SectorBreadth = "all" | "technology";

const ALL_SECTORS = [
  /\bacross (?:all )?(?:technology |tech )?(?:sectors|industries|verticals)\b/,
  /\b(?:sector|industry|vertical)[- ]agnostic\b/,
  /\b(?:any|every|all) (?:technology |tech )?(?:sector|sectors|industry|industries)\b/,
];

/** "technology startups" and its kin: the words before it decide whether it is every kind of technology. */
const TECHNOLOGY_COMPANIES =
  /((?:[\w'.&-]+ ){0,5})(?<![\w-])(?:tech|technology|technology-enabled|tech-enabled|internet|digital) (?:startups|start-ups|companies|founders|entrepreneurs|businesses|ventures|teams)\b/g;

/** Words that end the noun phrase before "technology startups": a verb, a preposition, a clause. */
const PHRASE_START = new Set(
  (
    "in into on to for at with from backing backs back invests invest investing investment investments " +
    "investor investors fund funds financing finances supports support supporting helps helping partners " +
    "partnering targets targeting focused focuses focusing leads leading writes writing serves serving " +
    "builds building"
  ).split(" "),
);

/** Words that leave "technology startups" about every technology: stages, sizes, kinds of founder, places. */
const NEUTRAL = new Set(
  (
    "and or the a an its their early early-stage seed seed-stage pre-seed first young new emerging promising " +
    "ambitious innovative high-growth fast-growing high-potential growth-stage growth-oriented early-growth " +
    "later-stage late-stage venture-backed capital-efficient female-founded women-led diverse underrepresented " +
    "local regional ambitious exceptional outstanding great top best bold visionary category-defining " +
    "series a b c stage and/or place"
  ).split(" "),
);

/** The words with every place in them ("New Zealand", "Israel-linked", "US") as the one word "place". */
function withoutPlaces(words: string): string {
  let out = ` ${words} `;
  for (const phrase of readStatedGeography(words).phrases) out = out.replaceAll(fold(phrase.text), " place ");
  return out
    .replace(/\bplace-(?:founded|linked|based|born|rooted|connected)\b/g, "place")
    .replace(/ (?:us|u\.s\.|usa) /g, " place ");
}

/** What the words say about the breadth of the fund's sectors; undefined when they say nothing of it. */
export function readSectorBreadth(text: string | null | undefined): SectorBreadth | undefined {
  if (!text) return undefined;
  const folded = fold(text);
  if (ALL_SECTORS.some((rule) => rule.test(folded))) return "all";
  for (const clause of folded.split(/[,;:()]|\.(?:\s|$)/)) {
    for (const match of clause.matchAll(TECHNOLOGY_COMPANIES)) {
      const before = withoutPlaces(match[1] ?? "")
        .trim()
        .split(/\s+/)
        .filter(Boolean);
      // Walk back from "technology" to where the noun phrase starts; every word on the way must be neutral.
      let neutral = true;
      for (let index = before.length - 1; index >= 0; index -= 1) {
        const word = before[index] as string;
        if (PHRASE_START.has(word)) break;
        if (NEUTRAL.has(word)) continue;
        neutral = false;
        break;
      }
      if (neutral) return "technology";
    }
  }
  return undefined;
}

/** Sectors a technology investor does not mean by "technology startups": drug development. */
const OUTSIDE_TECHNOLOGY: ReadonlySet<IndustryCode> = new Set(["biotech", "therapeutics"]);

/** Whether a fund of this breadth backs a startup in this sector. */
export function breadthCovers(breadth: SectorBreadth | undefined, sector: IndustryCode): boolean {
  if (breadth === "all") return true;
  if (breadth === "technology") return !OUTSIDE_TECHNOLOGY.has(sector);
  return false;
}
