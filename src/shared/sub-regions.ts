/**
 * Sub-regions founders recognise (issue 37): "Middle East and Africa" put Tel Aviv, Dubai, Cairo and
 * Lagos in one bucket, so a Nigerian founder's shortlist held funds that back Israeli or Egyptian
 * founders as "also in the region". The match ranks the same country first, then a fund's stated
 * geography, then the same sub-region, then the same region (src/shared/regions.ts), then elsewhere.
 *
 * Every sub-region lies inside one region of src/shared/regions.ts, and every code that table
 * places is in exactly one sub-region (the unit test holds both). Where a country sits is a product
 * choice, made once here:
 * - France is its own sub-region: founders and funds there treat it as one market, and it is in none
 *   of DACH, Benelux or Southern Europe.
 * - The Baltics are in Central and Eastern Europe, with Poland and the Balkans; the Nordics are the
 *   five Nordic countries and their territories.
 * - Turkey, Russia and the South Caucasus sit together; Israel with the Levant, Iraq and Iran; the
 *   Gulf with Yemen.
 * - Sudan and Mauritania are North Africa (Arabic-speaking, as their funds describe them); Angola is
 *   Southern Africa; Madagascar and the Indian Ocean islands East Africa.
 * Zod-free: the client's reasons and the server's matcher both read it.
 */
import type { RegionCode } from "./regions.js";

export const SUB_REGION_CODES = [
  "us_canada",
  "mexico_central_america",
  "caribbean",
  "andean",
  "brazil",
  "southern_cone",
  "uk_ireland",
  "france",
  "dach",
  "benelux",
  "nordics",
  "southern_europe",
  "cee",
  "turkey_caucasus",
  "gulf",
  "levant",
  "north_africa",
  "west_africa",
  "central_africa",
  "east_africa",
  "southern_africa",
  "south_asia",
  "southeast_asia",
  "east_asia",
  "central_asia",
  "oceania",
] as const;

export type SubRegionCode = (typeof SUB_REGION_CODES)[number];

export const SUB_REGION_LABELS: Readonly<Record<SubRegionCode, string>> = {
  us_canada: "the United States and Canada",
  mexico_central_america: "Mexico and Central America",
  caribbean: "the Caribbean",
  andean: "the Andes and northern South America",
  brazil: "Brazil",
  southern_cone: "the Southern Cone",
  uk_ireland: "the UK and Ireland",
  france: "France",
  dach: "the DACH countries",
  benelux: "the Benelux",
  nordics: "the Nordics",
  southern_europe: "Southern Europe",
  cee: "Central and Eastern Europe",
  turkey_caucasus: "Turkey, the Caucasus and Russia",
  gulf: "the Gulf",
  levant: "Israel and the Levant",
  north_africa: "North Africa",
  west_africa: "West Africa",
  central_africa: "Central Africa",
  east_africa: "East Africa",
  southern_africa: "Southern Africa",
  south_asia: "South Asia",
  southeast_asia: "Southeast Asia",
  east_asia: "East Asia",
  central_asia: "Central Asia",
  oceania: "Australia, New Zealand and the Pacific",
};

/** Each sub-region's region (src/shared/regions.ts): a sub-region never spans two. */
export const REGION_OF_SUB_REGION: Readonly<Record<SubRegionCode, RegionCode>> = {
  us_canada: "north_america",
  mexico_central_america: "latin_america",
  caribbean: "latin_america",
  andean: "latin_america",
  brazil: "latin_america",
  southern_cone: "latin_america",
  uk_ireland: "europe",
  france: "europe",
  dach: "europe",
  benelux: "europe",
  nordics: "europe",
  southern_europe: "europe",
  cee: "europe",
  turkey_caucasus: "europe",
  gulf: "middle_east_africa",
  levant: "middle_east_africa",
  north_africa: "middle_east_africa",
  west_africa: "middle_east_africa",
  central_africa: "middle_east_africa",
  east_africa: "middle_east_africa",
  southern_africa: "middle_east_africa",
  south_asia: "asia_pacific",
  southeast_asia: "asia_pacific",
  east_asia: "asia_pacific",
  central_asia: "asia_pacific",
  oceania: "asia_pacific",
};

const COUNTRIES_BY_SUB_REGION: Readonly<Record<SubRegionCode, string>> = {
  us_canada: "US CA BM GL PM UM",
  mexico_central_america: "MX GT BZ SV HN NI CR PA",
  caribbean: "CU DO HT JM PR BS BB TT AG DM GD KN LC VC AI AW BQ CW SX KY MS TC VG VI BL MF GP MQ",
  andean: "CO VE EC PE BO GY SR GF",
  brazil: "BR",
  southern_cone: "AR CL UY PY FK GS",
  uk_ireland: "GB IE IM JE GG",
  france: "FR MC",
  dach: "DE AT CH LI",
  benelux: "BE NL LU",
  nordics: "SE NO DK FI IS FO AX SJ",
  southern_europe: "ES PT IT GR MT CY SM VA AD GI",
  cee: "PL CZ SK HU RO BG HR SI RS BA ME MK AL XK EE LV LT UA MD BY",
  turkey_caucasus: "TR GE AM AZ RU",
  gulf: "AE SA QA KW BH OM YE",
  levant: "IL PS JO LB SY IQ IR",
  north_africa: "EG LY TN DZ MA EH SD MR",
  west_africa: "NG GH SN CI BJ TG BF ML NE GM GN GW SL LR CV SH",
  central_africa: "CM CF TD CG CD GA GQ ST",
  east_africa: "KE TZ UG RW BI ET ER DJ SO SS MG MU SC KM RE YT",
  southern_africa: "ZA NA BW ZW ZM MZ MW LS SZ AO",
  south_asia: "IN PK BD LK NP BT MV AF IO",
  southeast_asia: "SG MY ID TH VN PH MM KH LA BN TL CX CC",
  east_asia: "CN HK MO TW JP KR KP MN",
  central_asia: "KZ KG TJ TM UZ",
  oceania: "AU NZ PG FJ SB VU NC PF WS TO KI TV NR FM MH PW GU MP AS CK NU TK WF PN NF HM",
};

const SUB_REGION_BY_COUNTRY_CODE: ReadonlyMap<string, SubRegionCode> = new Map(
  SUB_REGION_CODES.flatMap((subRegion) =>
    COUNTRIES_BY_SUB_REGION[subRegion].split(" ").map((code) => [code, subRegion] as [string, SubRegionCode]),
  ),
);

/** The sub-region of an ISO 3166-1 alpha-2 code (any case), or undefined for a code in none. */
export function subRegionOfCountryCode(code: string | null | undefined): SubRegionCode | undefined {
  return code ? SUB_REGION_BY_COUNTRY_CODE.get(code.trim().toUpperCase()) : undefined;
}

/** The countries of a sub-region. */
export function countriesOfSubRegion(subRegion: SubRegionCode): readonly string[] {
  return COUNTRIES_BY_SUB_REGION[subRegion].split(" ");
}

/** Every code the table places, for tests. */
export function subRegionTableCodes(): string[] {
  return [...SUB_REGION_BY_COUNTRY_CODE.keys()];
}
