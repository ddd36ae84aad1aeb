import { isConvertedCurrency } from "../../../shared/currency-rates.js";
import { AS_OF_PATTERN, type FundStatus } from "../../../shared/fund-facts.js";
import type { IndustryCode } from "../../../shared/industries.js";
import { parseMoney, toUsd } from "../../../shared/money-text.js";
import { FUND_LIMITS, type FundInput, fundInputSchema, latestFoundedYear } from "../../../shared/schemas/fund-input.js";
import {
  IMPORT_FIELDS,
  type ImportField,
  type ImportMapping,
  type MappableField,
  REQUIRED_IMPORT_FIELDS,
} from "../../../shared/schemas/import.js";
import { type StageCode, sortStages } from "../../../shared/stages.js";
import { graphemePrefix } from "../../../shared/text-cut.js";
import type { NewFundRow } from "../../db/types.js";
import { type Country, countryByCode, resolveCountry } from "./countries.js";
import type { SheetRecord } from "./parse-file.js";
import { ALIAS_TO_FIELD, industryCodes, isSectorAgnostic, matchKey, stageCodes, statusCode } from "./vocabulary.js";

export type { ImportField } from "../../../shared/schemas/import.js";

export type NormalisedFund = Omit<NewFundRow, "id" | "createdAt" | "updatedAt">;

/** A value the import could not read: kept out of the fund and reported (row warnings, the preview). */
export type RowIssue = { field: ImportField; column: string; value: string; mappable: boolean; message: string };

/** The list fields a row can state only in part (an item the import did not recognise was left out). */
export type ListField = "fundingStages" | "industryFocus";

export type NormaliseResult =
  | {
      ok: true;
      fund: NormalisedFund;
      issues: RowIssue[];
      /** Lists of which the row named an item left out as unknown: they add to a stored fund's, never replace it. */
      partialLists: ListField[];
      /** The date the row gives its status (YYYY, YYYY-MM or YYYY-MM-DD), if any. */
      statusAsOf: string | null;
      /**
       * An update row's gaps (issue 36): the country is not stated (the fund is found by its name
       * alone), and what a new fund would need that the row lacks. Empty in the other modes.
       */
      countryStated: boolean;
      missingForNew: string[];
    }
  | { ok: false; error: string; issues: RowIssue[] };

/** Maps a file's header to fields (first column wins); returns the required fields no column feeds. */
export function mapColumns(
  columns: readonly string[],
  required: readonly ImportField[] = REQUIRED_IMPORT_FIELDS,
): {
  fieldByColumn: Map<string, ImportField>;
  missing: ImportField[];
} {
  const fieldByColumn = new Map<string, ImportField>();
  const seen = new Set<ImportField>();
  for (const column of columns) {
    const field = ALIAS_TO_FIELD.get(matchKey(column));
    if (field && !seen.has(field)) {
      fieldByColumn.set(column, field);
      seen.add(field);
    }
  }
  return { fieldByColumn, missing: missingFields(seen, required) };
}

export function missingFields(
  fed: ReadonlySet<ImportField>,
  required: readonly ImportField[] = REQUIRED_IMPORT_FIELDS,
): ImportField[] {
  return required.filter((field) => !fed.has(field));
}

/** The detected mapping with the admin's column choices laid over it. */
export function applyColumnMapping(
  detected: Map<string, ImportField>,
  columns: ImportMapping["columns"] | undefined,
): Map<string, ImportField> {
  if (!columns) return detected;
  const result = new Map(detected);
  for (const [column, field] of Object.entries(columns)) {
    if (field === null) result.delete(column);
    else {
      // A field chosen for this column is taken from whichever column the detection gave it to.
      for (const [other, otherField] of result) if (otherField === field && other !== column) result.delete(other);
      result.set(column, field);
    }
  }
  return result;
}

/** The admin's value choices, keyed like the tables (case, spaces and punctuation ignored). */
export type ValueMappings = { [F in MappableField]: Map<string, string | null> };

export function valueMappings(values: ImportMapping["values"] | undefined): ValueMappings {
  const toMap = (record: Record<string, string | null> | undefined) =>
    new Map(Object.entries(record ?? {}).map(([value, code]) => [matchKey(value), code] as const));
  return {
    country: toMap(values?.country),
    fundingStages: toMap(values?.fundingStages),
    industryFocus: toMap(values?.industryFocus),
  };
}

export type NormaliserOptions = {
  /** The source of a row whose file has no source column. */
  defaultSource?: string;
  /** Every row's source, whatever the file says (an admin's upload records the file's name). */
  forceSource?: string;
  /** lastReviewed of a row whose file gives none (YYYY-MM-DD): the import's date. */
  reviewedDefault?: string | null;
  /**
   * 'Update Duplicates' (issue 36): a row needs only the fund's name; its country and stages are
   * read when it states them, and a row that names no stored fund must have them to be added.
   */
  partial?: boolean;
  /**
   * The import names a source for its facts: a status cell (issue 36) is a sourced fact, kept only
   * then; otherwise it is left out with a warning.
   */
  statusSourced?: boolean;
  mappings?: ValueMappings;
};

const LIST_SEPARATOR = /[;,|\n\r•]+/;
/** Inside one list item: 'Seed/Series A', 'Pre-seed & Seed', 'Fintech and Insurtech'. */
const ITEM_SPLIT = /\s*(?:\/|&|\+|\band\b)\s*/i;

class RowError extends Error {}

/**
 * Turns spreadsheet rows into funds. Values that cannot be read are kept out of the fund and
 * reported per row; a row fails only without a name, a usable country, a usable stage or a usable
 * industry, with an error naming the column and the value. The finished fund is then held to the
 * shared fund rules (fundInputSchema), the same the admin's Edit form and update call use.
 */
export class RowNormaliser {
  private readonly columnOf = new Map<ImportField, string>();
  private readonly mappings: ValueMappings;
  private readonly stageCache = new Map<string, { codes: StageCode[]; unknown: string[] }>();
  private readonly industryCache = new Map<
    string,
    { codes: IndustryCode[]; unknown: string[]; sectorAgnostic: boolean }
  >();

  constructor(
    private readonly fieldByColumn: Map<string, ImportField>,
    private readonly options: NormaliserOptions = {},
  ) {
    for (const [column, field] of fieldByColumn) this.columnOf.set(field, column);
    this.mappings = options.mappings ?? valueMappings(undefined);
  }

  /**
   * @param passed the row already passed the shared fund rules on an earlier read of the same file
   *   with this normaliser (the import's writing read): the check, a third of the work, is skipped.
   *   The values come out the same either way, as the normaliser trims what the rules would trim.
   */
  normalise(record: SheetRecord, passed = false): NormaliseResult {
    const raw: Partial<Record<ImportField, string>> = {};
    for (const [column, field] of this.fieldByColumn) {
      const value = record.values.get(column);
      if (value !== undefined && value !== "") raw[field] = value;
    }
    const issues: RowIssue[] = [];
    const keepOut = (field: ImportField, value: string, message: string, mappable = false) => {
      issues.push({ field, column: this.column(field), value, mappable, message });
    };
    try {
      const name = this.name(raw.name);
      const partial = this.options.partial === true;
      const located = partial && !raw.country && !raw.countryCode ? null : this.country(raw, keepOut);
      const fundingStages = partial && !raw.fundingStages ? [] : this.stages(raw.fundingStages, keepOut);
      const { codes: industryFocus, sectorAgnostic } = this.industries(raw.industryFocus, keepOut);
      const money = this.money(raw, keepOut);
      const fund: FundInput = {
        name,
        country: located?.country.name ?? "",
        city: this.text("city", raw.city, FUND_LIMITS.city, keepOut) ?? located?.city ?? null,
        website: this.url("website", raw.website, keepOut),
        linkedin: this.url("linkedin", raw.linkedin, keepOut),
        fundingStages,
        industryFocus,
        ...money,
        leadsRounds: this.boolean(raw.leadsRounds, keepOut),
        foundedYear: this.year(raw.foundedYear, keepOut),
        description: this.text("description", raw.description, FUND_LIMITS.description, keepOut),
        fundManager: this.text("fundManager", raw.fundManager, FUND_LIMITS.fundManager, keepOut),
        lastReviewed: this.date("lastReviewed", raw.lastReviewed, keepOut) ?? this.options.reviewedDefault ?? null,
      };
      const status = this.status(raw.status, keepOut);
      const statusAsOf = status === null ? null : this.asOf(raw.statusAsOf, keepOut);
      let valid = fund;
      if (!passed) {
        // A row may leave its industries unknown (an empty cell, or 'Sector Agnostic' alone): the
        // shared rules take an empty list as not disclosed. An update row without a country is
        // checked with a stand-in one: it names a stored fund, whose country it keeps.
        const checked = fundInputSchema.safeParse(located ? fund : { ...fund, country: "-" });
        if (!checked.success) throw new RowError(checked.error.issues.map((issue) => issue.message).join(" "));
        valid = { ...checked.data, country: fund.country };
      }
      const source =
        this.options.forceSource ??
        this.text("source", raw.source, 100, keepOut) ??
        this.options.defaultSource ??
        "import";
      const partialLists = [...new Set(issues.map((issue) => issue.field))].filter(
        (field): field is ListField => field === "fundingStages" || field === "industryFocus",
      );
      const missingForNew = [
        ...(located ? [] : ["country"]),
        ...(partial && fundingStages.length === 0 ? ["funding stage"] : []),
      ];
      return {
        ok: true,
        fund: { ...valid, countryCode: located?.country.code ?? null, source, sectorAgnostic, status },
        issues,
        partialLists,
        statusAsOf,
        countryStated: located !== null,
        missingForNew,
      };
    } catch (error) {
      if (error instanceof RowError) return { ok: false, error: error.message, issues };
      throw error;
    }
  }

  private column(field: ImportField): string {
    return this.columnOf.get(field) ?? field;
  }

  /** "(column 'HQ', value 'Atlantis')": where the admin finds what failed. */
  private where(field: ImportField, value?: string): string {
    const column = this.columnOf.get(field);
    if (!column) return "(no column is mapped to it)";
    if (value === undefined) return `(column '${column}' is empty)`;
    const shown = value.length > 80 ? `${graphemePrefix(value, 80)}…` : value;
    return `(column '${column}', value '${shown.replace(/\s+/g, " ")}')`;
  }

  private name(value: string | undefined): string {
    const text = value?.replace(/\s+/g, " ").trim();
    if (!text) throw new RowError(`name is required ${this.where("name")}`);
    if (text.length > FUND_LIMITS.name) {
      throw new RowError(`name is longer than ${FUND_LIMITS.name} characters ${this.where("name", text)}`);
    }
    return text;
  }

  private country(
    raw: Partial<Record<ImportField, string>>,
    keepOut: (field: ImportField, value: string, message: string, mappable?: boolean) => void,
  ): { country: Country; city: string | null } {
    const value = raw.country?.replace(/\s+/g, " ").trim();
    const codeValue = raw.countryCode?.trim();
    if (value) {
      const mapped = this.mappings.country.get(matchKey(value));
      const country =
        mapped === null ? null : mapped !== undefined ? (countryByCode(mapped) ?? null) : resolveCountry(value);
      if (!country) {
        keepOut("country", value, "not a country the import knows", mapped !== null);
        throw new RowError(`no usable country ${this.where("country", value)}`);
      }
      // 'Berlin, Germany': the first part is the city when the file has no city column of its own.
      const parts = value.split(",").map((part) => part.trim());
      const city =
        parts.length >= 2 && !this.columnOf.has("city") && parts[0] && parts[0].length <= 100 ? parts[0] : null;
      return { country, city };
    }
    if (codeValue) {
      const country = resolveCountry(codeValue.toUpperCase());
      if (country) return { country, city: null };
      keepOut("countryCode", codeValue, "not a country code");
      throw new RowError(`no usable country ${this.where("countryCode", codeValue)}`);
    }
    throw new RowError(`country is required ${this.where("country")}`);
  }

  private stages(
    value: string | undefined,
    keepOut: (field: ImportField, value: string, message: string, mappable?: boolean) => void,
  ): StageCode[] {
    if (!value) throw new RowError(`funding stage is required ${this.where("fundingStages")}`);
    let parsed = this.stageCache.get(value);
    if (!parsed) {
      const codes = new Set<StageCode>();
      const unknown: string[] = [];
      for (const item of splitList(value)) {
        const found = this.lookup(item, this.mappings.fundingStages, stageCodes);
        if (found === null) continue;
        if (!found) {
          unknown.push(item);
          continue;
        }
        for (const code of found) codes.add(code as StageCode);
      }
      parsed = { codes: sortStages([...codes]), unknown };
      if (this.stageCache.size < 20_000) this.stageCache.set(value, parsed);
    }
    for (const item of parsed.unknown) keepOut("fundingStages", item, "not a funding stage the import knows", true);
    if (parsed.codes.length === 0) throw new RowError(`no usable funding stage ${this.where("fundingStages", value)}`);
    return parsed.codes;
  }

  /**
   * The industry cell: codes, and whether it says the fund invests across sectors ('Sector
   * Agnostic', 'Generalist'). An empty cell, or one saying only that, leaves the industries unknown
   * (an empty list); a cell naming industries of which none is known fails the row.
   */
  private industries(
    value: string | undefined,
    keepOut: (field: ImportField, value: string, message: string, mappable?: boolean) => void,
  ): { codes: IndustryCode[]; sectorAgnostic: true | null } {
    if (!value) return { codes: [], sectorAgnostic: null };
    let parsed = this.industryCache.get(value);
    if (!parsed) {
      const codes: IndustryCode[] = [];
      const unknown: string[] = [];
      let sectorAgnostic = false;
      for (const item of splitList(value)) {
        if (!this.mappings.industryFocus.has(matchKey(item)) && isSectorAgnostic(item)) {
          sectorAgnostic = true;
          continue;
        }
        const found = this.lookup(item, this.mappings.industryFocus, industryCodes);
        if (found === null) continue;
        if (!found) {
          unknown.push(item);
          continue;
        }
        for (const code of found) if (!codes.includes(code as IndustryCode)) codes.push(code as IndustryCode);
      }
      parsed = { codes, unknown, sectorAgnostic };
      if (this.industryCache.size < 20_000) this.industryCache.set(value, parsed);
    }
    for (const item of parsed.unknown) keepOut("industryFocus", item, "not an industry the import knows", true);
    if (parsed.codes.length === 0 && !parsed.sectorAgnostic && parsed.unknown.length > 0) {
      throw new RowError(`no usable industry focus ${this.where("industryFocus", value)}`);
    }
    return { codes: [...parsed.codes], sectorAgnostic: parsed.sectorAgnostic ? true : null };
  }

  /**
   * One list item: the admin's mapping first (null = dropped), then the tables for the whole item,
   * then its parts ('Seed/Series A'). Undefined when nothing fits.
   */
  private lookup(
    item: string,
    mapping: Map<string, string | null>,
    table: (item: string) => readonly string[] | undefined,
  ): readonly string[] | null | undefined {
    const mapped = mapping.get(matchKey(item));
    if (mapped === null) return null;
    if (mapped !== undefined) return [mapped];
    const whole = table(item);
    if (whole) return whole;
    const parts = item.split(ITEM_SPLIT).filter((part) => part.trim() !== "");
    if (parts.length < 2) return undefined;
    const found: string[] = [];
    for (const part of parts) {
      const codes = mapping.get(matchKey(part)) ?? table(part);
      if (!codes) return undefined;
      found.push(...(typeof codes === "string" ? [codes] : codes));
    }
    return found;
  }

  private money(
    raw: Partial<Record<ImportField, string>>,
    keepOut: (field: ImportField, value: string, message: string, mappable?: boolean) => void,
  ): Pick<FundInput, "fundSize" | "currency" | "checkSizeMinUsd" | "checkSizeMaxUsd"> {
    let currency: string | null = null;
    // A code the product does not convert: a fund size in it could never be compared, and taken
    // as USD it would be wrong; the size is left out with it, unless it names its own currency.
    let unconverted: string | null = null;
    if (raw.currency) {
      const code = raw.currency.trim().toUpperCase();
      const symbol = parseMoney(`${raw.currency.trim()}1`)?.currency;
      if (isConvertedCurrency(code)) currency = code;
      else if (symbol) currency = symbol;
      else if (/^[A-Z]{3}$/.test(code)) {
        unconverted = code;
        keepOut("currency", raw.currency, "a currency without a reference rate to USD");
      } else keepOut("currency", raw.currency, "not a currency");
    }
    let fundSize: number | null = null;
    if (raw.fundSize) {
      const parsed = parseMoney(raw.fundSize);
      // Whole units, as every stored amount is ('1.2345k' is 1,235).
      const amount = parsed ? Math.round(parsed.max ?? parsed.min ?? Number.NaN) : null;
      if (amount === null || !(amount > 0) || amount > FUND_LIMITS.maxAmount) {
        keepOut("fundSize", raw.fundSize, "not an amount");
      } else if (parsed?.currency && currency && parsed.currency !== currency) {
        keepOut("fundSize", raw.fundSize, `in ${parsed.currency} while the currency column says ${currency}`);
      } else if (!parsed?.currency && unconverted) {
        keepOut("fundSize", raw.fundSize, `in ${unconverted}, which has no reference rate to USD`);
      } else {
        fundSize = amount;
        currency = parsed?.currency ?? currency ?? "USD";
      }
    }
    if (fundSize === null && !raw.fundSize) currency = null;
    if (fundSize === null) currency = null;

    let min: number | null = null;
    let max: number | null = null;
    const usd = (field: ImportField, text: string, pick: "min" | "max" | "both") => {
      const parsed = parseMoney(text);
      if (!parsed) {
        keepOut(field, text, "not an amount or a range");
        return;
      }
      const low = parsed.min === null ? null : toUsd(parsed.min, parsed.currency);
      const high = parsed.max === null ? null : toUsd(parsed.max, parsed.currency);
      if ((parsed.min !== null && low === null) || (parsed.max !== null && high === null)) {
        keepOut(field, text, `in ${parsed.currency}, which has no reference rate to USD`);
        return;
      }
      if (pick === "both") {
        min = low;
        max = high;
      } else if (pick === "min") min = low ?? high;
      else max = high ?? low;
    };
    if (raw.checkSize) usd("checkSize", raw.checkSize, "both");
    if (raw.checkSizeMinUsd) usd("checkSizeMinUsd", raw.checkSizeMinUsd, "min");
    if (raw.checkSizeMaxUsd) usd("checkSizeMaxUsd", raw.checkSizeMaxUsd, "max");
    const checkMin = min as number | null;
    const checkMax = max as number | null;
    if (
      (checkMin !== null && checkMin > FUND_LIMITS.maxAmount) ||
      (checkMax !== null && checkMax > FUND_LIMITS.maxAmount) ||
      (checkMin !== null && checkMax !== null && checkMin > checkMax)
    ) {
      const field = raw.checkSize ? "checkSize" : "checkSizeMinUsd";
      keepOut(
        field,
        raw.checkSize ?? raw.checkSizeMinUsd ?? "",
        "a check size range whose minimum is above its maximum",
      );
      return { fundSize, currency, checkSizeMinUsd: null, checkSizeMaxUsd: null };
    }
    return { fundSize, currency, checkSizeMinUsd: checkMin, checkSizeMaxUsd: checkMax };
  }

  private text(
    field: ImportField,
    value: string | undefined,
    max: number,
    keepOut: (field: ImportField, value: string, message: string) => void,
  ): string | null {
    const text = value?.replace(/\s+/g, " ").trim();
    if (!text) return null;
    if (text.length > max) {
      keepOut(field, text, `longer than ${max} characters`);
      return null;
    }
    return text;
  }

  private url(
    field: ImportField,
    value: string | undefined,
    keepOut: (field: ImportField, value: string, message: string) => void,
  ): string | null {
    const text = value?.trim();
    if (!text) return null;
    const candidate = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
    try {
      const url = new URL(candidate);
      if (
        (url.protocol === "https:" || url.protocol === "http:") &&
        url.hostname.includes(".") &&
        url.href.length <= FUND_LIMITS.url
      ) {
        return url.toString();
      }
    } catch {
      // Reported below like any other unreadable address.
    }
    keepOut(field, text, "not a web address");
    return null;
  }

  private boolean(
    value: string | undefined,
    keepOut: (field: ImportField, value: string, message: string) => void,
  ): boolean | null {
    if (!value) return null;
    const normalised = value.trim().toLowerCase();
    if (["true", "yes", "y", "1", "lead", "leads", "x"].includes(normalised)) return true;
    if (["false", "no", "n", "0", "follow", "follows", "follower"].includes(normalised)) return false;
    keepOut("leadsRounds", value, "neither yes nor no");
    return null;
  }

  private year(
    value: string | undefined,
    keepOut: (field: ImportField, value: string, message: string) => void,
  ): number | null {
    if (!value) return null;
    const year = Number(value.trim());
    if (Number.isInteger(year) && year >= FUND_LIMITS.minYear && year <= latestFoundedYear()) return year;
    keepOut("foundedYear", value, `not a year between ${FUND_LIMITS.minYear} and ${latestFoundedYear()}`);
    return null;
  }

  /** A status cell: one of the sourced statuses, null when empty; a word the import does not know is left out. */
  private status(
    value: string | undefined,
    keepOut: (field: ImportField, value: string, message: string) => void,
  ): FundStatus | null {
    if (!value) return null;
    const code = statusCode(value);
    if (code && this.options.statusSourced !== true) {
      keepOut("status", value, "a status, which needs the import's source: name the publication that reports it");
      return null;
    }
    if (code) return code;
    keepOut("status", value, "not a status the import knows (winding down, not raising, paused)");
    return null;
  }

  /** A fact's own date: YYYY, YYYY-MM or a day (any form `date` reads). */
  private asOf(
    value: string | undefined,
    keepOut: (field: ImportField, value: string, message: string) => void,
  ): string | null {
    if (!value) return null;
    const text = value.trim();
    return AS_OF_PATTERN.test(text) ? text : this.date("statusAsOf", value, keepOut);
  }

  private date(
    field: ImportField,
    value: string | undefined,
    keepOut: (field: ImportField, value: string, message: string) => void,
  ): string | null {
    if (!value) return null;
    const text = value.trim();
    const date = /^\d{4}-\d{2}-\d{2}/.test(text) ? new Date(`${text.slice(0, 10)}T00:00:00Z`) : new Date(text);
    if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1900 || date.getUTCFullYear() > 2200) {
      keepOut(field, value, "not a date");
      return null;
    }
    if (/^\d{4}-\d{2}-\d{2}/.test(text)) return text.slice(0, 10);
    // A date without a zone ('21 Nov 2026') is that calendar day, wherever the server runs.
    const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
    return local.toISOString().slice(0, 10);
  }
}

function splitList(value: string): string[] {
  return value
    .split(LIST_SEPARATOR)
    .map((part) => part.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

/** The warning a row gets for a value kept out of its fund. */
export function issueText(issue: RowIssue): string {
  return `${fieldLabel(issue.field)} '${issue.value.length > 80 ? `${graphemePrefix(issue.value, 80)}…` : issue.value}' in column '${issue.column}' is ${issue.message}; left out`;
}

const FIELD_LABELS: Record<ImportField, string> = {
  name: "Name",
  country: "Country",
  countryCode: "Country code",
  city: "City",
  website: "Website",
  linkedin: "LinkedIn",
  fundingStages: "Funding stage",
  industryFocus: "Industry",
  fundSize: "Fund size",
  currency: "Currency",
  checkSize: "Check size",
  checkSizeMinUsd: "Minimum check size",
  checkSizeMaxUsd: "Maximum check size",
  leadsRounds: "Leads rounds",
  foundedYear: "Founded year",
  description: "Description",
  fundManager: "Fund manager",
  source: "Source",
  status: "Status",
  statusAsOf: "Status date",
  lastReviewed: "Last reviewed",
};

function fieldLabel(field: ImportField): string {
  return FIELD_LABELS[field];
}

export { IMPORT_FIELDS };
