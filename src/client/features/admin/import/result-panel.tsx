import { IMPORT_TEXTS, importRowErrorText, moreErrorsText } from "../../../../shared/admin-texts.js";
import { EDITOR_FIELD_LABELS } from "../../../../shared/investor-texts.js";
import type { ImportResult } from "../../../../shared/schemas/import.js";
import { Badge } from "../../../components/ui/badge.js";

/** A list of a hundred thousand rows would freeze the page; the counts above say how many there are. */
const MAX_SHOWN_ERRORS = 1000;

/** Total Records Processed: successful imports plus duplicates found plus failed. */
export function totalProcessed(result: ImportResult): number {
  return result.successfulImports + result.duplicatesFound + result.failedImports;
}

export function ResultPanel({ result }: { result: ImportResult }) {
  const stats = [
    [IMPORT_TEXTS.stats.total, totalProcessed(result)],
    [IMPORT_TEXTS.stats.added, result.successfulImports],
    [IMPORT_TEXTS.stats.found, result.duplicatesFound],
    [IMPORT_TEXTS.stats.skipped, result.duplicatesSkipped],
    [IMPORT_TEXTS.stats.updated, result.duplicatesUpdated],
    [IMPORT_TEXTS.stats.failed, result.failedImports],
  ] as const;
  return (
    <section aria-labelledby="result-title" className="flex flex-col gap-5" data-testid="import-result">
      <h2 id="result-title" className="text-xl font-semibold text-slate-900">
        {IMPORT_TEXTS.results}
      </h2>
      <ul className="flex flex-wrap gap-2">
        <li>
          <Badge variant="success">
            {IMPORT_TEXTS.badges.newRecords}: {result.successfulImports}
          </Badge>
        </li>
        {result.duplicatesFound > 0 && (
          <li>
            <Badge variant="secondary">
              {IMPORT_TEXTS.badges.duplicatesFound}: {result.duplicatesFound}
            </Badge>
          </li>
        )}
        {result.duplicatesSkipped > 0 && (
          <li>
            <Badge variant="muted">
              {IMPORT_TEXTS.badges.skipped}: {result.duplicatesSkipped}
            </Badge>
          </li>
        )}
        {result.duplicatesUpdated > 0 && (
          <li>
            <Badge variant="secondary">
              {IMPORT_TEXTS.badges.updated}: {result.duplicatesUpdated}
            </Badge>
          </li>
        )}
        {result.failedImports > 0 && (
          <li>
            <Badge variant="outline" className="bg-red-50 text-red-800 ring-red-200">
              {IMPORT_TEXTS.badges.failed}: {result.failedImports}
            </Badge>
          </li>
        )}
      </ul>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {stats.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-3">
            <dt className="text-xs font-medium text-slate-600">{label}</dt>
            <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{value.toLocaleString("en-US")}</dd>
          </div>
        ))}
      </dl>
      {result.errors.length > 0 && (
        <div>
          <h3 className="font-semibold text-slate-900">{IMPORT_TEXTS.errorDetails}</h3>
          <ul
            className="mt-2 max-h-72 overflow-y-auto rounded-xl border border-red-100 bg-red-50/60 px-4 py-2 text-sm text-red-900"
            data-testid="import-errors"
          >
            {result.errors.slice(0, MAX_SHOWN_ERRORS).map((error, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two rows may carry the same text.
              <li key={index} className="py-0.5">
                {importRowErrorText(error.row, error.error)}
              </li>
            ))}
          </ul>
          {result.errors.length > MAX_SHOWN_ERRORS && (
            <p className="mt-1.5 text-xs text-slate-600">{moreErrorsText(MAX_SHOWN_ERRORS, result.errors.length)}</p>
          )}
        </div>
      )}
      {result.keptTeamFacts && result.keptTeamFacts.length > 0 && (
        <details className="rounded-xl border border-slate-200 px-4 py-2 text-sm" data-testid="kept-team-facts">
          <summary className="cursor-pointer font-semibold text-slate-900">
            Kept as the fund's team stated them ({result.keptTeamFacts.length.toLocaleString("en-US")})
          </summary>
          <p className="mt-1 text-slate-600">
            The fund's own team set these facts more recently than this file says it was reviewed, so the import left
            them as they are.
          </p>
          <ul className="mt-2 max-h-72 overflow-y-auto text-slate-700">
            {result.keptTeamFacts.map((kept) => (
              <li key={`${kept.row}-${kept.field}`} className="py-0.5">
                Row {kept.row}: {kept.fund}, {EDITOR_FIELD_LABELS[kept.field] ?? kept.field}
              </li>
            ))}
          </ul>
        </details>
      )}
      {result.warnings && result.warnings.length > 0 && (
        <details className="rounded-xl border border-slate-200 px-4 py-2 text-sm">
          <summary className="cursor-pointer font-semibold text-slate-900">
            {IMPORT_TEXTS.warningDetails} ({result.warnings.length.toLocaleString("en-US")})
          </summary>
          <ul className="mt-2 max-h-72 overflow-y-auto text-slate-700">
            {result.warnings.map((warning, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two rows may carry the same text.
              <li key={index} className="py-0.5">
                Row {warning.row}: {warning.warning}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
