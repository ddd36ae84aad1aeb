import { createRequire } from "node:module";
import isoCountries from "i18n-iso-countries/index.js";

// Only the English names: the package's default entry would load every one of its 80 languages.
const require = createRequire(import.meta.url);
isoCountries.registerLocale(require("i18n-iso-countries/langs/en.json"));

/**
 * The English short name stored for a country, where the ISO list's first name is an official
 * long form ('United States of America', "People's Republic of China") or differs from the names
 * the curated data already uses. One spelling per country keeps the countries list free of twins.
 */
const CANONICAL_NAMES: Readonly<Record<string, string>> = {
  US: "United States",
  CN: "China",
  TR: "Turkey",
  CI: "Côte d'Ivoire",
  CZ: "Czechia",
  CG: "Republic of the Congo",
  GM: "Gambia",
  IR: "Iran",
  LA: "Laos",
  MD: "Moldova",
  MK: "North Macedonia",
  PS: "Palestine",
  RU: "Russia",
  SY: "Syria",
  TZ: "Tanzania",
  VA: "Vatican City",
  FM: "Micronesia",
  BN: "Brunei",
  VG: "British Virgin Islands",
  VI: "U.S. Virgin Islands",
  FK: "Falkland Islands",
  MF: "Saint Martin",
  SX: "Sint Maarten",
  BO: "Bolivia",
  VE: "Venezuela",
};

/** Short forms and old names people write in investor lists that the ISO list does not carry. */
const EXTRA_NAMES: Readonly<Record<string, string>> = {
  america: "US",
  unitedstatesofamerica: "US",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  northernireland: "GB",
  britain: "GB",
  greatbritain: "GB",
  gb: "GB",
  emirates: "AE",
  dubai: "AE",
  abudhabi: "AE",
  korea: "KR",
  southkorea: "KR",
  holland: "NL",
  thenetherlands: "NL",
  czechrepublic: "CZ",
  turkiye: "TR",
  ivorycoast: "CI",
  hongkongsar: "HK",
  hongkongsarchina: "HK",
  prc: "CN",
  mainlandchina: "CN",
  russia: "RU",
  vietnam: "VN",
  vietnamese: "VN",
  macau: "MO",
  uae: "AE",
  ksa: "SA",
  drc: "CD",
  swissconfederation: "CH",
  // Lists that give only the office's city: the cities where most venture firms sit.
  sanfrancisco: "US",
  sf: "US",
  bayarea: "US",
  siliconvalley: "US",
  paloalto: "US",
  menlopark: "US",
  newyork: "US",
  newyorkcity: "US",
  nyc: "US",
  boston: "US",
  losangeles: "US",
  seattle: "US",
  chicago: "US",
  austin: "US",
  london: "GB",
  paris: "FR",
  berlin: "DE",
  munich: "DE",
  amsterdam: "NL",
  stockholm: "SE",
  copenhagen: "DK",
  helsinki: "FI",
  oslo: "NO",
  zurich: "CH",
  madrid: "ES",
  barcelona: "ES",
  milan: "IT",
  telaviv: "IL",
  toronto: "CA",
  vancouver: "CA",
  montreal: "CA",
  bangalore: "IN",
  bengaluru: "IN",
  mumbai: "IN",
  newdelhi: "IN",
  beijing: "CN",
  shanghai: "CN",
  shenzhen: "CN",
  tokyo: "JP",
  seoul: "KR",
  sydney: "AU",
  melbourne: "AU",
  saopaulo: "BR",
  lagos: "NG",
  nairobi: "KE",
  capetown: "ZA",
  jakarta: "ID",
  riyadh: "SA",
};

/** US states (names and postal codes) and Canadian provinces: the second part of 'City, ST'. */
const US_STATES =
  "AL alabama|AK alaska|AZ arizona|AR arkansas|CA california|CO colorado|CT connecticut|DE delaware|FL florida|GA georgia|HI hawaii|ID idaho|IL illinois|IN indiana|IA iowa|KS kansas|KY kentucky|LA louisiana|ME maine|MD maryland|MA massachusetts|MI michigan|MN minnesota|MS mississippi|MO missouri|MT montana|NE nebraska|NV nevada|NH newhampshire|NJ newjersey|NM newmexico|NY newyork|NC northcarolina|ND northdakota|OH ohio|OK oklahoma|OR oregon|PA pennsylvania|RI rhodeisland|SC southcarolina|SD southdakota|TN tennessee|TX texas|UT utah|VT vermont|VA virginia|WA washington|WV westvirginia|WI wisconsin|WY wyoming|DC districtofcolumbia";
const CA_PROVINCES =
  "AB alberta|BC britishcolumbia|MB manitoba|NB newbrunswick|NL newfoundland|NS novascotia|ON ontario|PE princeedwardisland|QC quebec|SK saskatchewan";

const key = (value: string) =>
  value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

export type Country = { code: string; name: string };

const BY_CODE = new Map<string, Country>();
const BY_KEY = new Map<string, string>();
const ALPHA3 = new Map<string, string>();
const REGION_CODE = new Map<string, string>();

for (const [code, names] of Object.entries(isoCountries.getNames("en", { select: "all" }))) {
  const all = Array.isArray(names) ? names : [names];
  const name = CANONICAL_NAMES[code] ?? all.find((candidate) => !/[,(]/.test(candidate)) ?? all[0] ?? code;
  BY_CODE.set(code, { code, name });
  for (const candidate of [...all, name]) BY_KEY.set(key(candidate), code);
}
for (const [alpha3, alpha2] of Object.entries(isoCountries.getAlpha3Codes())) ALPHA3.set(alpha3, alpha2);
for (const [alias, code] of Object.entries(EXTRA_NAMES)) BY_KEY.set(alias, code);
for (const [list, code] of [
  [US_STATES, "US"],
  [CA_PROVINCES, "CA"],
] as const) {
  for (const entry of list.split("|")) {
    const [abbreviation, name] = entry.split(" ") as [string, string];
    REGION_CODE.set(abbreviation, code);
    REGION_CODE.set(name, code);
  }
}

export function countryByCode(code: string): Country | undefined {
  return BY_CODE.get(code.toUpperCase());
}

/** Every country the import knows, by name: the choices the admin maps an unknown value to. */
export function allCountries(): Country[] {
  return [...BY_CODE.values()].sort((a, b) => a.name.localeCompare(b.name, "en"));
}

const cache = new Map<string, Country | null>();

/**
 * A country from what a spreadsheet says: a name in any of its common spellings, an ISO alpha-2
 * or alpha-3 code, a short form (USA, UK, UAE), or the last part of a location such as
 * 'Berlin, Germany' or 'Austin, TX, USA'. 'City, ST' with a US state or Canadian province code as
 * its last part is read as that country ('San Francisco, CA' is in the United States, while 'CA'
 * alone is Canada's ISO code). Null when nothing fits.
 */
export function resolveCountry(value: string): Country | null {
  const cached = cache.get(value);
  if (cached !== undefined) return cached;
  const resolved = resolveUncached(value);
  // Investor lists repeat the same few dozen spellings; the cache stays small.
  if (cache.size < 50_000) cache.set(value, resolved);
  return resolved;
}

function resolveUncached(value: string): Country | null {
  const text = value.replace(/\s+/g, " ").trim();
  if (!text) return null;
  const whole = single(text);
  if (whole) return whole;
  const parts = text
    .split(/[,/|;]|\s[-–—]\s/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length < 2) return null;
  const last = parts[parts.length - 1] ?? "";
  // 'City, ST': a two-letter last part after a city is a state or province, not an ISO code.
  const region = /^[A-Z]{2}$/.test(last) ? REGION_CODE.get(last) : REGION_CODE.get(key(last));
  if (region) return BY_CODE.get(region) ?? null;
  return single(last) ?? single(parts[0] ?? "");
}

function single(text: string): Country | null {
  const compact = text.replace(/\./g, "").trim();
  if (/^[A-Za-z]{2}$/.test(compact) && compact === compact.toUpperCase()) {
    const byAlpha2 = BY_CODE.get(compact);
    if (byAlpha2) return byAlpha2;
  }
  if (/^[A-Za-z]{3}$/.test(compact) && compact === compact.toUpperCase()) {
    const alpha2 = ALPHA3.get(compact);
    if (alpha2) return BY_CODE.get(alpha2) ?? null;
  }
  const code = BY_KEY.get(key(text));
  return code ? (BY_CODE.get(code) ?? null) : null;
}
