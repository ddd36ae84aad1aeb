import { Check, CircleAlert, ExternalLink, LoaderCircle, MapPin, RotateCcw, Trash2, X } from "lucide-react";
import { useState } from "react";
import { ACCOUNT_TEXTS, PIPELINE_TEXTS } from "../../../../shared/account-texts.js";
import { fundSizeLabel } from "../../../../shared/fund-facts.js";
import { formatFundSize } from "../../../../shared/fund-size.js";
import {
  isPipelineStatus,
  noteLength,
  PIPELINE_NOTE_MAX,
  PIPELINE_STATUS_LABELS,
  PIPELINE_STATUSES,
} from "../../../../shared/pipeline.js";
import {
  FactSource,
  resultSourceOf,
  TagSources,
  UnsourcedFacts,
  unsourcedLabels,
} from "../../../components/fact-source.js";
import { FundSizeSource } from "../../../components/fund-size-source.js";
import { FundTags } from "../../../components/fund-tags.js";
import { Button } from "../../../components/ui/button.js";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.js";
import { Input } from "../../../components/ui/input.js";
import { displayHost, safeExternalUrl } from "../../../lib/safe-url.js";
import type { SavedFund } from "../../../lib/saved-funds.js";
import { cn } from "../../../lib/utils.js";
import { type SaveState, usePipelineAutosave } from "../api/use-pipeline-autosave.js";
import { hasPipelineWork, isOverdue } from "../pipeline-view.js";
import { CommittedAmountField } from "./committed-amount-field.js";

type SavedFundCardProps = { fund: SavedFund; today: string; removing: boolean; onRemove: () => void };

/**
 * A saved fund on the profile page: the essentials, a way back to the fund's own site, and its line
 * in the founder's pipeline (status, next step, private note), edited in place and saved as typed.
 */
export function SavedFundCard({ fund, today, removing, onRemove }: SavedFundCardProps) {
  const nameId = `saved-fund-${fund.id}-name`;
  const place = [fund.city, fund.country].filter(Boolean).join(", ");
  // Premium fields are absent for a fund the viewer may not see in full; only real links are shown.
  const website = fund.isPremium ? null : safeExternalUrl(fund.website);
  const sourceOf = resultSourceOf(fund);
  // The facts shown without a public source, named once (issue 36).
  const unsourced = unsourcedLabels(fund, sourceOf, website ? [{ field: "website", label: "Website" }] : []);
  const editor = usePipelineAutosave(fund.id, fund.name, {
    status: fund.pipeline.status,
    note: fund.pipeline.note,
    nextStepDate: fund.pipeline.nextStepDate,
    committedAmountUsd: fund.pipeline.committedAmountUsd,
  });
  const [confirming, setConfirming] = useState(false);
  // Removing throws away the person's own notes and decisions: that is confirmed first.
  const remove = () => (hasPipelineWork(editor.draft) ? setConfirming(true) : onRemove());

  return (
    <article
      aria-labelledby={nameId}
      className="flex h-full flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={nameId} className="text-base leading-snug font-semibold break-words text-slate-900">
            {fund.name}
          </h3>
          {place && (
            <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
              <MapPin className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
              {place}
            </p>
          )}
        </div>
        <Button
          variant="outline"
          size="sm"
          aria-describedby={nameId}
          disabled={removing}
          onClick={remove}
          className="shrink-0 hover:border-red-200 hover:bg-red-50 hover:text-red-700"
        >
          {removing ? (
            <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
          ) : (
            <Trash2 aria-hidden="true" />
          )}
          {ACCOUNT_TEXTS.remove}
        </Button>
      </header>

      <dl className="grid gap-3 text-sm">
        <div className="flex items-baseline justify-between gap-3 rounded-xl bg-slate-50 px-3 py-2">
          <dt className="text-xs font-medium text-slate-600">{fundSizeLabel(fund.fundSizeKind)}</dt>
          <dd className="text-right font-semibold text-slate-900">
            <span>{formatFundSize(fund.fundSize, fund.currency)}</span>
            <FundSizeSource fund={fund} />
          </dd>
        </div>
        <FundTags fund={fund} compact />
      </dl>
      {/* Where the stages and industries came from, as on a search card (issue 36). */}
      <TagSources fund={fund} sourceOf={sourceOf} withUnsourced={false} />

      {website && (
        <a
          href={website.href}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex max-w-full items-center gap-1 self-start text-sm font-medium text-indigo-700 underline-offset-4 hover:underline"
        >
          <span className="truncate">{displayHost(website)}</span>
          <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      )}
      {website && sourceOf("website") && <FactSource item={sourceOf("website")} record={fund} />}
      <UnsourcedFacts labels={unsourced} record={fund} testId="saved-unsourced" />

      <PipelineEditor fundId={fund.id} nameId={nameId} today={today} editor={editor} />

      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{PIPELINE_TEXTS.removeTitle(fund.name)}</DialogTitle>
            <DialogDescription>{PIPELINE_TEXTS.removeText}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{PIPELINE_TEXTS.cancel}</Button>
            </DialogClose>
            <Button
              className="bg-red-600 hover:bg-red-700"
              onClick={() => {
                setConfirming(false);
                onRemove();
              }}
            >
              <Trash2 aria-hidden="true" />
              {PIPELINE_TEXTS.removeConfirm}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </article>
  );
}

type PipelineEditorProps = {
  fundId: number;
  nameId: string;
  today: string;
  editor: ReturnType<typeof usePipelineAutosave>;
};

function PipelineEditor({ fundId, nameId, today, editor }: PipelineEditorProps) {
  const { draft } = editor;
  const ids = {
    status: `pipeline-${fundId}-status`,
    date: `pipeline-${fundId}-date`,
    note: `pipeline-${fundId}-note`,
    noteHelp: `pipeline-${fundId}-note-help`,
    overdue: `pipeline-${fundId}-overdue`,
    amount: `pipeline-${fundId}-committed`,
  };
  const overdue = isOverdue(draft.nextStepDate, draft.status, today);
  const count = noteLength(draft.note);

  return (
    <fieldset
      className="@container mt-auto flex flex-col gap-3 border-t border-slate-100 pt-4"
      aria-describedby={nameId}
    >
      <legend className="sr-only">Pipeline</legend>
      {/* Side by side only where the card is wide enough for a whole date and its clear button. */}
      <div className="grid gap-3 @md:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.status} className="text-xs font-medium text-slate-600">
            {PIPELINE_TEXTS.status}
          </label>
          <select
            id={ids.status}
            value={draft.status}
            onChange={(event) => {
              if (isPipelineStatus(event.target.value)) editor.setStatus(event.target.value);
            }}
            className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs outline-hidden hover:border-slate-400 focus-visible:border-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-600/30 sm:text-sm"
          >
            {PIPELINE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {PIPELINE_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <div className="flex items-center justify-between gap-2">
            <label htmlFor={ids.date} className="text-xs font-medium text-slate-600">
              {PIPELINE_TEXTS.nextStep}
            </label>
            {overdue && (
              <span
                id={ids.overdue}
                className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200 ring-inset"
              >
                <CircleAlert className="size-3" aria-hidden="true" />
                {PIPELINE_TEXTS.overdue}
              </span>
            )}
          </div>
          <div className="flex items-center gap-1">
            <Input
              id={ids.date}
              type="date"
              min="1900-01-01"
              max="2999-12-31"
              value={draft.nextStepDate ?? ""}
              aria-describedby={overdue ? ids.overdue : undefined}
              // The browser only reports a complete, valid date (or an emptied field).
              onChange={(event) => editor.setNextStepDate(event.target.value || null)}
            />
            {draft.nextStepDate && (
              <Button
                variant="ghost"
                size="icon"
                className="shrink-0"
                aria-label={PIPELINE_TEXTS.clearDate}
                onClick={() => editor.setNextStepDate(null)}
              >
                <X aria-hidden="true" />
              </Button>
            )}
          </div>
        </div>
      </div>
      {draft.status === "committed" && (
        <CommittedAmountField id={ids.amount} saved={draft.committedAmountUsd} onAmount={editor.setCommittedAmount} />
      )}
      <div className="flex flex-col gap-1.5">
        <div className="flex min-h-8 items-center justify-between gap-2">
          <label htmlFor={ids.note} className="text-xs font-medium text-slate-600">
            {PIPELINE_TEXTS.note}
          </label>
          <SaveIndicator state={editor.state} onRetry={editor.retry} />
        </div>
        <textarea
          id={ids.note}
          rows={3}
          value={draft.note}
          placeholder={PIPELINE_TEXTS.notePlaceholder}
          aria-invalid={editor.noteTooLong || undefined}
          aria-describedby={ids.noteHelp}
          onChange={(event) => editor.setNote(event.target.value)}
          onBlur={editor.flushNow}
          className="min-h-20 w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs outline-hidden placeholder:text-slate-500 hover:border-slate-400 focus-visible:border-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-600/30 aria-invalid:border-red-600 sm:text-sm"
        />
        <div id={ids.noteHelp} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs">
          {editor.noteTooLong ? (
            <span className="text-red-700">{PIPELINE_TEXTS.noteTooLong(PIPELINE_NOTE_MAX)}</span>
          ) : (
            <span className="text-slate-600">{PIPELINE_TEXTS.noteHint}</span>
          )}
          <span className={cn("tabular-nums", editor.noteTooLong ? "text-red-700" : "text-slate-500")}>
            {PIPELINE_TEXTS.noteCount(count, PIPELINE_NOTE_MAX)}
          </span>
        </div>
      </div>
    </fieldset>
  );
}

/** Where the automatic saving stands; announced politely, never stealing focus. */
function SaveIndicator({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  return (
    <div className="flex items-center justify-end gap-2 text-xs" aria-live="polite">
      {state === "saving" && (
        <span className="inline-flex items-center gap-1 text-slate-600">
          <LoaderCircle className="size-3.5 motion-safe:animate-spin" aria-hidden="true" />
          {PIPELINE_TEXTS.saving}
        </span>
      )}
      {state === "saved" && (
        <span className="inline-flex items-center gap-1 text-emerald-700">
          <Check className="size-3.5" aria-hidden="true" />
          {PIPELINE_TEXTS.saved}
        </span>
      )}
      {state === "error" && (
        <>
          <span className="inline-flex items-center gap-1 font-medium text-red-700">
            <CircleAlert className="size-3.5" aria-hidden="true" />
            {PIPELINE_TEXTS.notSaved}
          </span>
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RotateCcw aria-hidden="true" />
            {PIPELINE_TEXTS.retry}
          </Button>
        </>
      )}
    </div>
  );
}
