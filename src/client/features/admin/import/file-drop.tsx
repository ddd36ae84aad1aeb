import { FileSpreadsheet, Upload, X } from "lucide-react";
import { useDropzone } from "react-dropzone";
import { IMPORT_TEXTS, rowCountText } from "../../../../shared/admin-texts.js";
import { Button } from "../../../components/ui/button.js";
import { cn } from "../../../lib/utils.js";

/** What the drop area and the file dialog accept: the three spreadsheet kinds, by type and extension. */
const ACCEPT = {
  "text/csv": [".csv"],
  "application/vnd.ms-excel": [".xls"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": [".xlsx"],
};

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The drag-and-drop or click area; once a file is chosen, its name, size and row count with a clear button. */
export function FileDrop({
  file,
  rowCount,
  disabled,
  onFile,
  onClear,
}: {
  file: File | null;
  rowCount: number | null;
  disabled: boolean;
  onFile: (file: File) => void;
  onClear: () => void;
}) {
  const { getRootProps, getInputProps, isDragActive, fileRejections } = useDropzone({
    accept: ACCEPT,
    multiple: false,
    disabled,
    onDropAccepted: ([accepted]) => {
      if (accepted) onFile(accepted);
    },
  });

  if (file) {
    return (
      <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3">
        <FileSpreadsheet className="size-8 shrink-0 text-indigo-600" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-slate-900" data-testid="chosen-file">
            {file.name}
          </p>
          <p className="text-sm text-slate-600">
            {formatBytes(file.size)}
            {rowCount !== null && (
              <>
                {" · "}
                <span data-testid="row-count">{rowCountText(rowCount)}</span>
              </>
            )}
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={onClear} disabled={disabled} aria-label={IMPORT_TEXTS.clearFile}>
          <X aria-hidden="true" />
        </Button>
      </div>
    );
  }

  return (
    <div>
      <div
        {...getRootProps({
          className: cn(
            "flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-slate-300 bg-white px-6 py-10 text-center transition-colors hover:border-indigo-400 hover:bg-indigo-50/40 focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-hidden",
            isDragActive && "border-indigo-500 bg-indigo-50",
          ),
        })}
        data-testid="file-drop"
      >
        <input {...getInputProps({ "aria-label": IMPORT_TEXTS.dropPrompt })} />
        <Upload className="size-8 text-indigo-600" aria-hidden="true" />
        <p className="font-medium text-slate-800">{isDragActive ? IMPORT_TEXTS.dropActive : IMPORT_TEXTS.dropPrompt}</p>
        <p className="text-sm text-slate-600">{IMPORT_TEXTS.fileHint}</p>
      </div>
      {fileRejections.length > 0 && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          Only CSV, XLS, or XLSX files are accepted.
        </p>
      )}
    </div>
  );
}
