import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ImportMapping,
  ImportMode,
  ImportPreview,
  ImportResult,
  ImportRun,
} from "../../../../shared/schemas/import.js";
import { ApiError, apiGet } from "../../../lib/api-client.js";
import { invalidateFundData } from "../../../lib/fund-cache.js";
import { sendForm, type UploadProgress } from "./upload.js";

export const importHistoryQueryKey = ["admin", "imports"] as const;

export type ImportRequest = { file: File; mode: ImportMode; mapping: ImportMapping | null; sourceUrl: string };

function formFor({ file, mode, mapping, sourceUrl }: ImportRequest): FormData {
  const form = new FormData();
  form.append("importMode", mode);
  if (mapping) form.append("mapping", JSON.stringify(mapping));
  if (sourceUrl.trim()) form.append("sourceUrl", sourceUrl.trim());
  // The file goes last: the server reads the small fields before the large part.
  form.append("file", file, file.name);
  return form;
}

export function usePreview() {
  return useMutation({
    mutationFn: (request: ImportRequest & { signal?: AbortSignal }) =>
      sendForm<ImportPreview>("/_api/admin/import/preview", formFor(request), { signal: request.signal }),
  });
}

/** The import; on success every cached view of fund data is refreshed, and the history too. */
export function useImport(onProgress: (progress: UploadProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ImportRequest) =>
      sendForm<ImportResult>("/_api/admin/import", formFor(request), { onProgress }),
    onSuccess: () => invalidateFundData(queryClient),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importHistoryQueryKey }),
  });
}

export function useImportHistory() {
  return useQuery({
    queryKey: importHistoryQueryKey,
    queryFn: ({ signal }) =>
      apiGet<{ imports: ImportRun[] }>("/_api/admin/import/history", { signal }).then((response) => response.imports),
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
  });
}
