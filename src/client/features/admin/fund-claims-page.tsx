import { Check, ExternalLink, TriangleAlert, UserMinus, X } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { CLAIM_REASON_MAX, CLAIM_TEXTS } from "../../../shared/fund-claim-texts.js";
import { fundPath } from "../../../shared/fund-page.js";
import { PAGE_META } from "../../../shared/page-meta.js";
import type { AdminFundClaim, AdminFundMember } from "../../../shared/schemas/fund-claims.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog.js";
import { Skeleton } from "../../components/ui/skeleton.js";
import { Textarea } from "../../components/ui/textarea.js";
import { messageOr } from "../../lib/api-client.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { useFundClaimAction, useFundClaims, useRemoveFundMember } from "./api/use-fund-claims.js";

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const date = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

function FundLink({ fund }: { fund: { id: number; name: string } }) {
  return (
    <Link
      to={fundPath(fund)}
      target="_blank"
      className="inline-flex items-center gap-1 underline-offset-4 hover:text-indigo-700 hover:underline"
    >
      {fund.name}
      <ExternalLink className="size-3.5" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </Link>
  );
}

/**
 * Fund Claims (/admin/claims): claims from addresses outside the fund's domain, to approve or
 * refuse, and every fund's team, whose members an admin can remove. The admin guard already ran.
 */
export function FundClaimsPage() {
  usePageMeta(PAGE_META["/admin/claims"]);
  const claims = useFundClaims();
  const [refusing, setRefusing] = useState<AdminFundClaim | null>(null);
  const [removing, setRemoving] = useState<AdminFundMember | null>(null);

  return (
    <section aria-labelledby="fund-claims-title" className="flex flex-col gap-8">
      <header>
        <h1 id="fund-claims-title" className="text-3xl font-bold tracking-tight text-slate-900">
          {CLAIM_TEXTS.adminTitle}
        </h1>
        <p className="mt-1.5 text-slate-600">{CLAIM_TEXTS.adminDescription}</p>
      </header>
      {claims.isPending ? (
        <div className="flex flex-col gap-3" aria-hidden="true">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-28 rounded-2xl" />
          ))}
        </div>
      ) : claims.isError ? (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
          {CLAIM_TEXTS.adminLoadFailed}: {messageOr(claims.error, "Request failed")}
        </p>
      ) : (
        <>
          <PendingClaims claims={claims.data.claims} onRefuse={setRefusing} />
          <FundTeams members={claims.data.members} onRemove={setRemoving} />
        </>
      )}
      <RefuseDialog claim={refusing} onClose={() => setRefusing(null)} />
      <RemoveDialog member={removing} onClose={() => setRemoving(null)} />
    </section>
  );
}

function PendingClaims({ claims, onRefuse }: { claims: AdminFundClaim[]; onRefuse: (claim: AdminFundClaim) => void }) {
  const action = useFundClaimAction();
  const approve = (claim: AdminFundClaim) =>
    action.mutate(
      { claimId: claim.id, action: "approve" },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: (error) => toast.error(messageOr(error, CLAIM_TEXTS.actionFailed)),
      },
    );
  return (
    <section aria-labelledby="pending-claims" className="flex flex-col gap-3">
      <h2 id="pending-claims" className="text-xl font-semibold text-slate-900">
        {CLAIM_TEXTS.adminPending} <span className="tabular-nums text-slate-500">({claims.length})</span>
      </h2>
      {claims.length === 0 ? (
        <p role="status" className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          {CLAIM_TEXTS.adminEmptyPending}
        </p>
      ) : (
        <ul aria-label={CLAIM_TEXTS.adminPending} className="flex flex-col gap-3">
          {claims.map((claim) => (
            <li key={claim.id}>
              <article
                aria-labelledby={`claim-${claim.id}-fund`}
                className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:flex-row md:items-start md:justify-between"
              >
                <div className="min-w-0 flex-1">
                  <h3 id={`claim-${claim.id}-fund`} className="text-base font-semibold text-slate-900">
                    <FundLink fund={claim.fund} />
                  </h3>
                  <p className="mt-1 text-sm break-all text-slate-800">
                    <span className="text-slate-600">Work address: </span>
                    {claim.email}
                  </p>
                  {claim.note && (
                    <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-800">{claim.note}</p>
                  )}
                  <p className="mt-2 text-xs break-words text-slate-600">
                    From {claim.claimant.displayName} ({claim.claimant.email}) on{" "}
                    {dateTime.format(new Date(claim.createdAt))}
                  </p>
                </div>
                <div className="flex shrink-0 flex-wrap gap-2 self-start">
                  <Button
                    size="sm"
                    disabled={action.isPending && action.variables?.claimId === claim.id}
                    onClick={() => approve(claim)}
                    aria-describedby={`claim-${claim.id}-fund`}
                  >
                    <Check aria-hidden="true" />
                    {CLAIM_TEXTS.approve}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-haspopup="dialog"
                    onClick={() => onRefuse(claim)}
                    aria-describedby={`claim-${claim.id}-fund`}
                  >
                    <X aria-hidden="true" />
                    {CLAIM_TEXTS.refuse}
                  </Button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function FundTeams({ members, onRemove }: { members: AdminFundMember[]; onRemove: (member: AdminFundMember) => void }) {
  const teams = new Map<number, { fund: AdminFundMember["fund"]; members: AdminFundMember[] }>();
  for (const member of members) {
    const team = teams.get(member.fund.id) ?? { fund: member.fund, members: [] };
    team.members.push(member);
    teams.set(member.fund.id, team);
  }
  return (
    <section aria-labelledby="fund-teams" className="flex flex-col gap-3">
      <h2 id="fund-teams" className="text-xl font-semibold text-slate-900">
        {CLAIM_TEXTS.adminMembers}
      </h2>
      {teams.size === 0 ? (
        <p role="status" className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          {CLAIM_TEXTS.adminEmptyMembers}
        </p>
      ) : (
        <ul aria-label={CLAIM_TEXTS.adminMembers} className="flex flex-col gap-3">
          {[...teams.values()].map((team) => (
            <li key={team.fund.id}>
              <article
                aria-labelledby={`team-${team.fund.id}`}
                className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
              >
                <h3 id={`team-${team.fund.id}`} className="text-base font-semibold text-slate-900">
                  <FundLink fund={team.fund} />
                </h3>
                <ul className="mt-3 divide-y divide-slate-100">
                  {team.members.map((member) => (
                    <li
                      key={member.user.id}
                      className="flex flex-col gap-2 py-2.5 sm:flex-row sm:items-center sm:justify-between"
                    >
                      <div className="min-w-0 text-sm">
                        <p className="font-medium break-words text-slate-900">
                          {member.user.displayName}{" "}
                          <span className="font-normal break-all text-slate-600">({member.user.email})</span>
                        </p>
                        <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                          <span className="break-all">{member.email}</span>
                          <Badge variant="secondary">{member.via === "email" ? "Verified address" : "Approved"}</Badge>
                          <span>since {date.format(new Date(member.joinedAt))}</span>
                        </p>
                      </div>
                      <Button
                        size="sm"
                        variant="outline"
                        className="self-start sm:self-auto"
                        aria-haspopup="dialog"
                        aria-label={`${CLAIM_TEXTS.remove} ${member.user.displayName} from ${team.fund.name}`}
                        onClick={() => onRemove(member)}
                      >
                        <UserMinus aria-hidden="true" />
                        {CLAIM_TEXTS.remove}
                      </Button>
                    </li>
                  ))}
                </ul>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RefuseDialog({ claim, onClose }: { claim: AdminFundClaim | null; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const action = useFundClaimAction();
  const close = () => {
    setReason("");
    action.reset();
    onClose();
  };
  const refuse = () => {
    if (!claim) return;
    action.mutate(
      { claimId: claim.id, action: "refuse", ...(reason.trim() ? { reason: reason.trim() } : {}) },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          close();
        },
      },
    );
  };
  return (
    <Dialog open={claim !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{CLAIM_TEXTS.refuseTitle}</DialogTitle>
          <DialogDescription>
            {claim ? `${claim.fund.name} · ${claim.email} (${claim.claimant.displayName})` : ""}
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="refuse-reason" className="text-sm font-medium text-slate-800">
            {CLAIM_TEXTS.refuseReasonLabel}
          </label>
          <Textarea
            id="refuse-reason"
            rows={3}
            maxLength={CLAIM_REASON_MAX}
            value={reason}
            disabled={action.isPending}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        {action.isError && (
          <p role="alert" className="text-sm text-red-700">
            {messageOr(action.error, CLAIM_TEXTS.actionFailed)}
          </p>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={action.isPending}>
              {CLAIM_TEXTS.cancel}
            </Button>
          </DialogClose>
          <Button className="bg-red-600 hover:bg-red-700" disabled={action.isPending} onClick={refuse}>
            <X aria-hidden="true" />
            {CLAIM_TEXTS.refuse}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function RemoveDialog({ member, onClose }: { member: AdminFundMember | null; onClose: () => void }) {
  const removal = useRemoveFundMember();
  const close = () => {
    removal.reset();
    onClose();
  };
  const remove = () => {
    if (!member) return;
    removal.mutate(
      { fundId: member.fund.id, userId: member.user.id },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          close();
        },
      },
    );
  };
  return (
    <Dialog open={member !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{CLAIM_TEXTS.removeTitle}</DialogTitle>
          <DialogDescription>
            {member ? `${member.user.displayName} (${member.user.email}) · ${member.fund.name}. ` : ""}
            {CLAIM_TEXTS.removeText}
          </DialogDescription>
        </DialogHeader>
        {removal.isError && (
          <p role="alert" className="text-sm text-red-700">
            {messageOr(removal.error, CLAIM_TEXTS.actionFailed)}
          </p>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={removal.isPending}>
              {CLAIM_TEXTS.cancel}
            </Button>
          </DialogClose>
          <Button className="bg-red-600 hover:bg-red-700" disabled={removal.isPending} onClick={remove}>
            <UserMinus aria-hidden="true" />
            {CLAIM_TEXTS.remove}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
