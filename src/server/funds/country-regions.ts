import { type RegionCode, regionOfCountryCode, regionTableCodes } from "../../shared/regions.js";
import { foldText } from "./text-match.js";

/** Names people and files use that differ from the English short names (Intl's). */
const ALIASES: Readonly<Record<string, string>> = {
  usa: "US",
  "united states of america": "US",
  us: "US",
  uk: "GB",
  "great britain": "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
  "czech republic": "CZ",
  turkiye: "TR",
  "hong kong": "HK",
  macau: "MO",
  macao: "MO",
  "ivory coast": "CI",
  "cote d'ivoire": "CI",
  uae: "AE",
  palestine: "PS",
  korea: "KR",
  "republic of korea": "KR",
  "south korea": "KR",
  russia: "RU",
  "russian federation": "RU",
  vietnam: "VN",
  "viet nam": "VN",
  "democratic republic of the congo": "CD",
  "republic of the congo": "CG",
  eswatini: "SZ",
  swaziland: "SZ",
  burma: "MM",
};

const key = (name: string) =>
  foldText(name)
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/\s+/g, " ")
    .trim();

let codeByName: Map<string, string> | undefined;

/** Country names (English, as Intl names each code, plus common aliases) to ISO codes, built once. */
function countryCodeByName(): Map<string, string> {
  if (codeByName) return codeByName;
  const names = new Map<string, string>();
  const display = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
  for (const code of regionTableCodes()) {
    const name = display.of(code);
    if (name) names.set(key(name), code);
  }
  for (const [alias, code] of Object.entries(ALIASES)) names.set(key(alias), code);
  codeByName = names;
  return names;
}

/**
 * A fund's region: from its country code through the one table in src/shared/regions.ts; a fund
 * imported without a code is placed by its country's name when that name is a known one.
 */
export function regionOfFund(fund: { countryCode: string | null; country: string }): RegionCode | undefined {
  const byCode = regionOfCountryCode(fund.countryCode);
  if (byCode) return byCode;
  if (fund.countryCode) return undefined;
  return regionOfCountryCode(countryCodeByName().get(key(fund.country)));
}

/** The ISO code of a country name as people and files write it ("Germany", "UK", "Côte d'Ivoire"), if known. */
export function countryCodeOfName(name: string): string | undefined {
  return countryCodeByName().get(key(name));
}
