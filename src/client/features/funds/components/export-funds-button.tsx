import { FileSpreadsheet, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { canExportFunds } from "../../../../shared/entitlements.js";
import type { SearchState } from "../../../../shared/search-params.js";
import { Button } from "../../../components/ui/button.js";
import { useSessionQuery } from "../../../lib/use-session-query.js";
import { exportUrl } from "../export-url.js";

export const EXPORT_FAILED_TEXT = "Failed to export funds.";
const FALLBACK_FILE_NAME = "fundmatch-funds.xlsx";

async function downloadExport(values: SearchState): Promise<void> {
  const response = await fetch(exportUrl(values), { credentials: "same-origin" });
  if (!response.ok) throw new Error(`Request failed with status ${response.status}`);
  const blob = await response.blob();
  const disposition = response.headers.get("content-disposition") ?? "";
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = /filename="([^"]+)"/.exec(disposition)?.[1] ?? FALLBACK_FILE_NAME;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later rather than at once: some browsers read the blob after click() has returned.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * 'Export to Excel' (only the Lifetime plan adds it), for an active Lifetime member
 * only; the server gates the download either way. sonner is imported on failure only: the results
 * chunk stays as small as it was.
 */
export function ExportFundsButton({ values }: { values: SearchState }) {
  const user = useSessionQuery().data?.user;
  const [pending, setPending] = useState(false);
  if (!canExportFunds(user)) return null;

  const start = () => {
    setPending(true);
    downloadExport(values)
      .catch(() => import("sonner").then(({ toast }) => toast.error(EXPORT_FAILED_TEXT)))
      .finally(() => setPending(false));
  };

  return (
    <Button variant="outline" onClick={start} disabled={pending} className="self-start">
      {pending ? (
        <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
      ) : (
        <FileSpreadsheet aria-hidden="true" />
      )}
      Export to Excel
    </Button>
  );
}
