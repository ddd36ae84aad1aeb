/**
 * A fund's stated investment geography, read from its own words (issue 37): "backs Israeli
 * founders", "invests across Francophone Africa", "Nordic and Baltic startups", "CEE", "invests
 * globally". The match ranks the same country first, then a fund whose stated geography covers the
 * startup, then the same sub-region (src/shared/sub-regions.ts), then the same region, then
 * elsewhere; a fund whose stated geography clearly lies elsewhere carries a concern naming it.
 *
 * The reader is a vocabulary, not a language model: names of countries (Intl's English names and
 * the demonyms descriptions use), startup cities, sub-regions and regions, each mapped to ISO
 * country codes. A description that names none states nothing (never read as "anywhere"). A
 * "global" reading needs an investing phrase ("invests globally", "around the world"): "building
 * global companies" is the startups' ambition, not the fund's reach. Zod-free and pure.
 */
import { REGION_CODES, type RegionCode } from "./regions.js";
import {
  countriesOfSubRegion,
  REGION_OF_SUB_REGION,
  SUB_REGION_CODES,
  type SubRegionCode,
  subRegionOfCountryCode,
} from "./sub-regions.js";

export type StatedGeography = {
  /** The fund says it invests anywhere. */
  global: boolean;
  /** ISO 3166-1 alpha-2 codes of every country the words cover (regions and sub-regions expanded). */
  countries: ReadonlySet<string>;
  /** The words as the fund used them, in the order read ("Israeli", "Francophone Africa"), for reasons. */
  named: readonly string[];
  /** Each word as written with the countries it covers, in the order read. */
  phrases: ReadonlyArray<{ text: string; countries: readonly string[] }>;
  /**
   * Countries the words name only as an exception ("with selective deals elsewhere in Africa",
   * "occasionally in Europe"): the fund may invest there, but its stated geography is the rest.
   */
  occasional: ReadonlySet<string>;
};

const NONE: StatedGeography = { global: false, countries: new Set(), named: [], phrases: [], occasional: new Set() };

/**
 * Words that make what follows them, up to the end of the clause, an exception to the stated
 * geography: "selective deals elsewhere in Africa", "occasionally in the US", "opportunistically".
 */
const OCCASIONAL_CUE =
  /\b(?:selective(?:ly)?|occasional(?:ly)?|opportunistic(?:ally)?|on occasion|from time to time|a few deals|some deals)\b[^.;]*/g;

/** Every country of a region, through the sub-region table. */
function countriesOfRegion(region: RegionCode): string[] {
  return SUB_REGION_CODES.filter((sub) => REGION_OF_SUB_REGION[sub] === region).flatMap((sub) => [
    ...countriesOfSubRegion(sub),
  ]);
}

const subs = (...codes: SubRegionCode[]) => codes.flatMap((code) => [...countriesOfSubRegion(code)]);
const list = (codes: string) => codes.split(" ");

const FRANCOPHONE_AFRICA = list("SN CI CM BJ TG BF ML NE GN CD CG GA TD CF MG DJ KM BI RW");
const ANGLOPHONE_AFRICA = list("NG GH KE UG TZ RW ZA ZM ZW BW NA MW SL LR GM SS");

/**
 * Phrases (lower case, matched on word boundaries, longest first) and the countries they cover.
 * Regions, sub-regions and the phrases descriptions use for them; then demonyms and cities.
 */
const PHRASES: ReadonlyArray<readonly [string, readonly string[]]> = [
  // Regions.
  ["pan-european", countriesOfRegion("europe")],
  ["europe", countriesOfRegion("europe")],
  ["european", countriesOfRegion("europe")],
  ["latin america", countriesOfRegion("latin_america")],
  ["latin american", countriesOfRegion("latin_america")],
  ["latam", countriesOfRegion("latin_america")],
  ["spanish-speaking latin america", countriesOfRegion("latin_america").filter((code) => code !== "BR")],
  ["north america", countriesOfRegion("north_america")],
  ["north american", countriesOfRegion("north_america")],
  ["asia-pacific", countriesOfRegion("asia_pacific")],
  ["asia pacific", countriesOfRegion("asia_pacific")],
  ["apac", countriesOfRegion("asia_pacific")],
  ["asia", countriesOfRegion("asia_pacific")],
  ["asian", countriesOfRegion("asia_pacific")],
  ["africa", subs("north_africa", "west_africa", "central_africa", "east_africa", "southern_africa")],
  ["african", subs("north_africa", "west_africa", "central_africa", "east_africa", "southern_africa")],
  ["pan-african", subs("north_africa", "west_africa", "central_africa", "east_africa", "southern_africa")],
  ["sub-saharan africa", subs("west_africa", "central_africa", "east_africa", "southern_africa")],
  ["middle east and north africa", subs("gulf", "levant", "north_africa")],
  ["mena", subs("gulf", "levant", "north_africa")],
  ["middle east", subs("gulf", "levant")],
  // As development finance uses the words (IFC, MSCI's emerging-markets list): Africa, Latin America,
  // the Middle East, South and Southeast Asia.
  [
    "emerging markets",
    [
      ...subs("north_africa", "west_africa", "central_africa", "east_africa", "southern_africa", "gulf", "levant"),
      ...countriesOfRegion("latin_america"),
      ...subs("south_asia", "southeast_asia"),
    ],
  ],
  ["middle eastern", subs("gulf", "levant")],
  // Sub-regions.
  ["gcc", subs("gulf")],
  ["gulf", subs("gulf")],
  ["levant", subs("levant")],
  ["nordic", subs("nordics")],
  ["nordics", subs("nordics")],
  ["scandinavia", list("SE NO DK")],
  ["scandinavian", list("SE NO DK")],
  ["baltic", list("EE LV LT")],
  ["baltics", list("EE LV LT")],
  ["dach", subs("dach")],
  ["german-speaking", list("DE AT CH LI")],
  ["benelux", subs("benelux")],
  ["cee", subs("cee")],
  ["central and eastern europe", subs("cee")],
  ["central & eastern europe", subs("cee")],
  ["eastern europe", subs("cee")],
  ["central europe", list("PL CZ SK HU SI AT DE CH")],
  ["southeast europe", list("BG RO HR SI RS BA ME MK AL XK GR")],
  ["south-east europe", list("BG RO HR SI RS BA ME MK AL XK GR")],
  ["balkans", list("BG RO HR SI RS BA ME MK AL XK GR")],
  ["southern europe", subs("southern_europe")],
  ["iberia", list("ES PT")],
  ["iberian", list("ES PT")],
  ["southeast asia", subs("southeast_asia")],
  ["south-east asia", subs("southeast_asia")],
  ["southeast asian", subs("southeast_asia")],
  ["asean", subs("southeast_asia")],
  ["south asia", subs("south_asia")],
  ["south asian", subs("south_asia")],
  ["east asia", subs("east_asia")],
  ["greater china", list("CN HK MO TW")],
  ["west africa", subs("west_africa")],
  ["west african", subs("west_africa")],
  ["east africa", subs("east_africa")],
  ["east african", subs("east_africa")],
  ["north africa", subs("north_africa")],
  ["north african", subs("north_africa")],
  ["maghreb", list("MA DZ TN LY MR")],
  ["southern africa", subs("southern_africa")],
  ["central africa", subs("central_africa")],
  ["francophone africa", FRANCOPHONE_AFRICA],
  ["french-speaking africa", FRANCOPHONE_AFRICA],
  ["anglophone africa", ANGLOPHONE_AFRICA],
  ["oceania", subs("oceania")],
  ["australia and new zealand", list("AU NZ")],
  ["australian and new zealand", list("AU NZ")],
  ["central america", list("GT BZ SV HN NI CR PA")],
  ["caribbean", subs("caribbean")],
  ["andean", subs("andean")],
  ["southern cone", subs("southern_cone")],
  ["uk and ireland", list("GB IE")],
  // Countries whose English names in Intl are longer than what people write.
  ["hong kong", ["HK"]],
  ["macau", ["MO"]],
  ["macao", ["MO"]],
  ["korea", ["KR"]],
  ["south korea", ["KR"]],
  ["czech republic", ["CZ"]],
  ["czechia", ["CZ"]],
  ["the netherlands", ["NL"]],
  // Demonyms descriptions use (the country names themselves come from Intl below).
  ["american", ["US"]],
  ["u.s.", ["US"]],
  ["us-based", ["US"]],
  ["canadian", ["CA"]],
  ["mexican", ["MX"]],
  ["brazilian", ["BR"]],
  ["argentine", ["AR"]],
  ["argentinian", ["AR"]],
  ["chilean", ["CL"]],
  ["colombian", ["CO"]],
  ["peruvian", ["PE"]],
  ["uruguayan", ["UY"]],
  ["british", ["GB"]],
  ["uk", ["GB"]],
  ["england", ["GB"]],
  ["scotland", ["GB"]],
  ["scottish", ["GB"]],
  ["wales", ["GB"]],
  ["welsh", ["GB"]],
  ["irish", ["IE"]],
  ["french", ["FR"]],
  ["german", ["DE"]],
  ["austrian", ["AT"]],
  ["swiss", ["CH"]],
  ["dutch", ["NL"]],
  ["belgian", ["BE"]],
  ["luxembourgish", ["LU"]],
  ["swedish", ["SE"]],
  ["norwegian", ["NO"]],
  ["danish", ["DK"]],
  ["finnish", ["FI"]],
  ["icelandic", ["IS"]],
  ["spanish", ["ES"]],
  ["portuguese", ["PT"]],
  ["italian", ["IT"]],
  ["greek", ["GR"]],
  ["greek-founded", ["GR"]],
  ["cypriot", ["CY"]],
  ["maltese", ["MT"]],
  ["polish", ["PL"]],
  ["czech", ["CZ"]],
  ["slovak", ["SK"]],
  ["hungarian", ["HU"]],
  ["romanian", ["RO"]],
  ["bulgarian", ["BG"]],
  ["croatian", ["HR"]],
  ["slovenian", ["SI"]],
  ["serbian", ["RS"]],
  ["estonian", ["EE"]],
  ["latvian", ["LV"]],
  ["lithuanian", ["LT"]],
  ["ukrainian", ["UA"]],
  ["turkish", ["TR"]],
  ["israeli", ["IL"]],
  ["israeli-founded", ["IL"]],
  ["emirati", ["AE"]],
  ["uae", ["AE"]],
  ["saudi", ["SA"]],
  ["qatari", ["QA"]],
  ["egyptian", ["EG"]],
  ["moroccan", ["MA"]],
  ["tunisian", ["TN"]],
  ["nigerian", ["NG"]],
  ["ghanaian", ["GH"]],
  ["senegalese", ["SN"]],
  ["kenyan", ["KE"]],
  ["ugandan", ["UG"]],
  ["tanzanian", ["TZ"]],
  ["rwandan", ["RW"]],
  ["ethiopian", ["ET"]],
  ["south african", ["ZA"]],
  ["indian", ["IN"]],
  ["india-linked", ["IN"]],
  ["pakistani", ["PK"]],
  ["bangladeshi", ["BD"]],
  ["sri lankan", ["LK"]],
  ["chinese", ["CN"]],
  ["japanese", ["JP"]],
  ["korean", ["KR"]],
  ["taiwanese", ["TW"]],
  ["indonesian", ["ID"]],
  ["malaysian", ["MY"]],
  ["singaporean", ["SG"]],
  ["thai", ["TH"]],
  ["vietnamese", ["VN"]],
  ["filipino", ["PH"]],
  ["philippine", ["PH"]],
  ["australian", ["AU"]],
  ["kiwi", ["NZ"]],
  ["new zealander", ["NZ"]],
  // Startup cities and areas descriptions name instead of their country.
  ["silicon valley", ["US"]],
  ["bay area", ["US"]],
  ["san francisco", ["US"]],
  ["new york", ["US"]],
  ["boston", ["US"]],
  ["seattle", ["US"]],
  ["los angeles", ["US"]],
  ["chicago", ["US"]],
  ["austin", ["US"]],
  ["texas", ["US"]],
  ["california", ["US"]],
  ["midwest", ["US"]],
  ["pacific northwest", ["US"]],
  ["toronto", ["CA"]],
  ["montreal", ["CA"]],
  ["vancouver", ["CA"]],
  ["london", ["GB"]],
  ["paris", ["FR"]],
  ["berlin", ["DE"]],
  ["berlin's", ["DE"]],
  ["munich", ["DE"]],
  ["hamburg", ["DE"]],
  ["vienna", ["AT"]],
  ["zurich", ["CH"]],
  ["amsterdam", ["NL"]],
  ["brussels", ["BE"]],
  ["stockholm", ["SE"]],
  ["copenhagen", ["DK"]],
  ["oslo", ["NO"]],
  ["helsinki", ["FI"]],
  ["madrid", ["ES"]],
  ["barcelona", ["ES"]],
  ["lisbon", ["PT"]],
  ["milan", ["IT"]],
  ["rome", ["IT"]],
  ["athens", ["GR"]],
  ["warsaw", ["PL"]],
  ["prague", ["CZ"]],
  ["budapest", ["HU"]],
  ["bucharest", ["RO"]],
  ["sofia", ["BG"]],
  ["zagreb", ["HR"]],
  ["vilnius", ["LT"]],
  ["tallinn", ["EE"]],
  ["riga", ["LV"]],
  ["kyiv", ["UA"]],
  ["istanbul", ["TR"]],
  ["tel aviv", ["IL"]],
  ["jerusalem", ["IL"]],
  ["dubai", ["AE"]],
  ["abu dhabi", ["AE"]],
  ["riyadh", ["SA"]],
  ["cairo", ["EG"]],
  ["lagos", ["NG"]],
  ["nairobi", ["KE"]],
  ["accra", ["GH"]],
  ["cape town", ["ZA"]],
  ["johannesburg", ["ZA"]],
  ["bangalore", ["IN"]],
  ["bengaluru", ["IN"]],
  ["mumbai", ["IN"]],
  ["delhi", ["IN"]],
  ["jakarta", ["ID"]],
  ["kuala lumpur", ["MY"]],
  ["bangkok", ["TH"]],
  ["hanoi", ["VN"]],
  ["ho chi minh city", ["VN"]],
  ["manila", ["PH"]],
  ["shanghai", ["CN"]],
  ["beijing", ["CN"]],
  ["shenzhen", ["CN"]],
  ["taipei", ["TW"]],
  ["tokyo", ["JP"]],
  ["kyoto", ["JP"]],
  ["osaka", ["JP"]],
  ["seoul", ["KR"]],
  ["sydney", ["AU"]],
  ["melbourne", ["AU"]],
  ["auckland", ["NZ"]],
  ["sao paulo", ["BR"]],
  ["mexico city", ["MX"]],
  ["buenos aires", ["AR"]],
  ["santiago", ["CL"]],
  ["bogota", ["CO"]],
  ["lima", ["PE"]],
];

/** Country names that are also common words or other places' names: read only through the phrases above. */
const AMBIGUOUS_NAMES = new Set(["georgia", "jersey", "jordan", "chad", "dominica", "niger", "guinea", "turkey"]);

/** Investing phrases that make "global" the fund's own reach. */
const GLOBAL_PATTERNS = [
  /\binvest(?:s|ing|ments?)?\s+(?:\w+\s+){0,3}(?:globally|worldwide|internationally)\b/,
  // The clause that says what it backs ends with where: "backing startups worldwide", "investing in
  // fintech, AI and crypto companies from seed to growth globally", "in the US and internationally".
  /\b(?:invest(?:s|ing|or|ments?)?|back(?:s|ing)?|writ(?:es|ing)|financ(?:es|ing)|fund(?:s|ing))\b[^.;:]*?\b(?:worldwide|globally|internationally)\b(?![- ](?:oriented|minded|focused|ambitious|scal\w*|expan\w*|relevant|competitive))/,
  /\b(?:developed and emerging|emerging and developed) markets\b/,
  /\b(?:around|across) the (?:world|globe)\b/,
  /\banywhere in the world\b/,
  /\b(?:geography|location|region)[- ]agnostic\b/,
  /\bregardless of (?:location|geography)\b/,
  // "a global fund", and with up to two words between: "a global day-zero investor", "a global early-stage fund".
  /\bglobal (?:[\w-]+ ){0,2}(?:fund|investor|mandate|portfolio)\b/,
  /\bfounders (?:everywhere|worldwide|around the world)\b/,
];

/** After a place: it is the firm's seat ("Paris-based", "Tel Aviv-headquartered", "Boston based"). */
const SEAT_AFTER =
  /^(?:-| )(?:based|headquartered|hq)\b(?! (?:startups|start-ups|founders|companies|businesses|teams|entrepreneurs)\b)/;
/**
 * Before a place: it is the firm's seat ("based in", "headquartered in", "founded in"), unless the
 * words are about the startups ("startups based in the Midwest"). Offices are where a firm works,
 * and so where it invests: "with offices in the US, Europe, Israel and India" is read.
 */
const SEAT_BEFORE =
  /(?<!\b(?:startups|start-ups|companies|founders|businesses|entrepreneurs|teams) )\b(?:based|headquartered|founded)(?: in| out of)(?: the)?\s*$/;
/** Parts of a country no firm sits in as a city: "Pacific Northwest seed fund" states where it invests. */
const AREAS: ReadonlySet<string> = new Set(["pacific northwest", "midwest"]);
/** After a place: it is what the firm focuses on, even where it names the firm ("Israel-focused"). */
const FOCUS_AFTER = /^-(?:focused|focussed|only|dedicated|centric)\b/;

/**
 * Where the description stops naming the firm and starts saying what it does: the first clause break
 * or the first word of what it does ("backing", "investing", "that", "in"…). "Amsterdam life
 * sciences investor, formerly LSP, backing…" names its seat before the comma.
 */
function seatEnd(folded: string): number {
  const match =
    /[,;:]|\b(?:invest(?:s|ing|ed)?|back(?:s|ing|ed)?|financ(?:es|ing)|lead(?:s|ing)?|writ(?:es|ing)|support(?:s|ing)|fund(?:s|ing)|runs?|running|making|makes|focus(?:es|ed|ing)?|that|which|who|with|for|in|into|from|across|of|on|at)\b/.exec(
      folded,
    );
  return match ? match.index : folded.length;
}

/** Lower case, accents dropped, one apostrophe: what the readers of a fund's words compare. */
export const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'");

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

type Entry = { phrase: string; countries: readonly string[] };

let compiled: { entries: Entry[]; pattern: RegExp; byPhrase: Map<string, Entry> } | undefined;

/** The vocabulary with Intl's English country names added, as one alternation, longest first. */
function vocabulary() {
  if (compiled) return compiled;
  const entries = new Map<string, Entry>();
  for (const [phrase, countries] of PHRASES) entries.set(phrase, { phrase, countries });
  const display =
    typeof Intl !== "undefined" && "DisplayNames" in Intl
      ? new Intl.DisplayNames(["en"], { type: "region", fallback: "none" })
      : undefined;
  for (const sub of SUB_REGION_CODES) {
    for (const code of countriesOfSubRegion(sub)) {
      const name = display?.of(code);
      if (!name) continue;
      const phrase = fold(name);
      if (!AMBIGUOUS_NAMES.has(phrase) && !entries.has(phrase)) entries.set(phrase, { phrase, countries: [code] });
    }
  }
  const ordered = [...entries.values()].sort((a, b) => b.phrase.length - a.phrase.length);
  // Not inside a longer word or after a hyphen ("pan-european" is its own phrase); a hyphen may follow ("Berlin-based").
  const pattern = new RegExp(
    `(?<![\\w-])(?:${ordered.map((entry) => escapeRegExp(entry.phrase)).join("|")})(?!\\w)`,
    "g",
  );
  compiled = { entries: ordered, pattern, byPhrase: new Map(ordered.map((entry) => [entry.phrase, entry])) };
  return compiled;
}

/**
 * What the words say about where a fund invests. `text` is the fund's description (and any other
 * of its own words the caller adds). Case-sensitive "US" is read apart: in lower case it is "us".
 */
export function readStatedGeography(text: string | null | undefined): StatedGeography {
  if (!text) return NONE;
  const folded = fold(text);
  const { pattern, byPhrase } = vocabulary();
  const countries = new Set<string>();
  const occasional = new Set<string>();
  const named: string[] = [];
  const phrases: Array<{ text: string; countries: readonly string[] }> = [];
  const exceptions = [...folded.matchAll(OCCASIONAL_CUE)].map((match) => [match.index, match.index + match[0].length]);
  const add = (original: string, covered: readonly string[], at = -1) => {
    if (exceptions.some(([start = 0, end = 0]) => at >= start && at < end)) {
      for (const code of covered) occasional.add(code);
      return;
    }
    for (const code of covered) countries.add(code);
    if (named.includes(original)) return;
    named.push(original);
    phrases.push({ text: original, countries: covered });
  };
  const seatEnds = seatEnd(folded);
  // Where the firm sits is not where it invests: "Paris-based life sciences investor backing biotech
  // companies" states no geography, and read as one it put the fund below every other for a Belgian
  // startup. One country's name in the firm's own description, before what it does, or as its
  // seat ("-based", "headquartered in"), is left out; a region there ("European early-stage
  // investor", "Europe-focused firm") still states where it invests.
  const isSeat = (at: number, length: number, covered: readonly string[]) => {
    if (covered.length !== 1) return false;
    if (SEAT_AFTER.test(folded.slice(at + length, at + length + 20))) return true;
    if (SEAT_BEFORE.test(folded.slice(Math.max(0, at - 30), at))) return true;
    if (AREAS.has(folded.slice(at, at + length))) return false;
    return at < seatEnds && !FOCUS_AFTER.test(folded.slice(at + length, at + length + 12));
  };
  for (const match of folded.matchAll(pattern)) {
    const entry = byPhrase.get(match[0]);
    if (!entry || isSeat(match.index, match[0].length, entry.countries)) continue;
    // Folding keeps lengths here (accents dropped, one apostrophe for another), so the original is at the same place.
    add(text.slice(match.index, match.index + match[0].length), entry.countries, match.index);
  }
  for (const match of text.matchAll(/(?<![\w.])(US|USA|U\.S\.A?\.)(?![\w])/g)) {
    if (!isSeat(match.index, match[0].length, ["US"])) add(match[0], ["US"], match.index);
  }
  const global = GLOBAL_PATTERNS.some((rule) => rule.test(folded));
  // A country named as the rule is not also an exception.
  for (const code of countries) occasional.delete(code);
  if (!global && countries.size === 0) return NONE;
  return { global, countries, named, phrases, occasional };
}

/**
 * How a stated geography covers a startup's country: `global`, `stated` (the country is among those
 * the words cover), `elsewhere` (the fund states places and the country is not one), or undefined
 * when the fund states nothing (unknown: never held against it).
 */
export function statedCoverage(
  geography: StatedGeography,
  countryCode: string | null | undefined,
): "global" | "stated" | "elsewhere" | undefined {
  if (geography.global) return "global";
  if (geography.countries.size === 0) return undefined;
  const code = countryCode?.trim().toUpperCase();
  if (!code) return undefined;
  return geography.countries.has(code) ? "stated" : "elsewhere";
}

/** The region codes a stated geography touches (for a summary); a helper for reasons and tests. */
export function regionsOfStatedGeography(geography: StatedGeography): RegionCode[] {
  const regions = new Set<RegionCode>();
  for (const code of geography.countries) {
    const sub = subRegionOfCountryCode(code);
    if (sub) regions.add(REGION_OF_SUB_REGION[sub]);
  }
  return REGION_CODES.filter((region) => regions.has(region));
}

/** Adjectives of places that are not one country, as the place itself ("Nordic" → "the Nordics"). */
const PLACE_OF_ADJECTIVE: ReadonlyMap<string, string> = new Map([
  ["nordic", "the Nordics"],
  ["baltic", "the Baltics"],
  ["middle eastern", "the Middle East"],
  ["mediterranean", "the Mediterranean"],
  ["scandinavian", "Scandinavia"],
  ["pan-european", "Europe"],
  ["pan-african", "Africa"],
  ["arab", "the Arab world"],
  ["gulf", "the Gulf"],
]);

/**
 * A stated place as a reason names it, a noun after "Invests in": "Israeli" → "Israel", "European"
 * → "Europe", "East African" → "East Africa", "Nordic" → "the Nordics"; a name stays as written
 * ("Francophone Africa", "Lagos").
 */
export function placeNoun(text: string, countries: readonly string[]): string {
  const folded = fold(text);
  const known = PLACE_OF_ADJECTIVE.get(folded);
  if (known) return known;
  if (!/(?:an|ese|ish|i|ic)$/.test(folded)) return text;
  if (countries.length === 1) {
    const name =
      typeof Intl !== "undefined" && "DisplayNames" in Intl
        ? new Intl.DisplayNames(["en"], { type: "region", fallback: "none" }).of(countries[0] as string)
        : undefined;
    return name ?? text;
  }
  if (/ean$/.test(folded)) return text.slice(0, -2);
  if (/an$/.test(folded)) return text.slice(0, -1);
  return text;
}
