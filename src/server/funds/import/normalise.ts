import { INDUSTRIES, type IndustryCode, isIndustryCode } from "../../../shared/industries.js";
import { isStageCode, STAGES, type StageCode, sortStages } from "../../../shared/stages.js";
import type { NewFundRow } from "../../db/types.js";
import type { SheetRecord } from "./parse-file.js";

/**
 * Column names accepted for each field, compared after lower-casing and dropping everything but
 * letters and digits: the shipped CSV's snake_case, the API's camelCase and plain headings all work.
 */
const COLUMN_ALIASES = {
  name: ["name", "fundname", "fund", "firm", "firmname"],
  country: ["country", "hqcountry", "headquarterscountry"],
  countryCode: ["countrycode", "iso2", "countryiso"],
  city: ["city", "hqcity"],
  website: ["website", "url", "site", "web"],
  fundingStages: ["fundingstages", "fundingstage", "stages", "stage"],
  industryFocus: ["industryfocus", "industries", "industry", "sectors", "sector", "focus"],
  fundSize: ["fundsize", "size", "aum"],
  currency: ["currency", "fundsizecurrency"],
  checkSizeMinUsd: ["checksizeminusd", "checksizemin", "mincheck", "minchecksize", "minticket"],
  checkSizeMaxUsd: ["checksizemaxusd", "checksizemax", "maxcheck", "maxchecksize", "maxticket"],
  leadsRounds: ["leadsrounds", "leads", "leadinvestor"],
  foundedYear: ["foundedyear", "founded", "yearfounded"],
  description: ["description", "about", "summary"],
  fundManager: ["fundmanager", "manager", "managingpartner", "contact", "contactname"],
  linkedin: ["linkedin", "linkedinurl"],
  source: ["source"],
  lastReviewed: ["lastreviewed", "reviewed", "lastupdated"],
} as const;

type Field = keyof typeof COLUMN_ALIASES;

const columnKey = (column: string) => column.toLowerCase().replace(/[^a-z0-9]/g, "");

const ALIAS_TO_FIELD = new Map<string, Field>(
  (Object.entries(COLUMN_ALIASES) as Array<[Field, readonly string[]]>).flatMap(([field, aliases]) =>
    aliases.map((alias) => [alias, field] as const),
  ),
);

const STAGE_BY_KEY = new Map<string, StageCode>(
  STAGES.flatMap((stage) => [
    [columnKey(stage.code), stage.code],
    [columnKey(stage.label), stage.code],
  ]),
);
STAGE_BY_KEY.set("preseed", "pre_seed");
STAGE_BY_KEY.set("latestage", "late_stage");
STAGE_BY_KEY.set("late", "late_stage");

const INDUSTRY_BY_KEY = new Map<string, IndustryCode>(
  INDUSTRIES.flatMap((industry) => [
    [columnKey(industry.code), industry.code],
    [columnKey(industry.label), industry.code],
  ]),
);

export type NormalisedFund = Omit<NewFundRow, "id" | "createdAt" | "updatedAt">;
export type NormaliseResult = { ok: true; fund: NormalisedFund } | { ok: false; error: string };

const MAX_TEXT = { name: 200, country: 100, city: 100, description: 2000, fundManager: 200, source: 100 } as const;

/** Maps a file's header to fields; returns the fields a file lacks that every row needs. */
export function mapColumns(columns: readonly string[]): { fieldByColumn: Map<string, Field>; missing: Field[] } {
  const fieldByColumn = new Map<string, Field>();
  const seen = new Set<Field>();
  for (const column of columns) {
    const field = ALIAS_TO_FIELD.get(columnKey(column));
    if (field && !seen.has(field)) {
      fieldByColumn.set(column, field);
      seen.add(field);
    }
  }
  const missing = (["name", "country", "fundingStages", "industryFocus"] as const).filter((field) => !seen.has(field));
  return { fieldByColumn, missing };
}

/** Validates and normalises one spreadsheet row into a fund; the error names the column and value. */
export function normaliseRecord(
  record: SheetRecord,
  fieldByColumn: Map<string, Field>,
  defaultSource = "import",
): NormaliseResult {
  const raw: Partial<Record<Field, string>> = {};
  for (const [column, value] of Object.entries(record.values)) {
    const field = fieldByColumn.get(column);
    if (field && value !== "") raw[field] = value;
  }
  try {
    const name = requiredText(raw.name, "name", MAX_TEXT.name);
    const country = requiredText(raw.country, "country", MAX_TEXT.country);
    const fundingStages = parseStages(raw.fundingStages);
    const industryFocus = parseIndustries(raw.industryFocus);
    const fundSize = optionalAmount(raw.fundSize, "fund size");
    const currency = parseCurrency(raw.currency, fundSize);
    const checkSizeMinUsd = optionalAmount(raw.checkSizeMinUsd, "minimum check size");
    const checkSizeMaxUsd = optionalAmount(raw.checkSizeMaxUsd, "maximum check size");
    if (checkSizeMinUsd !== null && checkSizeMaxUsd !== null && checkSizeMinUsd > checkSizeMaxUsd) {
      throw new RowError(`minimum check size ${checkSizeMinUsd} is above the maximum ${checkSizeMaxUsd}`);
    }
    const fund: NormalisedFund = {
      name,
      country,
      countryCode: parseCountryCode(raw.countryCode),
      city: optionalText(raw.city, "city", MAX_TEXT.city),
      website: optionalUrl(raw.website, "website"),
      linkedin: optionalUrl(raw.linkedin, "linkedin"),
      fundingStages,
      industryFocus,
      fundSize,
      currency,
      checkSizeMinUsd: checkSizeMinUsd === null ? null : Math.round(checkSizeMinUsd),
      checkSizeMaxUsd: checkSizeMaxUsd === null ? null : Math.round(checkSizeMaxUsd),
      leadsRounds: parseBoolean(raw.leadsRounds),
      foundedYear: parseYear(raw.foundedYear),
      description: optionalText(raw.description, "description", MAX_TEXT.description),
      fundManager: optionalText(raw.fundManager, "fund manager", MAX_TEXT.fundManager),
      source: optionalText(raw.source, "source", MAX_TEXT.source) ?? defaultSource,
      lastReviewed: parseDate(raw.lastReviewed),
    };
    return { ok: true, fund };
  } catch (error) {
    if (error instanceof RowError) return { ok: false, error: error.message };
    throw error;
  }
}

class RowError extends Error {}

function requiredText(value: string | undefined, label: string, max: number): string {
  const text = optionalText(value, label, max);
  if (!text) throw new RowError(`${label} is required`);
  return text;
}

function optionalText(value: string | undefined, label: string, max: number): string | null {
  const text = value?.replace(/\s+/g, " ").trim();
  if (!text) return null;
  if (text.length > max) throw new RowError(`${label} is longer than ${max} characters`);
  return text;
}

const LIST_SEPARATOR = /[;,|\n]/;

function parseStages(value: string | undefined): StageCode[] {
  if (!value) throw new RowError("funding stage is required");
  const stages: StageCode[] = [];
  for (const item of value
    .split(LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean)) {
    const code = isStageCode(item) ? item : STAGE_BY_KEY.get(columnKey(item));
    if (!code) throw new RowError(`unknown funding stage '${item}'`);
    stages.push(code);
  }
  if (stages.length === 0) throw new RowError("funding stage is required");
  return sortStages(stages);
}

function parseIndustries(value: string | undefined): IndustryCode[] {
  if (!value) throw new RowError("industry focus is required");
  const industries: IndustryCode[] = [];
  for (const item of value
    .split(LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean)) {
    const code = isIndustryCode(item) ? item : INDUSTRY_BY_KEY.get(columnKey(item));
    if (!code) throw new RowError(`unknown industry focus '${item}'`);
    if (!industries.includes(code)) industries.push(code);
  }
  if (industries.length === 0) throw new RowError("industry focus is required");
  return industries;
}

const MULTIPLIERS: Record<string, number> = { k: 1e3, m: 1e6, mm: 1e6, b: 1e9, bn: 1e9, t: 1e12 };

/** '1,500,000', '$1.5M', '250k', '2 bn' → numbers; blank → null. */
function optionalAmount(value: string | undefined, label: string): number | null {
  if (!value) return null;
  const match = /^[^\d-]*?(-?[\d,. ]*\d)\s*([a-z]{0,2})\s*$/i.exec(value.trim());
  const digits = match?.[1]?.replace(/[, ]/g, "");
  const suffix = match?.[2]?.toLowerCase() ?? "";
  const multiplier = suffix === "" ? 1 : MULTIPLIERS[suffix];
  const amount = digits === undefined || multiplier === undefined ? Number.NaN : Number(digits) * multiplier;
  if (!Number.isFinite(amount) || amount < 0) throw new RowError(`${label} '${value}' is not a positive amount`);
  if (amount > 1e15) throw new RowError(`${label} '${value}' is too large`);
  return amount;
}

function parseCurrency(value: string | undefined, fundSize: number | null): string | null {
  if (!value) return fundSize === null ? null : "USD";
  const code = value.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) throw new RowError(`currency '${value}' is not a 3-letter ISO code`);
  return code;
}

function parseCountryCode(value: string | undefined): string | null {
  if (!value) return null;
  const code = value.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) throw new RowError(`country code '${value}' is not a 2-letter ISO code`);
  return code;
}

function optionalUrl(value: string | undefined, label: string): string | null {
  if (!value) return null;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(candidate);
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("protocol");
    if (!url.hostname.includes(".")) throw new Error("host");
    return url.toString();
  } catch {
    throw new RowError(`${label} '${value}' is not a valid web address`);
  }
}

function parseBoolean(value: string | undefined): boolean | null {
  if (!value) return null;
  const normalised = value.trim().toLowerCase();
  if (["true", "yes", "y", "1", "lead", "leads"].includes(normalised)) return true;
  if (["false", "no", "n", "0", "follow", "follows"].includes(normalised)) return false;
  throw new RowError(`leads rounds '${value}' should be true or false`);
}

function parseYear(value: string | undefined): number | null {
  if (!value) return null;
  const year = Number(value.trim());
  const latest = new Date().getUTCFullYear() + 1;
  if (!Number.isInteger(year) || year < 1800 || year > latest) {
    throw new RowError(`founded year '${value}' is not a year between 1800 and ${latest}`);
  }
  return year;
}

function parseDate(value: string | undefined): string | null {
  if (!value) return null;
  const date = new Date(value.trim());
  if (Number.isNaN(date.getTime())) throw new RowError(`last reviewed '${value}' is not a date`);
  return date.toISOString().slice(0, 10);
}
