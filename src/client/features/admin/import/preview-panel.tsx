import { TriangleAlert } from "lucide-react";
import {
  ADMIN_TEXTS,
  IMPORT_FIELD_LABELS,
  IMPORT_TEXTS,
  importRowErrorText,
  rowCountText,
} from "../../../../shared/admin-texts.js";
import { historyFieldLabel } from "../../../../shared/fund-history.js";
import { formatFundSize } from "../../../../shared/fund-size.js";
import { IMPORT_FIELDS, MAPPABLE_FIELDS } from "../../../../shared/import-constants.js";
import { INDUSTRIES, industryLabel } from "../../../../shared/industries.js";
import type { ImportField, ImportPreview, MappableField } from "../../../../shared/schemas/import.js";
import { STAGES, stageLabel } from "../../../../shared/stages.js";
import { ScrollFrame } from "../../../components/scroll-frame.js";
import { Badge } from "../../../components/ui/badge.js";
import { cn } from "../../../lib/utils.js";
import { describeValue } from "../fund-history-values.js";

/** The admin's choices: a field (or null) per column they changed, a code (or null) per unknown value. */
export type MappingDraft = {
  columns: Record<string, ImportField | null>;
  values: { [F in MappableField]: Record<string, string | null> };
};

export const EMPTY_DRAFT: MappingDraft = { columns: {}, values: { country: {}, fundingStages: {}, industryFocus: {} } };

const isMappable = (field: ImportField): field is MappableField =>
  (MAPPABLE_FIELDS as readonly string[]).includes(field);

/** Select values: '' keeps the value unmapped, '__drop' drops it, anything else is a code. */
const UNMAPPED = "";
const DROP = "__drop";

const selectClass =
  "h-9 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 shadow-xs focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-hidden";

export function PreviewPanel({
  preview,
  draft,
  onDraft,
}: {
  preview: ImportPreview;
  draft: MappingDraft;
  onDraft: (draft: MappingDraft) => void;
}) {
  const fieldOf = (column: string, detected: ImportField | null) =>
    Object.hasOwn(draft.columns, column) ? (draft.columns[column] ?? null) : detected;

  const setColumn = (column: string, field: ImportField | null) =>
    onDraft({ ...draft, columns: { ...draft.columns, [column]: field } });

  // The values are the file's own text: rebuilt with fromEntries, whose keys are plain keys even
  // for '__proto__' (assigning one would have set the object's prototype instead).
  const setValue = (field: MappableField, value: string, choice: string) => {
    const others = Object.entries(draft.values[field]).filter(([key]) => key !== value);
    const next = Object.fromEntries(
      choice === UNMAPPED ? others : [...others, [value, choice === DROP ? null : choice] as const],
    );
    onDraft({ ...draft, values: { ...draft.values, [field]: next } });
  };

  const choicesFor = (field: MappableField) =>
    field === "country"
      ? preview.countryChoices.map((country) => ({ value: country.code, label: country.name }))
      : field === "fundingStages"
        ? STAGES.map((stage) => ({ value: stage.code, label: stage.label }))
        : INDUSTRIES.map((industry) => ({ value: industry.code, label: industry.label }));

  // Mapped values stay listed (the preview no longer counts them as unknown), so the choice can be undone.
  const mappedRows = MAPPABLE_FIELDS.flatMap((field) =>
    Object.keys(draft.values[field])
      .filter((value) => !preview.unknownValues.some((item) => item.field === field && item.value === value))
      .map((value) => ({ field, column: "", value, count: 0, mappable: true })),
  );
  const unknown = [...preview.unknownValues, ...mappedRows];
  const { summary } = preview;

  return (
    <section aria-labelledby="preview-title" className="flex flex-col gap-6">
      <h2 id="preview-title" className="text-xl font-semibold text-slate-900">
        {IMPORT_TEXTS.previewTitle}
      </h2>

      <div>
        <h3 className="font-semibold text-slate-900">{IMPORT_TEXTS.wouldDo}</h3>
        <ul className="mt-2 flex flex-wrap gap-2" data-testid="preview-summary">
          <li>
            <Badge variant="success">
              {IMPORT_TEXTS.badges.newRecords}: {summary.newRecords}
            </Badge>
          </li>
          <li>
            <Badge variant="secondary">
              {IMPORT_TEXTS.badges.duplicatesFound}: {summary.duplicatesFound}
            </Badge>
          </li>
          <li>
            <Badge variant="outline" className={summary.failed > 0 ? "text-red-800 ring-red-200" : undefined}>
              {IMPORT_TEXTS.badges.failed}: {summary.failed}
            </Badge>
          </li>
          {summary.duplicatesUpdated > 0 && (
            <li>
              <Badge variant="secondary">
                {IMPORT_TEXTS.badges.updated}: {summary.duplicatesUpdated - summary.unchanged}
              </Badge>
            </li>
          )}
          {summary.unchanged > 0 && (
            <li>
              <Badge variant="muted">
                {IMPORT_TEXTS.unchangedBadge}: {summary.unchanged}
              </Badge>
            </li>
          )}
          {summary.withWarnings > 0 && (
            <li>
              <Badge variant="muted">{summary.withWarnings} with values left out</Badge>
            </li>
          )}
        </ul>
        {preview.source && (
          <p className="mt-2 text-sm text-slate-700" data-testid="preview-source">
            {IMPORT_TEXTS.creditedTo}:{" "}
            <span className="font-medium break-all text-slate-900">{preview.source.name}</span>
          </p>
        )}
        {preview.missing.length > 0 && (
          <p
            role="alert"
            className="mt-3 flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {IMPORT_TEXTS.missingColumns} {preview.missing.map((field) => IMPORT_FIELD_LABELS[field]).join(", ")}
          </p>
        )}
        {preview.errors.length > 0 && preview.missing.length === 0 && (
          <ul className="mt-3 max-h-40 overflow-y-auto rounded-xl border border-red-100 bg-red-50/60 px-4 py-2 text-sm text-red-900">
            {preview.errors.map((error) => (
              <li key={`${error.row}-${error.error}`}>{importRowErrorText(error.row, error.error)}</li>
            ))}
          </ul>
        )}
      </div>

      <div>
        <h3 className="font-semibold text-slate-900">{IMPORT_TEXTS.columnsTitle}</h3>
        <p className="text-sm text-slate-600">{IMPORT_TEXTS.columnsHelp}</p>
        {/* On a phone the samples go under the column's name, so that the choice of field stays in view. */}
        <ScrollFrame label={IMPORT_TEXTS.columnsTitle} hint={ADMIN_TEXTS.scrollHint} className="mt-3">
          <table className="w-full table-fixed text-left text-sm sm:table-auto">
            <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="w-[36%] px-3 py-2 sm:w-auto">
                  Column
                </th>
                <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                  Sample values
                </th>
                <th scope="col" className="w-[64%] px-3 py-2 sm:w-56">
                  Field
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {preview.columns.map(({ column, field, samples }) => {
                const current = fieldOf(column, field);
                return (
                  <tr key={column}>
                    <th scope="row" className="max-w-36 px-3 py-2 font-medium break-words text-slate-900 sm:max-w-56">
                      {column}
                      {samples.length > 0 && (
                        <span className="mt-0.5 block truncate text-xs font-normal text-slate-500 sm:hidden">
                          {samples.join(" · ")}
                        </span>
                      )}
                    </th>
                    <td
                      className="hidden max-w-64 truncate px-3 py-2 text-slate-600 sm:table-cell"
                      title={samples.join(" · ")}
                    >
                      {samples.join(" · ")}
                    </td>
                    <td className="py-2 pr-2 pl-1 sm:px-3">
                      <select
                        className={selectClass}
                        aria-label={`Field for column ${column}`}
                        value={current ?? ""}
                        onChange={(event) => setColumn(column, (event.target.value || null) as ImportField | null)}
                      >
                        <option value="">{IMPORT_TEXTS.ignoreColumn}</option>
                        {IMPORT_FIELDS.map((option) => (
                          <option key={option} value={option}>
                            {IMPORT_FIELD_LABELS[option]}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollFrame>
      </div>

      {unknown.length > 0 && (
        <div>
          <h3 className="font-semibold text-slate-900">{IMPORT_TEXTS.unknownTitle}</h3>
          <p className="text-sm text-slate-600">{IMPORT_TEXTS.unknownHelp}</p>
          {/* On a phone the field, its column and the count go under the value; the choice stays in view. */}
          <ScrollFrame
            label={IMPORT_TEXTS.unknownTitle}
            hint={ADMIN_TEXTS.scrollHint}
            className="mt-3"
            frameClassName="max-h-96 overflow-y-auto"
          >
            <table className="w-full table-fixed text-left text-sm sm:table-auto" data-testid="unknown-values">
              <thead className="sticky top-0 z-10 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                    Field
                  </th>
                  <th scope="col" className="w-[36%] px-3 py-2 sm:w-auto">
                    Value
                  </th>
                  <th scope="col" className="hidden px-3 py-2 text-right sm:table-cell">
                    Rows
                  </th>
                  <th scope="col" className="w-[64%] px-3 py-2 sm:w-56">
                    Map to
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {unknown.map((item) => {
                  const mappable = item.mappable && isMappable(item.field);
                  // Own keys only: a value such as 'constructor' would otherwise read Object's function.
                  const choices = isMappable(item.field) ? draft.values[item.field] : undefined;
                  const chosen = choices && Object.hasOwn(choices, item.value) ? choices[item.value] : undefined;
                  return (
                    <tr key={`${item.field}-${item.column}-${item.value}`}>
                      <td className="hidden px-3 py-2 text-slate-700 sm:table-cell">
                        {IMPORT_FIELD_LABELS[item.field]}
                        {item.column && <span className="block text-xs text-slate-500">{item.column}</span>}
                      </td>
                      <td className="max-w-36 px-3 py-2 font-medium break-words text-slate-900 sm:max-w-56">
                        {item.value}
                        <span className="mt-0.5 block text-xs font-normal text-slate-500 sm:hidden">
                          {IMPORT_FIELD_LABELS[item.field]}
                          {item.column && ` · ${item.column}`}
                          {item.count > 0 && ` · ${rowCountText(item.count)}`}
                        </span>
                      </td>
                      <td className="hidden px-3 py-2 text-right text-slate-700 tabular-nums sm:table-cell">
                        {item.count || "—"}
                      </td>
                      <td className="py-2 pr-2 pl-1 sm:px-3">
                        {mappable && isMappable(item.field) ? (
                          <select
                            className={cn(selectClass, chosen !== undefined && "border-indigo-400 bg-indigo-50")}
                            aria-label={`Map ${IMPORT_FIELD_LABELS[item.field]} value ${item.value}`}
                            value={chosen === undefined ? UNMAPPED : chosen === null ? DROP : chosen}
                            onChange={(event) => setValue(item.field as MappableField, item.value, event.target.value)}
                          >
                            <option value={UNMAPPED}>{IMPORT_TEXTS.leaveUnmapped}</option>
                            <option value={DROP}>{IMPORT_TEXTS.dropValue}</option>
                            {choicesFor(item.field).map((choice) => (
                              <option key={choice.value} value={choice.value}>
                                {choice.label}
                              </option>
                            ))}
                          </select>
                        ) : (
                          <span className="text-slate-500">Left out</span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollFrame>
        </div>
      )}

      {preview.updates.length > 0 && (
        <div>
          <h3 className="font-semibold text-slate-900">{IMPORT_TEXTS.changesTitle}</h3>
          <p className="text-sm text-slate-600">{IMPORT_TEXTS.changesHelp}</p>
          {summary.duplicatesUpdated - summary.unchanged > preview.updates.length && (
            <p className="mt-1 text-xs text-slate-600">
              {IMPORT_TEXTS.changesMore(preview.updates.length, summary.duplicatesUpdated - summary.unchanged)}
            </p>
          )}
          <ol className="mt-3 flex flex-col gap-2" data-testid="preview-changes" aria-label={IMPORT_TEXTS.changesTitle}>
            {preview.updates.map((update) => (
              <li key={update.row} className="rounded-xl border border-slate-200 px-3 py-2.5 sm:px-4">
                <p className="text-sm font-medium break-words text-slate-900">
                  <span className="font-normal text-slate-500 tabular-nums">Row {update.row} · </span>
                  {update.name}
                  <span className="font-normal text-slate-600"> ({update.country})</span>
                </p>
                <ul className="mt-1 flex flex-col gap-1 text-sm">
                  {update.changes.map((change) => (
                    <li key={change.field} className="grid gap-x-3 sm:grid-cols-[10rem_1fr]">
                      <span className="text-slate-600">{historyFieldLabel(change.field)}</span>
                      <span className="min-w-0 break-words text-slate-900">
                        <span className="text-slate-600">{describeValue(change.field, change.before)}</span>
                        <span aria-hidden="true"> → </span>
                        <span className="sr-only"> becomes </span>
                        <span className="font-medium">{describeValue(change.field, change.after)}</span>
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </div>
      )}

      {preview.rows.length > 0 && (
        <div>
          <h3 className="font-semibold text-slate-900">{IMPORT_TEXTS.firstRows}</h3>
          <ScrollFrame label={IMPORT_TEXTS.firstRows} hint={ADMIN_TEXTS.scrollHint} className="mt-3">
            <table className="w-full min-w-[48rem] text-left text-sm" data-testid="preview-rows">
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  {["Row", "Name", "Country", "Stages", "Industries", "Fund Size", "Check Size (USD)"].map((label) => (
                    <th key={label} scope="col" className="px-3 py-2">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {preview.rows.map((row) => (
                  <tr key={row.row} className="align-top">
                    <td className="px-3 py-2 text-slate-600 tabular-nums">{row.row}</td>
                    <td className="px-3 py-2 font-medium text-slate-900">
                      {row.name}
                      {row.action !== "new" && (
                        <Badge variant="muted" className="mt-1 flex w-fit">
                          {IMPORT_TEXTS.actions[row.action]}
                        </Badge>
                      )}
                    </td>
                    <td className="px-3 py-2 text-slate-700">
                      {row.city ? `${row.city}, ` : ""}
                      {row.country || "—"}
                    </td>
                    <td className="px-3 py-2 text-slate-700">{row.fundingStages.map(stageLabel).join(", ")}</td>
                    <td className="px-3 py-2 text-slate-700">{row.industryFocus.map(industryLabel).join(", ")}</td>
                    <td className="px-3 py-2 whitespace-nowrap text-slate-700">
                      {row.fundSize !== null ? formatFundSize(row.fundSize, row.currency ?? "USD") : "—"}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap text-slate-700">
                      {checkRange(row.checkSizeMinUsd, row.checkSizeMaxUsd)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollFrame>
        </div>
      )}
    </section>
  );
}

function checkRange(min: number | null, max: number | null): string {
  const money = (value: number) => formatFundSize(value, "USD");
  if (min !== null && max !== null) return min === max ? money(min) : `${money(min)} – ${money(max)}`;
  if (min !== null) return `from ${money(min)}`;
  if (max !== null) return `up to ${money(max)}`;
  return "—";
}
