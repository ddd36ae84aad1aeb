import { Info, Loader2, TriangleAlert } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { IMPORT_TEXTS, requestFailedText } from "../../../shared/admin-texts.js";
import { IMPORT_MODES, MAPPABLE_FIELDS } from "../../../shared/import-constants.js";
import { PAGE_META } from "../../../shared/page-meta.js";
import type { ImportMapping, ImportMode, ImportResult } from "../../../shared/schemas/import.js";
import { sourceAddressError } from "../../../shared/source-address.js";
import { FormField } from "../../components/form-field.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent } from "../../components/ui/card.js";
import { ApiError } from "../../lib/api-client.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { cn } from "../../lib/utils.js";
import { AdminPageHeader } from "./components/admin-page-header.js";
import { FileDrop } from "./import/file-drop.js";
import { ImportHistory } from "./import/import-history.js";
import { EMPTY_DRAFT, type MappingDraft, PreviewPanel } from "./import/preview-panel.js";
import { ResultPanel } from "./import/result-panel.js";
import type { UploadProgress } from "./import/upload.js";
import { useImport, usePreview } from "./import/use-fund-import.js";

/** The admin's draft as the call takes it; null when the admin changed nothing. */
function toMapping(draft: MappingDraft): ImportMapping | null {
  const values = Object.fromEntries(
    MAPPABLE_FIELDS.filter((field) => Object.keys(draft.values[field]).length > 0).map((field) => [
      field,
      draft.values[field],
    ]),
  );
  const hasColumns = Object.keys(draft.columns).length > 0;
  if (!hasColumns && Object.keys(values).length === 0) return null;
  return { columns: draft.columns, ...(Object.keys(values).length > 0 ? { values } : {}) };
}

/**
 * A failed import reads like a result: one row 'N/A' with the server's message, or the status when
 * the answer carried none.
 */
function failureResult(error: unknown): ImportResult {
  const message =
    error instanceof ApiError
      ? (error.serverMessage ?? (error.status === 0 ? error.message : requestFailedText(error.status)))
      : error instanceof Error
        ? error.message
        : "The import failed.";
  return {
    successfulImports: 0,
    failedImports: 0,
    duplicatesFound: 0,
    duplicatesSkipped: 0,
    duplicatesUpdated: 0,
    errors: [{ row: "N/A", error: message }],
  };
}

/**
 * The bar's share per phase: sending the file, checking the rows, writing them. Each phase fills its
 * own stretch from the server's own counts, so the bar moves as the work does.
 */
function progressShare(progress: UploadProgress | null): { percent: number; label: string } {
  if (!progress) return { percent: 0, label: IMPORT_TEXTS.uploading };
  const fraction = (done: number, total: number) => (total > 0 ? Math.min(1, done / total) : 1);
  const count = (done: number, total: number) => `${done.toLocaleString("en-US")} of ${total.toLocaleString("en-US")}`;
  switch (progress.phase) {
    case "uploading":
      return {
        percent: 30 * fraction(progress.loaded, progress.total),
        label: `${IMPORT_TEXTS.uploading} (${Math.round(100 * fraction(progress.loaded, progress.total))}%)`,
      };
    case "reading":
    case "checking": {
      // Until the file's end the server only estimates the row count (from the share of the file read).
      const estimated = progress.phase === "checking" && progress.processed < progress.total;
      const about = Math.max(progress.processed, Number(progress.total.toPrecision(2)));
      return {
        percent: 30 + 30 * fraction(progress.processed, progress.total),
        label: `${IMPORT_TEXTS.checking}: ${
          estimated
            ? `${progress.processed.toLocaleString("en-US")} of about ${about.toLocaleString("en-US")}`
            : count(progress.processed, progress.total)
        }`,
      };
    }
    case "writing":
      return {
        percent: 60 + 40 * fraction(progress.processed, progress.total),
        label: `${IMPORT_TEXTS.writing}: ${count(progress.processed, progress.total)}`,
      };
  }
}

/** Fund import (/admin/import); the admin guard has already let the viewer in. */
export function ImportPage() {
  usePageMeta(PAGE_META["/admin/import"]);
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<ImportMode>("skip_duplicates");
  const [sourceUrl, setSourceUrl] = useState("");
  // The preview follows the source once the admin stops typing (a half-typed address would be refused).
  const [previewSource, setPreviewSource] = useState("");
  const [draft, setDraft] = useState<MappingDraft>(EMPTY_DRAFT);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const preview = usePreview();
  const importer = useImport(setProgress);
  const mapping = useMemo(() => toMapping(draft), [draft]);
  const mappingKey = JSON.stringify(mapping);
  const previewAbort = useRef<AbortController | null>(null);
  const { mutate: runPreview, reset: resetPreview } = preview;

  useEffect(() => {
    const timer = window.setTimeout(() => setPreviewSource(sourceUrl), 600);
    return () => window.clearTimeout(timer);
  }, [sourceUrl]);

  // The preview follows the file, the mode, the mapping and the source; a newer request replaces an older one.
  useEffect(() => {
    if (!file) return;
    const controller = new AbortController();
    previewAbort.current?.abort();
    previewAbort.current = controller;
    const timer = window.setTimeout(
      () =>
        runPreview({
          file,
          mode,
          mapping: JSON.parse(mappingKey),
          sourceUrl: previewSource,
          signal: controller.signal,
        }),
      mappingKey === "null" ? 0 : 300,
    );
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [file, mode, mappingKey, previewSource, runPreview]);

  const choose = (next: File) => {
    setFile(next);
    setDraft(EMPTY_DRAFT);
    setResult(null);
    resetPreview();
  };
  const clear = () => {
    previewAbort.current?.abort();
    setFile(null);
    setDraft(EMPTY_DRAFT);
    setResult(null);
    resetPreview();
  };

  const start = () => {
    if (!file) return;
    setProgress(null);
    setResult(null);
    importer.mutate(
      { file, mode, mapping, sourceUrl },
      {
        onSuccess: (imported) => setResult(imported),
        onError: (error) => setResult(failureResult(error)),
      },
    );
  };

  const pending = importer.isPending;
  // The one source rule, as the server applies it, once the admin stops typing: a refused address
  // (an IP, a staging host, a copy) is named under the field and cannot be imported with.
  const sourceError = previewSource.trim() === "" ? null : sourceAddressError(previewSource.trim());
  const bar = progressShare(progress);
  const previewError =
    preview.isError && !(preview.error instanceof DOMException)
      ? preview.error instanceof ApiError
        ? (preview.error.serverMessage ?? requestFailedText(preview.error.status))
        : IMPORT_TEXTS.previewFailed
      : null;

  return (
    <section aria-labelledby="import-title" className="flex flex-col gap-8">
      <AdminPageHeader titleId="import-title" title={IMPORT_TEXTS.heading} description={IMPORT_TEXTS.description} />

      <Card>
        <CardContent className="flex flex-col gap-6 pt-6">
          <FileDrop
            file={file}
            rowCount={preview.data?.rowCount ?? null}
            disabled={pending}
            onFile={choose}
            onClear={clear}
          />

          <fieldset className="flex flex-col gap-3">
            <legend className="text-sm font-semibold text-slate-900">{IMPORT_TEXTS.duplicateHandling}</legend>
            <div className="mt-2 flex flex-col gap-2" role="radiogroup" aria-label={IMPORT_TEXTS.duplicateHandling}>
              {IMPORT_MODES.map((option) => (
                <label
                  key={option}
                  className={cn(
                    "flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 px-4 py-3 transition-colors hover:bg-slate-50",
                    mode === option && "border-indigo-300 bg-indigo-50/60",
                  )}
                >
                  <input
                    type="radio"
                    name="importMode"
                    value={option}
                    checked={mode === option}
                    onChange={() => setMode(option)}
                    disabled={pending}
                    className="mt-1 size-4 accent-indigo-600"
                  />
                  <span>
                    <span className="block font-medium text-slate-900">{IMPORT_TEXTS.modes[option].label}</span>
                    <span className="block text-sm text-slate-600">{IMPORT_TEXTS.modes[option].description}</span>
                  </span>
                </label>
              ))}
            </div>
            <p className="flex items-start gap-2 rounded-xl bg-sky-50 px-4 py-3 text-sm text-sky-900">
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {mode === "update_duplicates" ? IMPORT_TEXTS.updateNote : IMPORT_TEXTS.duplicatesNote}
            </p>
          </fieldset>

          <FormField
            id="import-source"
            label={IMPORT_TEXTS.sourceLabel}
            hint={IMPORT_TEXTS.sourceHint}
            type="url"
            inputMode="url"
            placeholder={IMPORT_TEXTS.sourcePlaceholder}
            value={sourceUrl}
            error={sourceError ?? undefined}
            disabled={pending}
            onChange={(event) => setSourceUrl(event.target.value)}
          />

          <div className="flex flex-col gap-3">
            <Button
              onClick={start}
              disabled={!file || pending || sourceError !== null}
              className="self-start"
              size="lg"
            >
              {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
              {pending ? IMPORT_TEXTS.importing : IMPORT_TEXTS.startImport}
            </Button>
            {pending && (
              <div className="flex flex-col gap-2" aria-live="polite">
                <p className="text-sm font-medium text-slate-700">{IMPORT_TEXTS.importingNote}</p>
                <div
                  role="progressbar"
                  aria-label={bar.label}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(bar.percent)}
                  className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
                >
                  <div
                    className="h-full rounded-full bg-indigo-600 transition-[width] duration-300"
                    style={{ width: `${bar.percent}%` }}
                  />
                </div>
                <p className="text-xs text-slate-600" data-testid="progress-label">
                  {bar.label}
                </p>
              </div>
            )}
          </div>
        </CardContent>
      </Card>

      {result && (
        <Card>
          <CardContent className="pt-6">
            <ResultPanel result={result} />
          </CardContent>
        </Card>
      )}

      {file && !result && (
        <Card>
          <CardContent className="pt-6">
            {previewError ? (
              <p role="alert" className="flex items-start gap-2 text-sm text-red-800">
                <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {previewError}
              </p>
            ) : preview.data ? (
              <div className={cn(preview.isPending && "opacity-60 transition-opacity")} aria-busy={preview.isPending}>
                <PreviewPanel preview={preview.data} draft={draft} onDraft={setDraft} />
              </div>
            ) : (
              <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
                <Loader2 className="size-4 animate-spin" aria-hidden="true" />
                {IMPORT_TEXTS.previewLoading}
              </p>
            )}
          </CardContent>
        </Card>
      )}

      <ImportHistory />
    </section>
  );
}
