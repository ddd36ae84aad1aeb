/**
 * The regions a subscriber can filter by, and the one table that places a country in a region by
 * its ISO 3166-1 alpha-2 code (each fund's `countryCode`). Zod-free: the search form reads the
 * labels, the server's index reads the table.
 *
 * Where a country sits is a product choice, written down here once:
 * - North America: the United States and Canada (with Bermuda, Greenland, Saint Pierre and Miquelon).
 *   Mexico is Latin America, as founders and funds there describe themselves.
 * - Latin America: Mexico, Central America, the Caribbean and South America.
 * - Europe: the EU, EFTA, the UK and the rest of the continent, with Turkey, Russia and the
 *   South Caucasus (Georgia, Armenia, Azerbaijan), whose funds mostly invest with European ones.
 * - Middle East and Africa: the Gulf, the Levant (Israel included), Iraq, Iran, Yemen and the whole
 *   of Africa, Egypt and the Maghreb included.
 * - Asia-Pacific: East, South, South-East and Central Asia (Afghanistan and Pakistan included) and Oceania.
 * A code missing here (Antarctica, a code not yet assigned) belongs to no region: such a fund only
 * matches a search by country, never by region.
 */
export const REGION_CODES = ["north_america", "europe", "asia_pacific", "latin_america", "middle_east_africa"] as const;

export type RegionCode = (typeof REGION_CODES)[number];

export const REGION_LABELS: Readonly<Record<RegionCode, string>> = {
  north_america: "North America",
  europe: "Europe",
  asia_pacific: "Asia-Pacific",
  latin_america: "Latin America",
  middle_east_africa: "Middle East and Africa",
};

export const REGIONS: ReadonlyArray<{ code: RegionCode; label: string }> = REGION_CODES.map((code) => ({
  code,
  label: REGION_LABELS[code],
}));

const COUNTRIES_BY_REGION: Readonly<Record<RegionCode, string>> = {
  north_america: "US CA BM GL PM UM",
  latin_america:
    "MX GT BZ SV HN NI CR PA CU DO HT JM PR BS BB TT AG DM GD KN LC VC AI AW BQ CW SX KY MS TC VG VI BL MF GP MQ " +
    "CO VE EC PE BO BR PY UY AR CL GY SR GF FK GS",
  europe:
    "AD AL AT AX BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC MD ME " +
    "MK MT NL NO PL PT RO RS RU SE SI SJ SK SM UA VA XK TR GE AM AZ",
  middle_east_africa:
    "AE BH IL IQ IR JO KW LB OM PS QA SA SY YE " +
    "DZ AO BJ BW BF BI CV CM CF TD KM CG CD CI DJ EG GQ ER SZ ET GA GM GH GN GW KE LS LR LY MG MW ML MR MU YT MA " +
    "MZ NA NE NG RE RW SH ST SN SC SL SO ZA SS SD TZ TG TN UG EH ZM ZW",
  asia_pacific:
    "AF BD BT BN KH CN HK MO IN ID JP KZ KG LA MY MV MN MM NP KP KR PK PH SG LK TW TJ TH TL TM UZ VN " +
    "AU NZ PG FJ SB VU NC PF WS TO KI TV NR FM MH PW GU MP AS CK NU TK WF PN NF CX CC HM IO",
};

const REGION_BY_COUNTRY_CODE: ReadonlyMap<string, RegionCode> = new Map(
  REGION_CODES.flatMap((region) =>
    COUNTRIES_BY_REGION[region].split(" ").map((code) => [code, region] as [string, RegionCode]),
  ),
);

/** The region of an ISO 3166-1 alpha-2 code (any case), or undefined for a code in none. */
export function regionOfCountryCode(code: string | null | undefined): RegionCode | undefined {
  return code ? REGION_BY_COUNTRY_CODE.get(code.trim().toUpperCase()) : undefined;
}

/** Every code the table places, for tests. */
export function regionTableCodes(): string[] {
  return [...REGION_BY_COUNTRY_CODE.keys()];
}

export function isRegionCode(value: string): value is RegionCode {
  return (REGION_CODES as readonly string[]).includes(value);
}

export function regionLabel(code: string): string {
  return isRegionCode(code) ? REGION_LABELS[code] : code;
}
