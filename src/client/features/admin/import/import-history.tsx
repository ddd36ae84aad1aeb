import { ADMIN_TEXTS, IMPORT_TEXTS } from "../../../../shared/admin-texts.js";
import { publicationName } from "../../../../shared/source-address.js";
import { ScrollFrame } from "../../../components/scroll-frame.js";
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
      ) : history.isSuccess && history.data.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white px-4 py-6 text-center text-sm text-slate-600 shadow-sm">
          {IMPORT_TEXTS.historyEmpty}
        </p>
      ) : (
        // On a phone each import is one cell (file, when, by whom, mode) and its counts another.
        <ScrollFrame
          label={IMPORT_TEXTS.historyTitle}
          hint={ADMIN_TEXTS.scrollHint}
          frameClassName="rounded-2xl shadow-sm"
        >
          <table className="w-full text-left text-sm md:min-w-[48rem]" data-testid="import-history">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-3 md:hidden">
                  Import
                </th>
                <th scope="col" className="px-3 py-3 md:hidden">
                  Result
                </th>
                {["When", "By", "File", "Mode", "New", "Duplicates", "Failed", "Status"].map((label) => (
                  <th key={label} scope="col" className="hidden px-3 py-3 md:table-cell">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {history.isPending ? (
                <tr>
                  <td colSpan={10} className="px-3 py-4">
                    <Skeleton className="h-4 w-full" />
                  </td>
                </tr>
              ) : (
                history.data.map((run) => {
                  const when = new Date(run.startedAt).toLocaleString();
                  const duplicates = `${run.duplicatesFound}${run.duplicatesUpdated > 0 ? ` (${run.duplicatesUpdated} updated)` : ""}`;
                  const status =
                    run.status === "completed" ? (
                      <Badge variant="success">Completed</Badge>
                    ) : (
                      <Badge
                        variant="outline"
                        className="bg-red-50 text-red-800 ring-red-200"
                        title={run.error ?? undefined}
                      >
                        Failed
                      </Badge>
                    );
                  return (
                    <tr key={run.id} className="align-top md:align-middle">
                      <td className="w-full max-w-0 px-3 py-2 md:hidden">
                        <span className="block truncate font-medium text-slate-900" title={run.fileName}>
                          {run.fileName}
                        </span>
                        <span className="block text-xs text-slate-500">
                          #{run.id} · {when}
                        </span>
                        {run.sourceUrl && (
                          <span className="block truncate text-xs text-slate-500" title={run.sourceUrl}>
                            {publicationName(run.sourceUrl)}
                          </span>
                        )}
                        <span className="block truncate text-xs text-slate-500">
                          {run.adminEmail ?? "—"} · {MODE_LABEL[run.mode]}
                        </span>
                      </td>
                      <td className="px-3 py-2 text-xs whitespace-nowrap text-slate-700 md:hidden">
                        <span className="block tabular-nums">{run.successfulImports} new</span>
                        <span className="block tabular-nums">{duplicates} duplicates</span>
                        <span className="block tabular-nums">{run.failedImports} failed</span>
                        <span className="mt-1 block">{status}</span>
                      </td>
                      <td className="hidden px-3 py-2 whitespace-nowrap text-slate-700 md:table-cell">{when}</td>
                      <td className="hidden px-3 py-2 text-slate-700 md:table-cell">{run.adminEmail ?? "—"}</td>
                      <td
                        className="hidden max-w-56 truncate px-3 py-2 font-medium text-slate-900 md:table-cell"
                        title={`${run.fileName} (import #${run.id})`}
                      >
                        {run.fileName}
                        <span className="ml-1 text-xs font-normal text-slate-500">#{run.id}</span>
                        {run.sourceUrl && (
                          <span className="block truncate text-xs font-normal text-slate-500" title={run.sourceUrl}>
                            {publicationName(run.sourceUrl)}
                          </span>
                        )}
                      </td>
                      <td className="hidden px-3 py-2 text-slate-700 md:table-cell">{MODE_LABEL[run.mode]}</td>
                      <td className="hidden px-3 py-2 text-slate-700 tabular-nums md:table-cell">
                        {run.successfulImports}
                      </td>
                      <td className="hidden px-3 py-2 text-slate-700 tabular-nums md:table-cell">{duplicates}</td>
                      <td className="hidden px-3 py-2 text-slate-700 tabular-nums md:table-cell">
                        {run.failedImports}
                      </td>
                      <td className="hidden px-3 py-2 md:table-cell">{status}</td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </ScrollFrame>
      )}
    </section>
  );
}
