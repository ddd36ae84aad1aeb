import { z } from "zod";

export const IMPORT_MODES = ["skip_duplicates", "update_duplicates", "allow_duplicates"] as const;
export const importModeSchema = z.enum(IMPORT_MODES);
export type ImportMode = z.infer<typeof importModeSchema>;

export const importRowErrorSchema = z.object({
  row: z.union([z.number().int(), z.literal("N/A")]),
  error: z.string(),
});

/** Result of a fund import. */
export const importResultSchema = z.object({
  successfulImports: z.number().int(),
  failedImports: z.number().int(),
  duplicatesFound: z.number().int(),
  duplicatesSkipped: z.number().int(),
  duplicatesUpdated: z.number().int(),
  errors: z.array(importRowErrorSchema),
});

export type ImportResult = z.infer<typeof importResultSchema>;
