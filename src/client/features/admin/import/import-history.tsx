import { IMPORT_TEXTS } from "../../../../shared/admin-texts.js";
import { Badge } from "../../../components/ui/badge.js";
import { Skeleton } from "../../../components/ui/skeleton.js";
import { useImportHistory } from "./use-fund-import.js";

const MODE_LABEL = {
  skip_duplicates: IMPORT_TEXTS.modes.skip_duplicates.label,
  update_duplicates: IMPORT_TEXTS.modes.update_duplicates.label,
  allow_duplicates: IMPORT_TEXTS.modes.allow_duplicates.label,
} as const;

/** The recent imports, newest first: when, by whom, the file, the mode, the counts. */
export function ImportHistory() {
  const history = useImportHistory();
  return (
    <section aria-labelledby="history-title" className="flex flex-col gap-3">
      <h2 id="history-title" className="text-xl font-semibold text-slate-900">
        {IMPORT_TEXTS.historyTitle}
      </h2>
      {history.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {IMPORT_TEXTS.historyFailed}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full min-w-[48rem] text-left text-sm" data-testid="import-history">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                {["When", "By", "File", "Mode", "New", "Duplicates", "Failed", "Status"].map((label) => (
                  <th key={label} scope="col" className="px-3 py-3">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {history.isPending ? (
                <tr>
                  <td colSpan={8} className="px-3 py-4">
                    <Skeleton className="h-4 w-full" />
                  </td>
                </tr>
              ) : history.data.length === 0 ? (
                <tr>
                  <td colSpan={8} className="px-3 py-8 text-center text-slate-600">
                    {IMPORT_TEXTS.historyEmpty}
                  </td>
                </tr>
              ) : (
                history.data.map((run) => (
                  <tr key={run.id}>
                    <td className="px-3 py-2 whitespace-nowrap text-slate-700">
                      {new Date(run.startedAt).toLocaleString()}
                    </td>
                    <td className="px-3 py-2 text-slate-700">{run.adminEmail ?? "—"}</td>
                    <td
                      className="max-w-56 truncate px-3 py-2 font-medium text-slate-900"
                      title={`${run.fileName} (import #${run.id})`}
                    >
                      {run.fileName}
                      <span className="ml-1 text-xs font-normal text-slate-500">#{run.id}</span>
                    </td>
                    <td className="px-3 py-2 text-slate-700">{MODE_LABEL[run.mode]}</td>
                    <td className="px-3 py-2 text-slate-700 tabular-nums">{run.successfulImports}</td>
                    <td className="px-3 py-2 text-slate-700 tabular-nums">
                      {run.duplicatesFound}
                      {run.duplicatesUpdated > 0 && ` (${run.duplicatesUpdated} updated)`}
                    </td>
                    <td className="px-3 py-2 text-slate-700 tabular-nums">{run.failedImports}</td>
                    <td className="px-3 py-2">
                      {run.status === "completed" ? (
                        <Badge variant="success">Completed</Badge>
                      ) : (
                        <Badge
                          variant="outline"
                          className="bg-red-50 text-red-800 ring-red-200"
                          title={run.error ?? undefined}
                        >
                          Failed
                        </Badge>
                      )}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
