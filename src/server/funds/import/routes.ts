import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { IMPORT_MODES, type ImportMode, importModeSchema, importResultSchema } from "../../../shared/schemas/import.js";
import { invalid, tooLarge, unsupportedMediaType } from "../../errors.js";
import { ROUTE_LIMITS } from "../../http/rate-limits.js";
import type { FundImportService } from "./service.js";

export const FILE_REQUIRED = "A file is required.";

/** 50 MB, 1.5 MB, 16 KB: the limit as a person reads it. */
const readableSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;

/**
 * The admin's fund import, registered inside the admin scope (behind its guard): a multipart form
 * with the spreadsheet in `file` and an optional `importMode` (Skip Duplicates unless told
 * otherwise). The whole file is read before anything is written, and written in one transaction.
 */
export const fundImportRoutes =
  (imports: FundImportService, maxBytes: number): FastifyPluginAsyncZod =>
  async (app) => {
    // Multipart is parsed in this scope only: no other route takes uploads.
    await app.register(multipart, {
      limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 50 },
    });

    app.post(
      "/import",
      { schema: { response: { 200: importResultSchema } }, config: { rateLimit: ROUTE_LIMITS.import } },
      async (request) => {
        if (!request.isMultipart())
          throw unsupportedMediaType("Send the file as multipart/form-data, in a 'file' field.");
        let file: { buffer: Buffer; fileName: string; mimeType: string } | undefined;
        let mode: unknown;
        try {
          for await (const part of request.parts()) {
            if (part.type === "file") {
              // Only the first 'file' part counts; anything else is drained unread.
              if (part.fieldname !== "file" || file) {
                part.file.resume();
                continue;
              }
              file = { buffer: await part.toBuffer(), fileName: part.filename ?? "", mimeType: part.mimetype ?? "" };
            } else if (part.fieldname === "importMode") {
              mode = part.value;
            }
          }
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === "FST_REQ_FILE_TOO_LARGE") {
            throw tooLarge(`The file is larger than ${readableSize(maxBytes)}, the most an import takes.`);
          }
          // Anything else here is a malformed upload (broken boundaries, too many parts or fields).
          request.log.debug({ err: error }, "fund import upload refused");
          throw invalid("The upload could not be read; send one file as multipart/form-data.");
        }
        if (!file || file.buffer.length === 0) throw invalid(FILE_REQUIRED);
        const parsedMode = importModeSchema.safeParse(mode === undefined || mode === "" ? "skip_duplicates" : mode);
        if (!parsedMode.success) throw invalid(`importMode must be one of: ${IMPORT_MODES.join(", ")}.`);
        request.log.info({ file: file.fileName, bytes: file.buffer.length, mode: parsedMode.data }, "fund import");
        return imports.upload(file, parsedMode.data as ImportMode);
      },
    );
  };
