import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ExternalLink, Flag } from "lucide-react";
import { type FormEvent, useCallback, useId, useState } from "react";
import { Link, useParams } from "react-router";
import { INDUSTRIES, industryLabel } from "../../../shared/industries.js";
import { PITCH_INBOX_META } from "../../../shared/page-meta.js";
import {
  PASS_REASONS,
  type PassReason,
  PITCH_NOTE_MAX,
  PITCH_STATUS_LABELS,
  type PitchStatus,
} from "../../../shared/pitches.js";
import type { InboxPitch, PitchInboxResponse } from "../../../shared/schemas/pitches.js";
import { formatUsdAmount } from "../../../shared/search-params.js";
import { STAGES, stageLabel } from "../../../shared/stages.js";
import { AccessDeniedScreen } from "../../components/access-denied.js";
import { Button } from "../../components/ui/button.js";
import { Textarea } from "../../components/ui/textarea.js";
import { ApiError, apiGet, apiPost, messageOr } from "../../lib/api-client.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { useSessionQuery } from "../../lib/use-session-query.js";
import { DeckViewer } from "./deck-viewer.js";

const selectClass =
  "h-10 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-hidden sm:text-sm";

type Filters = { status: string; stage: string; sector: string; country: string };
const NO_FILTERS: Filters = { status: "", stage: "", sector: "", country: "" };
const INBOX_STATUSES: PitchStatus[] = ["sent", "reviewing", "meeting", "passed"];

const inboxKey = (fundId: number, filters: Filters) => ["investor", "pitches", fundId, filters] as const;

const dateText = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/** /investor/funds/:id/pitches: the pitches to a fund, for the members of its team (issue 39). */
export function PitchInboxPage() {
  usePageMeta(PITCH_INBOX_META);
  const params = useParams();
  const fundId = Number(params.id);
  const session = useSessionQuery();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== "")).toString();
  const inbox = useQuery({
    queryKey: inboxKey(fundId, filters),
    queryFn: ({ signal }) =>
      apiGet<PitchInboxResponse>(`/_api/investor/funds/${fundId}/pitches${query ? `?${query}` : ""}`, { signal }),
    enabled: Boolean(session.data?.user),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
  if (session.isPending) return <p className="px-4 py-10 text-center text-slate-600">Loading…</p>;
  if (!session.data?.user) {
    return (
      <AccessDeniedScreen title="Access Denied" message="Please log in to read your fund's pitches.">
        <Button asChild className="mt-8">
          <Link to="/login">Log In</Link>
        </Button>
      </AccessDeniedScreen>
    );
  }
  if (inbox.isError) {
    const status = inbox.error instanceof ApiError ? inbox.error.status : 0;
    return (
      <AccessDeniedScreen
        title={status === 404 ? "Fund not found" : "Access Denied"}
        message={messageOr(inbox.error, "The pitches could not be loaded.")}
      >
        <Button asChild className="mt-8" variant="outline">
          <Link to="/investor/funds">Your funds</Link>
        </Button>
      </AccessDeniedScreen>
    );
  }
  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Pitches</h1>
        <Link to={`/investor/funds/${fundId}`} className="text-sm text-indigo-700 underline-offset-4 hover:underline">
          Edit the fund's profile
        </Link>
      </div>
      <FilterBar filters={filters} onChange={setFilters} />
      {inbox.isPending ? (
        <p role="status" className="text-slate-600">
          Loading the pitches…
        </p>
      ) : inbox.data.pitches.length === 0 ? (
        <p className="text-slate-600">No pitches here yet.</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {inbox.data.pitches.map((pitch) => (
            <li key={pitch.id}>
              <PitchCard fundId={fundId} pitch={pitch} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

function FilterBar({ filters, onChange }: { filters: Filters; onChange: (filters: Filters) => void }) {
  const id = useId();
  const set = (key: keyof Filters) => (value: string) => onChange({ ...filters, [key]: value });
  return (
    <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-4">
      <legend className="sr-only">Filter the pitches</legend>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-900" htmlFor={`${id}-status`}>
        Status
        <select
          id={`${id}-status`}
          className={selectClass}
          value={filters.status}
          onChange={(e) => set("status")(e.target.value)}
        >
          <option value="">All</option>
          {INBOX_STATUSES.map((status) => (
            <option key={status} value={status}>
              {PITCH_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-900" htmlFor={`${id}-stage`}>
        Stage
        <select
          id={`${id}-stage`}
          className={selectClass}
          value={filters.stage}
          onChange={(e) => set("stage")(e.target.value)}
        >
          <option value="">All</option>
          {STAGES.map((stage) => (
            <option key={stage.code} value={stage.code}>
              {stage.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-900" htmlFor={`${id}-sector`}>
        Sector
        <select
          id={`${id}-sector`}
          className={selectClass}
          value={filters.sector}
          onChange={(e) => set("sector")(e.target.value)}
        >
          <option value="">All</option>
          {INDUSTRIES.map((industry) => (
            <option key={industry.code} value={industry.code}>
              {industry.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-900" htmlFor={`${id}-country`}>
        Country
        <input
          id={`${id}-country`}
          className={selectClass}
          value={filters.country}
          onChange={(e) => set("country")(e.target.value)}
        />
      </label>
    </fieldset>
  );
}

function PitchCard({ fundId, pitch }: { fundId: number; pitch: InboxPitch }) {
  const [showDeck, setShowDeck] = useState(false);
  const nameId = `pitch-${pitch.id}-name`;
  const startup = pitch.startup;
  const facts = [
    startup.stage ? stageLabel(startup.stage) : null,
    startup.sectors.map(industryLabel).join(", ") || null,
    startup.country,
    startup.raiseAmountUsd ? `raising ${formatUsdAmount(startup.raiseAmountUsd)}` : null,
  ].filter(Boolean);
  const reportPages = useCallback(
    (pages: number[]) => {
      void apiPost(`/_api/investor/funds/${fundId}/pitches/${pitch.id}/deck/pages`, { pages }).catch(() => {});
    },
    [fundId, pitch.id],
  );
  return (
    <article
      aria-labelledby={nameId}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={nameId} className="text-lg font-semibold text-slate-900">
            {startup.name}
          </h2>
          {facts.length > 0 && <p className="text-sm text-slate-600">{facts.join(" · ")}</p>}
        </div>
        <span
          className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-800"
          data-testid="pitch-status"
        >
          {PITCH_STATUS_LABELS[pitch.status]}
        </span>
      </header>
      {startup.description && <p className="text-sm text-slate-700">{startup.description}</p>}
      <p className="text-sm whitespace-pre-line text-slate-900">{pitch.message}</p>
      {pitch.deck ? (
        showDeck ? (
          <DeckViewer src={`/_api/investor/funds/${fundId}/pitches/${pitch.id}/deck`} onPagesViewed={reportPages} />
        ) : (
          <Button type="button" variant="outline" className="self-start" onClick={() => setShowDeck(true)}>
            Read the deck ({pitch.deck.pages} pages)
          </Button>
        )
      ) : pitch.deckUrl ? (
        <a
          href={pitch.deckUrl}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="inline-flex items-center gap-1 self-start text-sm text-indigo-700 underline-offset-4 hover:underline"
        >
          <ExternalLink className="size-4" aria-hidden="true" /> Open the deck's link
        </a>
      ) : null}
      <History pitch={pitch} />
      {pitch.status === "sent" || pitch.status === "reviewing" ? (
        <AnswerForm fundId={fundId} pitch={pitch} />
      ) : (
        <p className="text-sm text-slate-700">
          {pitch.decision === "meeting" ? "You asked for a meeting." : `You passed: ${pitch.reason}.`}
        </p>
      )}
      <SpamReport fundId={fundId} pitch={pitch} />
    </article>
  );
}

function History({ pitch }: { pitch: InboxPitch }) {
  const words = { sent: "Sent", viewed: "Deck opened", meeting: "Meeting requested", passed: "Passed" } as const;
  return (
    <details className="text-sm text-slate-700">
      <summary className="cursor-pointer">History</summary>
      <ul className="mt-2 flex flex-col gap-1">
        {pitch.history.map((entry, index) => (
          // The history is in time order and never reordered: its position is its identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index}>
            {dateText(entry.at)} · {words[entry.event]}
            {entry.by ? ` by ${entry.by}` : ""}
          </li>
        ))}
      </ul>
    </details>
  );
}

function AnswerForm({ fundId, pitch }: { fundId: number; pitch: InboxPitch }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<"meeting" | "pass" | null>(null);
  const [reason, setReason] = useState<PassReason>(PASS_REASONS[0]);
  const [note, setNote] = useState("");
  const answer = useMutation({
    mutationFn: (body: { decision: "meeting" | "pass"; reason?: PassReason; note?: string }) =>
      apiPost(`/_api/investor/funds/${fundId}/pitches/${pitch.id}/answer`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["investor", "pitches", fundId] }),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (decision === "pass") answer.mutate({ decision, reason, ...(note.trim() ? { note } : {}) });
  }
  return (
    <div className="flex flex-col gap-3 border-t border-slate-100 pt-4">
      <div className="flex flex-wrap gap-2">
        <Button type="button" disabled={answer.isPending} onClick={() => answer.mutate({ decision: "meeting" })}>
          Request a meeting
        </Button>
        <Button type="button" variant="outline" disabled={answer.isPending} onClick={() => setDecision("pass")}>
          Pass
        </Button>
      </div>
      {decision === "pass" && (
        <form className="flex flex-col gap-3" onSubmit={submit}>
          <label htmlFor={`${id}-reason`} className="flex flex-col gap-1 text-sm font-medium text-slate-900">
            Reason
            <select
              id={`${id}-reason`}
              className={selectClass}
              value={reason}
              onChange={(event) => setReason(event.target.value as PassReason)}
            >
              {PASS_REASONS.map((each) => (
                <option key={each} value={each}>
                  {each}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor={`${id}-note`} className="flex flex-col gap-1 text-sm font-medium text-slate-900">
            A note to the founder (optional)
            <Textarea
              id={`${id}-note`}
              maxLength={PITCH_NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </label>
          <Button type="submit" variant="outline" className="self-start" disabled={answer.isPending}>
            Send the pass
          </Button>
        </form>
      )}
      {answer.isError && (
        <p role="alert" className="text-sm text-red-700">
          {messageOr(answer.error, "The answer could not be sent.")}
        </p>
      )}
    </div>
  );
}

function SpamReport({ fundId, pitch }: { fundId: number; pitch: InboxPitch }) {
  const queryClient = useQueryClient();
  const report = useMutation({
    mutationFn: () => apiPost(`/_api/investor/funds/${fundId}/pitches/${pitch.id}/spam`, undefined),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["investor", "pitches", fundId] }),
  });
  if (pitch.spamReported) return <p className="text-xs text-slate-500">Reported as spam.</p>;
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="self-end text-slate-600"
      disabled={report.isPending}
      onClick={() => report.mutate()}
    >
      <Flag className="size-3.5" aria-hidden="true" /> Report as spam
    </Button>
  );
}
