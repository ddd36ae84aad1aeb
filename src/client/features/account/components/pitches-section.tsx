import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { fundPath } from "../../../../shared/fund-page.js";
import { FOUNDER_PITCH_STATUS_LABELS } from "../../../../shared/pitches.js";
import type { UserPitch } from "../../../../shared/schemas/pitches.js";
import { Button } from "../../../components/ui/button.js";
import { apiDelete, apiGet, messageOr } from "../../../lib/api-client.js";
import { userPitchesQueryKey } from "../api/query-keys.js";

const dateText = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/** How the fund's team opened the deck: "Deck opened 2 times, 5 pages viewed, last on 2026-12-07". */
function deckViewsText(views: UserPitch["deckViews"]): string {
  if (views.opened === 0) return "Deck not opened yet";
  const times = views.opened === 1 ? "once" : `${views.opened} times`;
  const pages = views.pagesViewed === 1 ? "1 page viewed" : `${views.pagesViewed} pages viewed`;
  return `Deck opened ${times}, ${pages}${views.lastViewedAt ? `, last on ${dateText(views.lastViewedAt)}` : ""}`;
}

/**
 * /profile's pitches (issue 39): each pitch sent through FundMatch with where it stands, how the
 * fund's team opened the deck, and its answer; a pitch not yet answered can be withdrawn.
 */
export function PitchesSection() {
  const queryClient = useQueryClient();
  const pitches = useQuery({
    queryKey: userPitchesQueryKey,
    queryFn: ({ signal }) => apiGet<{ pitches: UserPitch[] }>("/_api/user/pitches", { signal }),
  });
  const withdraw = useMutation({
    mutationFn: (id: string) => apiDelete(`/_api/user/pitches/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: userPitchesQueryKey }),
  });
  if (pitches.isPending || pitches.isError || pitches.data.pitches.length === 0) return null;
  return (
    <section id="pitches" aria-labelledby="pitches-title" className="flex min-w-0 flex-col gap-4">
      <h2 id="pitches-title" className="text-2xl font-bold tracking-tight text-slate-900">
        Your pitches
      </h2>
      <ul className="flex flex-col gap-3">
        {pitches.data.pitches.map((pitch) => (
          <li
            key={pitch.id}
            className="flex flex-col gap-1.5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
            data-testid="user-pitch"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Link
                to={fundPath({ id: pitch.fundId, name: pitch.fundName })}
                className="font-semibold text-slate-900 underline-offset-4 hover:text-indigo-700 hover:underline"
              >
                {pitch.fundName}
              </Link>
              <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-800">
                {FOUNDER_PITCH_STATUS_LABELS[pitch.status]}
              </span>
            </div>
            <p className="text-sm text-slate-600">Sent {dateText(pitch.sentAt)}</p>
            {pitch.status !== "withdrawn" && <p className="text-sm text-slate-700">{deckViewsText(pitch.deckViews)}</p>}
            {pitch.decision === "pass" && (
              <p className="text-sm text-slate-700">
                Reason: {pitch.reason}
                {pitch.note ? ` — ${pitch.note}` : ""}
              </p>
            )}
            {pitch.decision === "meeting" && (
              <p className="text-sm text-emerald-800">
                The fund asked for a meeting: the e-mail it sent you has its address.
              </p>
            )}
            {(pitch.status === "sent" || pitch.status === "reviewing") && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="self-start text-slate-700"
                disabled={withdraw.isPending}
                onClick={() => withdraw.mutate(pitch.id)}
              >
                Withdraw
              </Button>
            )}
          </li>
        ))}
      </ul>
      {withdraw.isError && (
        <p role="alert" className="text-sm text-red-700">
          {messageOr(withdraw.error, "The pitch could not be withdrawn.")}
        </p>
      )}
    </section>
  );
}
