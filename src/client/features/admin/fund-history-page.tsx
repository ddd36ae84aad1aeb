import { ExternalLink, RotateCcw, TriangleAlert, Undo2 } from "lucide-react";
import { Link, useParams } from "react-router";
import { toast } from "sonner";
import { formatAsOf } from "../../../shared/fund-facts.js";
import { HISTORY_WRITER_LABELS, historyFieldLabel } from "../../../shared/fund-history.js";
import { INVESTOR_TEXTS } from "../../../shared/investor-texts.js";
import { FUND_HISTORY_META } from "../../../shared/page-meta.js";
import type { FundFactChange } from "../../../shared/schemas/investor.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Skeleton } from "../../components/ui/skeleton.js";
import { messageOr } from "../../lib/api-client.js";
import { safeExternalUrl } from "../../lib/safe-url.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { useFundHistory, useRevert } from "./api/use-fund-history.js";
import { describeValue } from "./fund-history-values.js";

// UTC, like the other admin pages: changes are compared across instances and logs.
const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const when = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;

/**
 * /admin/funds/:id/history: the fund's one history (issue 36): every change by every writer (the
 * curated data, an import with its file, an admin's edit, the fund's team, a revert), who, when,
 * which fact, before and after and the source it had after, newest first, with Revert (which takes
 * along the facts of the same write that belong together) and Revert all by a team member. Reached
 * from the funds table.
 */
export function FundHistoryPage() {
  usePageMeta(FUND_HISTORY_META);
  const fundId = Number(useParams().id);
  const history = useFundHistory(fundId);
  const revert = useRevert(fundId);

  const run = (request: { changeId: number } | { userId: number }) =>
    revert.mutate(request, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toast.error(messageOr(error, INVESTOR_TEXTS.revertFailed)),
    });

  const changes = history.data?.changes ?? [];
  const byId = new Map(changes.map((change) => [change.id, change]));

  return (
    <section aria-labelledby="history-title" className="flex flex-col gap-6">
      <header>
        <nav className="text-sm">
          <Link to="/admin/funds" className="text-indigo-700 underline-offset-2 hover:underline">
            Fund Management
          </Link>
        </nav>
        <h1 id="history-title" className="mt-2 text-3xl font-bold tracking-tight break-words text-slate-900">
          {INVESTOR_TEXTS.historyTitle}
          {history.data ? `: ${history.data.fund.name}` : ""}
        </h1>
        <p className="mt-1.5 text-slate-600">{INVESTOR_TEXTS.historyIntro}</p>
      </header>
      {history.isPending ? (
        <div className="flex flex-col gap-3" aria-hidden="true">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-24 rounded-2xl" />
          ))}
        </div>
      ) : history.isError ? (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
          {messageOr(history.error, "The history could not be loaded.")}
        </p>
      ) : changes.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-sm text-slate-600">
          {INVESTOR_TEXTS.noChanges}
        </p>
      ) : (
        <ol aria-label="Changes" className="flex flex-col gap-3">
          {changes.map((change) => (
            <li key={change.id}>
              <ChangeCard
                change={change}
                along={change.revertsWith.flatMap((id) => byId.get(id) ?? [])}
                pending={revert.isPending}
                onRevert={run}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Who wrote a change, in words: the account's address, the curated data, or an author not recorded. */
function authorOf(change: FundFactChange): string {
  if (change.authorEmail) return change.authorEmail;
  return change.writer === "seed" ? INVESTOR_TEXTS.curatedAuthor : INVESTOR_TEXTS.unknownAuthor;
}

/** Where the value came from after the change, as the fund page names it, linked when it has an address. */
function SourceLine({ source }: { source: NonNullable<FundFactChange["source"]> }) {
  const url = safeExternalUrl(source.url);
  const date = source.asOf ? ` · ${formatAsOf(source.asOf)}` : "";
  return (
    <p className="text-xs text-slate-600">
      {INVESTOR_TEXTS.namedSource}:{" "}
      {url ? (
        <a
          href={url.href}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="inline-flex items-center gap-1 text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
        >
          <span className="break-all">{source.name}</span>
          <ExternalLink className="size-3 shrink-0" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : (
        <span className="break-all">{source.name}</span>
      )}
      {date}
    </p>
  );
}

function ChangeCard({
  change,
  along,
  pending,
  onRevert,
}: {
  change: FundFactChange;
  along: FundFactChange[];
  pending: boolean;
  onRevert: (request: { changeId: number } | { userId: number }) => void;
}) {
  const label = historyFieldLabel(change.field);
  const byMember = change.writer === "fund_team" && change.userId !== null;
  const alongText = along.map((other) => `${historyFieldLabel(other.field)} (#${other.id})`).join(", ");
  return (
    <article
      aria-label={`Change #${change.id}: ${label}`}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="fund-change"
      data-writer={change.writer}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="font-semibold text-slate-900">
          {label} <span className="text-sm font-normal text-slate-500">#{change.id}</span>
        </h2>
        <p className="text-sm text-slate-600">
          <span className="break-all">{authorOf(change)}</span> · {when(change.changedAt)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant={change.writer === "revert" ? "secondary" : "outline"}>
          {HISTORY_WRITER_LABELS[change.writer]}
        </Badge>
        {change.import && (
          <span className="min-w-0 text-slate-600">
            {INVESTOR_TEXTS.importFile}:{" "}
            <span className="font-medium break-all text-slate-800">{change.import.fileName}</span>
          </span>
        )}
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Before</dt>
          <dd className="break-words text-slate-700">{describeValue(change.field, change.before)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">After</dt>
          <dd className="break-words font-medium text-slate-900">{describeValue(change.field, change.after)}</dd>
        </div>
      </dl>
      {change.source ? (
        <SourceLine source={change.source} />
      ) : (
        <p className="text-xs text-slate-500">
          {INVESTOR_TEXTS.namedSource}: {INVESTOR_TEXTS.noSource}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {change.revertOf !== null && <Badge variant="secondary">Revert of #{change.revertOf}</Badge>}
        {change.revertedAt ? (
          <Badge variant="outline">
            {INVESTOR_TEXTS.reverted} {when(change.revertedAt)}
          </Badge>
        ) : change.revertible ? (
          <Button
            variant="outline"
            size="sm"
            disabled={pending}
            onClick={() => onRevert({ changeId: change.id })}
            aria-label={`${INVESTOR_TEXTS.revert} change #${change.id}${alongText ? ` with ${alongText}` : ""}`}
          >
            <Undo2 aria-hidden="true" />
            {INVESTOR_TEXTS.revert}
          </Button>
        ) : (
          <p className="text-xs text-slate-500">{INVESTOR_TEXTS.notRevertible}</p>
        )}
        {byMember && change.userId !== null && (
          <Button
            variant="ghost"
            size="sm"
            disabled={pending}
            onClick={() => onRevert({ userId: change.userId as number })}
          >
            <RotateCcw aria-hidden="true" />
            {INVESTOR_TEXTS.revertAll}
          </Button>
        )}
        {alongText && !change.revertedAt && change.revertible && (
          <p className="text-xs text-slate-600">
            {INVESTOR_TEXTS.revertWith}: {alongText}
          </p>
        )}
      </div>
    </article>
  );
}
