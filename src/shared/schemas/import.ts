import { z } from "zod";
import { HISTORY_FIELDS } from "../fund-history.js";
import { IMPORT_FIELDS, IMPORT_MODES } from "../import-constants.js";
import { INDUSTRY_CODES } from "../industries.js";
import { STAGE_CODES } from "../stages.js";
import { noControlCharacters } from "./fields.js";

export {
  IMPORT_FIELDS,
  IMPORT_MODES,
  IMPORT_STREAM_TYPE,
  type ImportField,
  type ImportProgressPhase,
  type ImportStreamLine,
  MAPPABLE_FIELDS,
  type MappableField,
  REQUIRED_IMPORT_FIELDS,
  REQUIRED_UPDATE_FIELDS,
  requiredImportFields,
} from "../import-constants.js";

export const importModeSchema = z.enum(IMPORT_MODES);
export type ImportMode = z.infer<typeof importModeSchema>;

export const importRowErrorSchema = z.object({
  row: z.union([z.number().int(), z.literal("N/A")]),
  error: z.string(),
});

export const importRowWarningSchema = z.object({ row: z.number().int(), warning: z.string() });

/** Result of a fund import. `warnings` (values kept out of a stored fund) only when there are some. */
export const importResultSchema = z.object({
  successfulImports: z.number().int(),
  failedImports: z.number().int(),
  duplicatesFound: z.number().int(),
  duplicatesSkipped: z.number().int(),
  duplicatesUpdated: z.number().int(),
  errors: z.array(importRowErrorSchema),
  warnings: z.array(importRowWarningSchema).optional(),
  importId: z.number().int().optional(),
  /**
   * 'Update Duplicates' only: the facts the file would have changed but the fund's own team stated
   * more recently, kept as the team left them (docs/investors.md).
   */
  keptTeamFacts: z.array(z.object({ row: z.number().int(), fund: z.string(), field: z.string() })).optional(),
});

export type ImportResult = z.infer<typeof importResultSchema>;

const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);
const MAX_MAPPED_VALUES = 2000;

const keyedBy = <T extends z.ZodType>(value: T, what: string) =>
  z
    .record(
      z
        .string()
        .min(1)
        .max(500)
        .refine(...noControlCharacters(`Each of the ${what}`)),
      value,
    )
    .refine((record) => Object.keys(record).length <= MAX_MAPPED_VALUES, `Too many ${what} in the mapping.`)
    .refine(
      (record) => Object.keys(record).every((key) => !PROTOTYPE_KEYS.has(key)),
      `Invalid ${what} in the mapping.`,
    );

/**
 * The admin's choices from the preview, sent with the import as JSON in the `mapping` field:
 * which field each column feeds (null = ignore the column), and what an unknown value stands for
 * (a code, or null to drop it). Strict: anything else in it is a 400.
 */
export const importMappingSchema = z.strictObject(
  {
    columns: keyedBy(z.enum(IMPORT_FIELDS).nullable(), "columns").refine((columns) => {
      const fields = Object.values(columns).filter((field) => field !== null);
      return new Set(fields).size === fields.length;
    }, "Each field can be fed by one column only."),
    values: z
      .strictObject({
        country: keyedBy(
          z
            .string()
            .regex(/^[A-Z]{2}$/, "Countries are mapped to 2-letter ISO codes.")
            .nullable(),
          "country values",
        ).optional(),
        fundingStages: keyedBy(z.enum(STAGE_CODES).nullable(), "stage values").optional(),
        industryFocus: keyedBy(z.enum(INDUSTRY_CODES).nullable(), "industry values").optional(),
      })
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `Unknown field(s) in the mapping: ${issue.keys.join(", ")}.` : undefined,
  },
);

export type ImportMapping = z.infer<typeof importMappingSchema>;

/** A fund as the import would store it, shown in the preview. */
export const previewFundSchema = z.object({
  row: z.number().int(),
  /** What the import would do with the row: add a fund, update the stored one, or skip it (a duplicate). */
  action: z.enum(["new", "update", "skip"]),
  name: z.string(),
  country: z.string(),
  countryCode: z.string().nullable(),
  city: z.string().nullable(),
  fundingStages: z.array(z.string()),
  industryFocus: z.array(z.string()),
  fundSize: z.number().nullable(),
  currency: z.string().nullable(),
  checkSizeMinUsd: z.number().nullable(),
  checkSizeMaxUsd: z.number().nullable(),
  website: z.string().nullable(),
  lastReviewed: z.string().nullable(),
  duplicate: z.boolean(),
});

/** One fact an update row would change, from what to what (the fund history's values). */
export const previewChangeSchema = z.object({
  field: z.enum(HISTORY_FIELDS),
  before: z.unknown(),
  after: z.unknown(),
});

export const importPreviewSchema = z.object({
  fileName: z.string(),
  /** The source the facts would carry publicly (the admin's named publication, or the admin); null: none. */
  source: z.object({ name: z.string(), url: z.string().nullable() }).nullable(),
  rowCount: z.number().int(),
  columns: z.array(
    z.object({ column: z.string(), field: z.enum(IMPORT_FIELDS).nullable(), samples: z.array(z.string()) }),
  ),
  /** Required fields no column feeds: the import would refuse the file until one is mapped. */
  missing: z.array(z.enum(IMPORT_FIELDS)),
  /** Values the import cannot read, per column, most frequent first. */
  unknownValues: z.array(
    z.object({
      field: z.enum(IMPORT_FIELDS),
      column: z.string(),
      value: z.string(),
      count: z.number().int(),
      mappable: z.boolean(),
    }),
  ),
  summary: z.object({
    total: z.number().int(),
    newRecords: z.number().int(),
    duplicatesFound: z.number().int(),
    duplicatesSkipped: z.number().int(),
    duplicatesUpdated: z.number().int(),
    failed: z.number().int(),
    withWarnings: z.number().int(),
    /** Update rows that name a stored fund but change none of its facts. */
    unchanged: z.number().int(),
  }),
  errors: z.array(importRowErrorSchema),
  rows: z.array(previewFundSchema),
  /**
   * 'Update Duplicates': per row that changes a stored fund, which facts change from what to what
   * (the first 100 such rows, in the file's order).
   */
  updates: z.array(
    z.object({
      row: z.number().int(),
      fundId: z.number().int(),
      name: z.string(),
      country: z.string(),
      changes: z.array(previewChangeSchema),
    }),
  ),
  /** The countries an unknown country value can be mapped to (ISO code and stored name). */
  countryChoices: z.array(z.object({ code: z.string(), name: z.string() })),
});

export type ImportPreview = z.infer<typeof importPreviewSchema>;
export type PreviewFund = z.infer<typeof previewFundSchema>;

/** One import in the history list. */
export const importRunSchema = z.object({
  id: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  adminEmail: z.string().nullable(),
  fileName: z.string(),
  /** The source the admin named for the file's facts; null: none (the facts are the admin's word). */
  sourceUrl: z.string().nullable(),
  mode: importModeSchema,
  status: z.enum(["completed", "failed"]),
  totalRows: z.number().int(),
  successfulImports: z.number().int(),
  failedImports: z.number().int(),
  duplicatesFound: z.number().int(),
  duplicatesSkipped: z.number().int(),
  duplicatesUpdated: z.number().int(),
  error: z.string().nullable(),
});

export type ImportRun = z.infer<typeof importRunSchema>;

export const importHistorySchema = z.object({ imports: z.array(importRunSchema) });

/**
 * The multipart form of POST /_api/admin/import and its preview. The server reads the parts itself
 * (the file is streamed, its size capped), so this describes the form rather than validating it.
 */
export const importUploadFormSchema = z.object({
  file: z.string().meta({ format: "binary" }).describe("The spreadsheet: CSV, XLS or XLSX."),
  importMode: importModeSchema.optional().describe("What to do with duplicates; skip_duplicates when absent."),
  mapping: z.string().optional().describe("JSON of an ImportMapping: the admin's choices from the preview."),
  sourceUrl: z
    .string()
    .optional()
    .describe(
      "The publication the file's facts come from (http or https); shown with them on the fund pages. Without it the facts are the admin's word ('FundMatch admin').",
    ),
});
