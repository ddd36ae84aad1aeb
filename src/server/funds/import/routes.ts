import { PassThrough } from "node:stream";
import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { isWebAddress } from "../../../shared/schemas/fund-input.js";
import {
  IMPORT_MODES,
  IMPORT_STREAM_TYPE,
  type ImportMapping,
  type ImportMode,
  type ImportStreamLine,
  importHistorySchema,
  importMappingSchema,
  importModeSchema,
  importPreviewSchema,
  importResultSchema,
  importUploadFormSchema,
} from "../../../shared/schemas/import.js";
import { sourceAddressError, sourceAddressProblem } from "../../../shared/source-address.js";
import { hasControlCharacters, stripControlCharacters } from "../../../shared/text-rules.js";
import { DomainError, ERROR_KINDS, invalid, tooLarge, unsupportedMediaType } from "../../errors.js";
import { ROUTE_LIMITS } from "../../http/rate-limits.js";
import type { FundImportService, UploadedFile } from "./service.js";

export const FILE_REQUIRED = "A file is required.";

/** The mapping is JSON in a form field; a preview of a wide file with many unknown values stays well under this. */
const MAPPING_MAX_BYTES = 256 * 1024;

/** 50 MB, 1.5 MB, 16 KB: the limit as a person reads it. */
const readableSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;

type UploadForm = {
  file: UploadedFile;
  mode: ImportMode;
  mapping: ImportMapping | undefined;
  sourceUrl: string | undefined;
};

/** The longest source address a form takes (a fact's source address is kept whole). */
const SOURCE_URL_MAX = 500;

/** Reads the multipart form of a preview or an import: the file, the mode and the admin's mapping. */
async function readUploadForm(request: FastifyRequest, maxBytes: number): Promise<UploadForm> {
  if (!request.isMultipart()) throw unsupportedMediaType("Send the file as multipart/form-data, in a 'file' field.");
  let file: UploadedFile | undefined;
  let mode: unknown;
  let mapping: string | undefined;
  let sourceUrl: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        // Only the first 'file' part counts; anything else is drained unread.
        if (part.fieldname !== "file" || file) {
          part.file.resume();
          continue;
        }
        // The name is stored with the import's history: control characters (a NUL) are dropped.
        const fileName = stripControlCharacters(part.filename ?? "").replace(/\s+/g, " ");
        file = { buffer: await part.toBuffer(), fileName, mimeType: part.mimetype ?? "" };
      } else if (part.fieldname === "importMode") {
        mode = part.value;
      } else if (part.fieldname === "mapping") {
        mapping = typeof part.value === "string" ? part.value : undefined;
      } else if (part.fieldname === "sourceUrl") {
        sourceUrl = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") {
      throw tooLarge(`The file is larger than ${readableSize(maxBytes)}, the most an import takes.`);
    }
    if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT" || code === "FST_FILES_LIMIT") {
      throw invalid("The upload has too many parts; send one file, the mode, the mapping and the source.");
    }
    // Anything else here is a malformed upload (broken boundaries, a field over its size).
    request.log.debug({ err: error }, "fund import upload refused");
    throw invalid("The upload could not be read; send one file as multipart/form-data.");
  }
  if (!file || file.buffer.length === 0) throw invalid(FILE_REQUIRED);
  const parsedMode = importModeSchema.safeParse(mode === undefined || mode === "" ? "skip_duplicates" : mode);
  if (!parsedMode.success) throw invalid(`importMode must be one of: ${IMPORT_MODES.join(", ")}.`);
  return { file, mode: parsedMode.data, mapping: parseMapping(mapping), sourceUrl: parseSourceUrl(sourceUrl) };
}

const NOT_A_WEB_ADDRESS = "sourceUrl must be the publication's web address, starting with http:// or https://.";

/**
 * The publication the admin names for the file's facts (issue 36): shown with them on the public
 * pages, so it must be an http(s) address a founder can open. Empty: none named.
 */
function parseSourceUrl(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === "string" ? value.trim() : "";
  if (text === "") return undefined;
  if (text.length > SOURCE_URL_MAX || hasControlCharacters(text)) throw invalid(NOT_A_WEB_ADDRESS);
  // The one source rule (issue 36): no IP address (an IPv6 one is no web address below either, so
  // the rule speaks first), staging host or copy; nothing is stripped to pass it.
  if (sourceAddressProblem(text)?.kind !== "not-web") {
    const refused = sourceAddressError(text);
    if (refused) throw invalid(refused);
  }
  if (!isWebAddress(text)) throw invalid(NOT_A_WEB_ADDRESS);
  return new URL(text).toString();
}

function parseMapping(text: string | undefined): ImportMapping | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  let json: unknown;
  try {
    // Without a reviver: in the test suite's shared workers, JSON.parse("{", reviver) was seen to
    // answer {} instead of throwing (twice in a day, never alone), so the syntax is checked by the
    // plain parse and the reserved keys by a walk of what it built (JSON.parse makes them own keys).
    json = JSON.parse(text);
  } catch {
    throw invalid("The mapping is not valid JSON.");
  }
  // A key such as __proto__ would vanish (or worse) on its way through an object: refused outright.
  if (namesReservedKey(json)) throw invalid("The mapping is invalid: it names a reserved key.");
  const parsed = importMappingSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` (at ${issue.path.map(String).join(".")})` : "";
    throw invalid(`The mapping is invalid${where}: ${issue?.message ?? "unexpected value"}`);
  }
  return parsed.data;
}

const RESERVED_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Whether a parsed JSON value has a reserved key at any depth. Iterative: a 256 KB mapping can nest
 * 128,000 deep, past what a recursive walk's stack holds.
 */
function namesReservedKey(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (item === null || typeof item !== "object") continue;
    if (Array.isArray(item)) {
      for (const child of item) pending.push(child);
      continue;
    }
    for (const [key, child] of Object.entries(item)) {
      if (RESERVED_KEYS.has(key)) return true;
      pending.push(child);
    }
  }
  return false;
}

/** An error after the progress stream began: the same status and message the JSON answer would have had. */
function streamError(error: unknown): { status: number; error: string } {
  if (error instanceof DomainError) return { status: ERROR_KINDS[error.kind], error: error.message };
  return { status: 500, error: "Something went wrong on our side. Please try again." };
}

/**
 * The admin's fund import, registered inside the admin scope (behind its guard): a preview, the
 * import itself (a multipart form with the spreadsheet in `file`, an optional `importMode`, Skip
 * Duplicates unless told otherwise, and an optional `mapping` from the preview), and the history.
 * A client that accepts application/x-ndjson gets the import's progress streamed before the result
 * (docs/decisions/0015-import-progress.md); any other client gets the result as one JSON object.
 */
export const fundImportRoutes =
  (imports: FundImportService, maxBytes: number): FastifyPluginAsyncZod =>
  async (app) => {
    // Multipart is parsed in this scope only: no other route takes uploads.
    await app.register(multipart, {
      limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: MAPPING_MAX_BYTES, parts: 7, headerPairs: 50 },
    });

    const documentedInput = {
      body: {
        contentType: "multipart/form-data",
        schema: importUploadFormSchema,
        description: "The spreadsheet and the choices.",
      },
    };

    app.post(
      "/import/preview",
      {
        schema: { response: { 200: importPreviewSchema } },
        config: { rateLimit: ROUTE_LIMITS.import, documentedInput },
      },
      async (request) => {
        const form = await readUploadForm(request, maxBytes);
        return imports.preview(form);
      },
    );

    app.post(
      "/import",
      {
        schema: {
          response: {
            200: {
              description: `The import's result; with Accept: ${IMPORT_STREAM_TYPE}, progress lines ({type: "progress"}) first, then {type: "result"} or {type: "error"}, one JSON object a line.`,
              content: {
                "application/json": { schema: importResultSchema },
                [IMPORT_STREAM_TYPE]: { schema: z.string() },
              },
            },
          },
        },
        config: { rateLimit: ROUTE_LIMITS.import, documentedInput },
      },
      async (request, reply) => {
        const form = await readUploadForm(request, maxBytes);
        const user = request.user;
        const actor = user ? { id: user.id, email: user.email } : null;
        request.log.info({ file: form.file.fileName, bytes: form.file.buffer.length, mode: form.mode }, "fund import");
        if (!request.headers.accept?.includes(IMPORT_STREAM_TYPE)) return imports.upload({ ...form, actor });

        // The stream opens with the first progress report, after the file has been read and checked
        // as a whole: a refused file still gets its plain 4xx answer.
        let stream: PassThrough | null = null;
        const write = (line: ImportStreamLine) => {
          if (!stream) {
            stream = new PassThrough();
            reply
              .header("content-type", `${IMPORT_STREAM_TYPE}; charset=utf-8`)
              .header("cache-control", "no-store")
              // Proxies such as nginx would otherwise hold the lines back until the end.
              .header("x-accel-buffering", "no");
            void reply.send(stream as never);
          }
          stream.write(`${JSON.stringify(line)}\n`);
        };
        try {
          const result = await imports.upload({
            ...form,
            actor,
            onProgress: (progress) => {
              if (progress.phase !== "reading") write({ type: "progress", ...progress });
            },
          });
          if (!stream) return result;
          write({ type: "result", result });
        } catch (error) {
          if (!stream) throw error;
          const failure = streamError(error);
          if (failure.status >= 500) request.log.error({ err: error }, "fund import failed");
          write({ type: "error", ...failure });
        }
        (stream as PassThrough | null)?.end();
        return reply;
      },
    );

    app.get(
      "/import/history",
      {
        schema: {
          querystring: z.strictObject({
            limit: z.coerce.number().int().min(1).max(100).optional(),
          }),
          response: { 200: importHistorySchema },
        },
      },
      async (request) => ({ imports: await imports.history(request.query.limit ?? 20) }),
    );
  };
