import { z } from "zod/mini";
import { CURRENCY_MESSAGE, isConvertedCurrency } from "../currency-rates.js";
import { AS_OF_PATTERN, type FundStatus, isFundStatus } from "../fund-facts.js";
import { INDUSTRY_CODES, type IndustryCode, isIndustryCode } from "../industries.js";
import { sourceAddressError, sourceAddressProblem } from "../source-address.js";
import { isStageCode, STAGE_CODES, type StageCode } from "../stages.js";
// The control-character rule itself, zod-free: schemas/fields.ts would bring classic zod to the client.
import { noControlCharacters, type TextKind } from "../text-rules.js";

const stageCode = (value: unknown): value is StageCode => typeof value === "string" && isStageCode(value);
const industryCode = (value: unknown): value is IndustryCode => typeof value === "string" && isIndustryCode(value);

/**
 * A fund as an admin may store it: the one rule set for every way a fund is written. The import
 * checks each normalised row against it, the admin's Edit form validates with it in the browser,
 * and the update call validates its body with it. zod/mini, so that the admin chunk does not pull
 * classic zod into the client (docs/decisions/0006); the server's route accepts zod/mini schemas.
 * Codes, numbers and patterns are checked with z.custom and z.refine rather than z.enum, z.int,
 * z.gte or z.regex: zod's code lives in one chunk that the home page preloads, so every kind of
 * check the admin's form uses is paid for on the home page (those four cost 0.9 KB gzip).
 */
export const FUND_LIMITS = {
  name: 200,
  country: 100,
  city: 100,
  description: 2000,
  fundManager: 200,
  url: 500,
  maxAmount: 1e15,
  minYear: 1800,
  portfolio: 50,
  portfolioName: 200,
} as const;

/** The latest founding year a fund can have: next year (a fund announced for January). */
export const latestFoundedYear = () => new Date().getUTCFullYear() + 1;

const optionalText = (label: string, max: number, kind: TextKind = "single-line") =>
  z.nullable(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(max, `${label} must be at most ${max} characters.`),
        z.refine(...noControlCharacters(label, kind)),
      ),
  );

const webAddress = (label: string) =>
  z.nullable(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(FUND_LIMITS.url, `${label} must be at most ${FUND_LIMITS.url} characters.`),
        z.refine(...noControlCharacters(label)),
        z.refine(isWebAddress, `${label} must be a web address starting with http:// or https://.`),
      ),
  );

/** The source rule's refusal of an http(s) address; what is no such address is the web address rule's to say. */
const refusedSource = (value: string) =>
  sourceAddressProblem(value)?.kind === "not-web" ? null : sourceAddressError(value);

/**
 * A fact's source: a web address that passes the one source rule (src/shared/source-address.ts):
 * no IP address, no staging or development host, no copy of the publication (issue 36). The rule's
 * own sentence is the message ("Use the publication's own address, ..."); an address that is no web
 * address at all gets the web address's message only.
 */
const sourceAddress = (label: string) =>
  z.nullable(
    z.string().check(
      z.trim(),
      z.maxLength(FUND_LIMITS.url, `${label} must be at most ${FUND_LIMITS.url} characters.`),
      z.refine(...noControlCharacters(label)),
      // First, so that its sentence is the answer's: an IPv6 host is no web address to the rule below either.
      z.refine((value) => refusedSource(value) === null, {
        error: (issue) => refusedSource(String(issue.input)) ?? "",
      }),
      z.refine(isWebAddress, `${label} must be a web address starting with http:// or https://.`),
    ),
  );

/**
 * An amount in whole units of its currency: the cheque columns are integers (a fraction failed
 * there with a 500), and no fund states its size in cents.
 */
const amount = (label: string) =>
  z.nullable(
    z.number(`${label} must be a number.`).check(
      z.refine(Number.isFinite, `${label} must be a number.`),
      z.refine(Number.isInteger, `${label} must be a whole number.`),
      z.refine((value) => value >= 0, `${label} must not be negative.`),
      z.refine((value) => value <= FUND_LIMITS.maxAmount, `${label} is too large.`),
    ),
  );

export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

export const fundInputSchema = z
  .strictObject({
    name: z
      .string("Name is required.")
      .check(
        z.trim(),
        z.minLength(1, "Name is required."),
        z.maxLength(FUND_LIMITS.name, `Name must be at most ${FUND_LIMITS.name} characters.`),
        z.refine(...noControlCharacters("Name")),
      ),
    country: z
      .string("Country is required.")
      .check(
        z.trim(),
        z.minLength(1, "Country is required."),
        z.maxLength(FUND_LIMITS.country, `Country must be at most ${FUND_LIMITS.country} characters.`),
        z.refine(...noControlCharacters("Country")),
      ),
    city: optionalText("City", FUND_LIMITS.city),
    website: webAddress("Website"),
    linkedin: webAddress("LinkedIn"),
    // Empty means "not disclosed": such a fund is stored and matches only searches that do not
    // filter on that field (cards say "Stages not disclosed" / "Industries not disclosed").
    fundingStages: z
      .array(z.custom<StageCode>(stageCode, "Choose funding stages from the list."))
      .check(z.maxLength(STAGE_CODES.length, "Too many funding stages.")),
    industryFocus: z
      .array(z.custom<IndustryCode>(industryCode, "Choose industries from the list."))
      .check(z.maxLength(INDUSTRY_CODES.length, "Too many industries.")),
    /** True: the fund invests across sectors (it matches every industry search); null: not stated. Absent: unchanged. */
    sectorAgnostic: z.optional(z.nullable(z.boolean("Sector agnostic must be yes, no or unknown."))),
    /** Notable portfolio companies' names; absent: unchanged. */
    portfolio: z.optional(
      z
        .array(
          z
            .string("Each portfolio company must be a name.")
            .check(
              z.trim(),
              z.minLength(1, "A portfolio company's name must not be empty."),
              z.maxLength(
                FUND_LIMITS.portfolioName,
                `A portfolio company's name must be at most ${FUND_LIMITS.portfolioName} characters.`,
              ),
              z.refine(...noControlCharacters("Each portfolio company")),
            ),
        )
        .check(z.maxLength(FUND_LIMITS.portfolio, `At most ${FUND_LIMITS.portfolio} portfolio companies.`)),
    ),
    fundSize: amount("Fund size"),
    currency: z.nullable(z.string(CURRENCY_MESSAGE).check(z.trim(), z.refine(isConvertedCurrency, CURRENCY_MESSAGE))),
    checkSizeMinUsd: amount("Minimum check size"),
    checkSizeMaxUsd: amount("Maximum check size"),
    leadsRounds: z.nullable(z.boolean("Leads rounds must be yes, no or unknown.")),
    foundedYear: z.nullable(
      z.number("Founded year must be a year.").check(
        z.refine(Number.isInteger, "Founded year must be a year."),
        z.refine((year) => year >= FUND_LIMITS.minYear, `Founded year must be ${FUND_LIMITS.minYear} or later.`),
        z.refine((year) => year <= latestFoundedYear(), "Founded year cannot be in the future."),
      ),
    ),
    description: optionalText("Description", FUND_LIMITS.description, "multi-line"),
    fundManager: optionalText("Fund manager", FUND_LIMITS.fundManager),
    /**
     * Whether the firm still invests as a source reports it (issue 36): winding_down, not_raising or
     * paused, null = no source says so; absent: unchanged. A status needs its source's address and
     * its date (checked below); clearing one may name the source that says it invests again.
     */
    status: z.optional(
      z.nullable(z.custom<FundStatus>(isFundStatus, "Status must be winding down, not raising or paused.")),
    ),
    statusSourceUrl: z.optional(sourceAddress("The status's source")),
    /** The status's own date: YYYY, YYYY-MM or YYYY-MM-DD. */
    statusAsOf: z.optional(
      z.nullable(
        z
          .string()
          .check(
            z.refine((value) => AS_OF_PATTERN.test(value), "The status's date must be YYYY, YYYY-MM or YYYY-MM-DD."),
          ),
      ),
    ),
    lastReviewed: z.nullable(
      z.string().check(
        z.refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value), "Last reviewed must be a date (YYYY-MM-DD)."),
        z.refine((value) => !Number.isNaN(Date.parse(value)), "Last reviewed must be a date (YYYY-MM-DD)."),
      ),
    ),
  })
  .check(
    z.refine(
      (fund) =>
        fund.checkSizeMinUsd === null || fund.checkSizeMaxUsd === null || fund.checkSizeMinUsd <= fund.checkSizeMaxUsd,
      { message: "Minimum check size must not be above the maximum.", path: ["checkSizeMaxUsd"] },
    ),
    z.refine((fund) => !fund.status || Boolean(fund.statusSourceUrl), {
      message: "A status needs its source: the address of the publication that reports it.",
      path: ["statusSourceUrl"],
    }),
    z.refine((fund) => !fund.status || Boolean(fund.statusAsOf), {
      message: "A status needs its date (YYYY-MM or YYYY-MM-DD).",
      path: ["statusAsOf"],
    }),
    z.refine((fund) => fund.fundSize === null || fund.currency !== null, {
      message: "A fund size needs its currency.",
      path: ["currency"],
    }),
  );

export type FundInput = z.output<typeof fundInputSchema>;
