/**
 * The import's constants, free of zod: the client's admin chunk takes them from here, so that
 * classic zod stays out of the browser (docs/decisions/0006). schemas/import.ts re-exports them.
 */
export const IMPORT_MODES = ["skip_duplicates", "update_duplicates", "allow_duplicates"] as const;
export type ImportModeValue = (typeof IMPORT_MODES)[number];

/**
 * The fields a spreadsheet column can feed. `checkSize` is a single cheque column ('$250K - $2M')
 * that fills both ends of the range; the other two take one end each.
 */
export const IMPORT_FIELDS = [
  "name",
  "country",
  "countryCode",
  "city",
  "website",
  "linkedin",
  "fundingStages",
  "industryFocus",
  "fundSize",
  "currency",
  "checkSize",
  "checkSizeMinUsd",
  "checkSizeMaxUsd",
  "leadsRounds",
  "foundedYear",
  "description",
  "fundManager",
  "source",
  // Whether the firm still invests, as the file's source reports it (issue 36), and since when.
  "status",
  "statusAsOf",
  "lastReviewed",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Every fund needs these; a file (or a mapping) without a column for each is refused. */
export const REQUIRED_IMPORT_FIELDS = ["name", "country", "fundingStages", "industryFocus"] as const;

/**
 * What an 'Update Duplicates' file needs: the name (and a country column where names repeat, which
 * each row's lookup says): it changes only the columns it has (issue 36).
 */
export const REQUIRED_UPDATE_FIELDS = ["name"] as const;

/** The columns a file must have in a mode. */
export function requiredImportFields(mode: ImportModeValue): readonly ImportField[] {
  return mode === "update_duplicates" ? REQUIRED_UPDATE_FIELDS : REQUIRED_IMPORT_FIELDS;
}

/** The fields whose unknown values the admin can map to one of our codes. */
export const MAPPABLE_FIELDS = ["country", "fundingStages", "industryFocus"] as const;
export type MappableField = (typeof MAPPABLE_FIELDS)[number];

/**
 * What the import call streams when the client asks for `application/x-ndjson`: progress lines,
 * then one result or error line (docs/decisions/0015-import-progress.md).
 */
export type ImportProgressPhase = "reading" | "checking" | "writing";
export type ImportStreamLine =
  | { type: "progress"; phase: ImportProgressPhase; processed: number; total: number }
  | { type: "result"; result: ImportResultShape }
  | { type: "error"; status: number; error: string };

export const IMPORT_STREAM_TYPE = "application/x-ndjson";

/** The result's shape, for the stream line (the zod schema in schemas/import.ts is the contract). */
type ImportResultShape = {
  successfulImports: number;
  failedImports: number;
  duplicatesFound: number;
  duplicatesSkipped: number;
  duplicatesUpdated: number;
  errors: Array<{ row: number | "N/A"; error: string }>;
  warnings?: Array<{ row: number; warning: string }> | undefined;
  importId?: number | undefined;
};
