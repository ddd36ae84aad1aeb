import { IMPORT_STREAM_TYPE } from "../../../../shared/import-constants.js";
import type { ImportProgressPhase, ImportResult, ImportStreamLine } from "../../../../shared/schemas/import.js";
import { ApiError } from "../../../lib/api-client.js";

export type UploadProgress =
  | { phase: "uploading"; loaded: number; total: number }
  | { phase: ImportProgressPhase; processed: number; total: number };

type SendOptions = {
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: UploadProgress) => void) | undefined;
};

/**
 * Posts a multipart form with XMLHttpRequest, which (unlike fetch) reports how much of the body has
 * been sent. An import answers with progress lines (application/x-ndjson) that are read as they
 * arrive; the last line is the result or an error. Anything else is read as one JSON answer.
 */
export function sendForm<T>(url: string, form: FormData, options: SendOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("Accept", `${IMPORT_STREAM_TYPE}, application/json`);
    let read = 0;
    let last: ImportStreamLine | null = null;
    const streamed = () => xhr.getResponseHeader("content-type")?.startsWith(IMPORT_STREAM_TYPE) ?? false;
    const readLines = () => {
      if (!streamed()) return;
      const text = xhr.responseText;
      let end = text.indexOf("\n", read);
      while (end !== -1) {
        const line = text.slice(read, end).trim();
        read = end + 1;
        if (line) {
          try {
            last = JSON.parse(line) as ImportStreamLine;
            if (last.type === "progress") options.onProgress?.(last);
          } catch {
            // A broken line is skipped; the final line decides the outcome.
          }
        }
        end = text.indexOf("\n", read);
      }
    };
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable)
        options.onProgress?.({ phase: "uploading", loaded: event.loaded, total: event.total });
    };
    xhr.onprogress = readLines;
    xhr.onload = () => {
      if (streamed()) {
        readLines();
        const line = last as ImportStreamLine | null;
        if (line?.type === "result") resolve(line.result as T);
        else if (line?.type === "error") reject(new ApiError(line.error, line.status, line.error));
        else reject(new ApiError(`Request failed with status ${xhr.status}`, xhr.status));
        return;
      }
      let payload: unknown = null;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        payload = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(payload as T);
        return;
      }
      const error = (payload as { error?: unknown } | null)?.error;
      const serverMessage = typeof error === "string" && error.trim() ? error : undefined;
      reject(new ApiError(serverMessage ?? `Request failed with status ${xhr.status}`, xhr.status, serverMessage));
    };
    xhr.onerror = () => reject(new ApiError("The connection to the server was lost.", 0));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export type { ImportResult };
