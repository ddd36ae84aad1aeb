import { Inbox } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { canPitchFunds } from "../../shared/entitlements.js";
import { PITCH_TEXTS, pitchStatsText } from "../../shared/pitches.js";
import type { FundResult } from "../../shared/schemas/funds.js";
import { lazyDialog } from "../lib/lazy-dialog.js";
import { useSessionQuery } from "../lib/use-session-query.js";
import { cn } from "../lib/utils.js";
import type { Viewer } from "../lib/viewer.js";
import { Button } from "./ui/button.js";

const PitchDialog = lazyDialog(() => import("./pitch-dialog.js").then((module) => module.PitchDialog));

/**
 * "Accepts pitches through FundMatch" (issue 39), shown to everyone on the fund page and the match's
 * cards; the button that opens the pitch dialog is for subscribers, and everyone else is shown the
 * way to become one. Nothing for a fund that takes pitches elsewhere.
 */
export function AcceptsPitches({ fund, viewer, className }: { fund: FundResult; viewer: Viewer; className?: string }) {
  const [open, setOpen] = useState(false);
  // The server's rule (subscribers, trial included), read from the session's own subscription.
  const mayPitch = canPitchFunds(useSessionQuery().data?.user);
  if (!fund.acceptsPitches) return null;
  return (
    <div className={cn("flex flex-wrap items-center gap-2 text-sm text-slate-800", className)}>
      <span className="inline-flex items-center gap-1.5 rounded-full bg-indigo-50 px-2.5 py-1 text-indigo-800">
        <Inbox className="size-3.5" aria-hidden="true" />
        {PITCH_TEXTS.acceptsPitches}
      </span>
      {viewer.status === "member" && mayPitch ? (
        <>
          <Button type="button" size="sm" onClick={() => setOpen(true)}>
            Pitch {fund.name}
          </Button>
          <PitchDialog fundId={fund.id} fundName={fund.name} open={open} onOpenChange={setOpen} />
        </>
      ) : viewer.status === "loading" ? null : (
        <Link to="/subscribe" className="text-indigo-700 underline-offset-4 hover:underline">
          Subscribe to pitch
        </Link>
      )}
    </div>
  );
}

/** "Answered 8 of 10 pitches, in 6 days (median)": the fund's answer record, when it has one. */
export function PitchStatsLine({ fund, className }: { fund: FundResult; className?: string }) {
  if (!fund.pitchStats) return null;
  return <p className={cn("text-sm text-slate-700", className)}>{pitchStatsText(fund.pitchStats)}</p>;
}
