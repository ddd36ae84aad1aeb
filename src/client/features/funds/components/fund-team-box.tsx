import { BadgeCheck, Pencil } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { canEditFund } from "../../../../shared/entitlements.js";
import { CLAIM_TEXTS, fundEditorPath } from "../../../../shared/fund-claim-texts.js";
import { Button } from "../../../components/ui/button.js";
import { lazyDialog } from "../../../lib/lazy-dialog.js";
import { useFundMemberships } from "../api/use-fund-memberships.js";

// The claim form loads when someone opens it: few visitors of a fund page are its team.
const ClaimDialog = lazyDialog(() => import("./claim-dialog.js").then((module) => module.ClaimDialog));

/**
 * The fund page's word to the fund's own team: "Claim this profile", or, for a member, the way to
 * the fund's editor. Membership is the account's own (asked privately, in the browser only).
 */
export function FundTeamBox({ fundId, fundName, signedIn }: { fundId: number; fundName: string; signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const memberships = useFundMemberships(signedIn);
  const member =
    signedIn &&
    canEditFund(
      (memberships.data ?? []).map((fund) => fund.id),
      fundId,
    );

  return (
    <section
      aria-label={CLAIM_TEXTS.prompt}
      data-testid="fund-team-box"
      className="flex flex-col gap-3 rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      {member ? (
        <>
          <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
            <BadgeCheck className="size-4 shrink-0 text-emerald-700" aria-hidden="true" />
            {CLAIM_TEXTS.memberNote}
          </p>
          <Button asChild size="sm" variant="outline" className="self-start sm:self-auto">
            <Link to={fundEditorPath(fundId)}>
              <Pencil aria-hidden="true" />
              {CLAIM_TEXTS.editProfile}
            </Link>
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700">{CLAIM_TEXTS.prompt}</p>
          <Button
            size="sm"
            variant="outline"
            className="self-start sm:self-auto"
            aria-haspopup="dialog"
            // While membership is being asked, the button waits rather than offering a claim to a member.
            disabled={signedIn && memberships.isPending}
            onClick={() => setOpen(true)}
          >
            <BadgeCheck aria-hidden="true" />
            {CLAIM_TEXTS.link}
          </Button>
          <ClaimDialog fundId={fundId} fundName={fundName} signedIn={signedIn} open={open} onOpenChange={setOpen} />
        </>
      )}
    </section>
  );
}
