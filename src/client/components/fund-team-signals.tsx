import { CircleCheck, CirclePause, CircleSlash, ExternalLink, Mail, Send, UsersRound } from "lucide-react";
import { FUND_STATUS_LABELS, formatAsOf } from "../../shared/fund-facts.js";
import { LISTED_TEAM_HEADING, pausedText, updatedByFundTeamText } from "../../shared/fund-signals.js";
import { INVESTING_STATUS_LABELS, PITCH_ROUTE_LABELS } from "../../shared/fund-team.js";
import { mailtoHref } from "../../shared/mailto.js";
import type { FundResult } from "../../shared/schemas/funds.js";
import { safeExternalUrl } from "../lib/safe-url.js";
import { cn } from "../lib/utils.js";

/**
 * What founders see of a fund's own team (issue 24): its stated investing status, the mark of facts
 * it keeps itself, how it wants to be pitched (subscribers) and the members who chose to be listed.
 * Nothing shows when the fund has not said: a status is never assumed.
 */

/** "Actively investing" or "Paused (until Mar 2027)", as the fund's team states it; nothing when it has not. */
export function InvestingStatusBadge({ fund, className }: { fund: FundResult; className?: string }) {
  if (fund.investingStatus === null) return null;
  const active = fund.investingStatus === "active";
  return (
    <span
      data-testid="investing-status"
      className={cn(
        "inline-flex w-fit items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        active ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : "bg-amber-50 text-amber-900 ring-amber-200",
        className,
      )}
    >
      {active ? (
        <CircleCheck className="size-3.5 shrink-0" aria-hidden="true" />
      ) : (
        <CirclePause className="size-3.5 shrink-0" aria-hidden="true" />
      )}
      {active ? INVESTING_STATUS_LABELS.active : pausedText(fund.pausedUntil)}
    </span>
  );
}

/**
 * A source's report that the firm no longer raises or invests (issue 36), with that source and its
 * date: "Winding down · reported by techcrunch.com · Mar 2025", the source linked where it has an
 * address. On cards it is short; the fund page gives the whole line. Nothing without a report.
 */
export function ReportedStatus({
  fund,
  className,
  compact = false,
}: {
  fund: FundResult;
  className?: string;
  compact?: boolean;
}) {
  const status = fund.status;
  if (!status) return null;
  const url = safeExternalUrl(status.sourceUrl);
  const date = status.asOf ? formatAsOf(status.asOf) : null;
  return (
    <span
      data-testid="reported-status"
      className={cn(
        "inline-flex w-fit max-w-full flex-wrap items-center gap-x-1 gap-y-0.5 rounded-xl bg-rose-50 px-2.5 py-0.5 text-xs font-semibold text-rose-900 ring-1 ring-rose-200 ring-inset",
        className,
      )}
    >
      <CircleSlash className="size-3.5 shrink-0" aria-hidden="true" />
      {FUND_STATUS_LABELS[status.value]}
      <span className="font-normal">
        {" · reported by "}
        {url && !compact ? (
          <a
            href={url.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="underline underline-offset-2 hover:text-rose-950"
          >
            {status.sourceName}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          status.sourceName
        )}
        {date ? ` · ${date}` : ""}
      </span>
    </span>
  );
}

/** "Updated by the fund's team · Nov 2026": on a card, when the team keeps any of the fund's facts. */
export function FundTeamMark({ fund }: { fund: FundResult }) {
  if (!fund.updatedByFundTeam) return null;
  return (
    <span data-testid="fund-team-mark" className="inline-flex items-center gap-1">
      <UsersRound className="size-3.5 shrink-0" aria-hidden="true" />
      {updatedByFundTeamText(fund.updatedByFundTeam)}
    </span>
  );
}

/** The pitch route as a subscriber's value: the form's link, the address, or "Warm introductions only". */
export function PitchRouteValue({ fund }: { fund: FundResult }) {
  if (!fund.pitchRoute) return null;
  if (fund.pitchRoute === "warm_intro") return <span>{PITCH_ROUTE_LABELS.warm_intro}</span>;
  if (fund.pitchRoute === "fundmatch") return <span>{PITCH_ROUTE_LABELS.fundmatch}</span>;
  if (fund.pitchRoute === "email") {
    // Each part encoded: the link writes to the address shown, whatever it holds.
    const mailto = fund.pitchTarget ? mailtoHref(fund.pitchTarget) : null;
    if (!mailto) return null;
    return (
      <a
        href={mailto}
        className="inline-flex max-w-full items-center gap-1 text-indigo-700 underline-offset-4 hover:underline"
      >
        <Mail className="size-3.5 shrink-0" aria-hidden="true" />
        <span className="truncate">{fund.pitchTarget}</span>
      </a>
    );
  }
  const form = safeExternalUrl(fund.pitchTarget);
  if (!form) return null;
  return (
    <a
      href={form.href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex max-w-full items-center gap-1 text-indigo-700 underline-offset-4 hover:underline"
    >
      <Send className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="truncate">
        {PITCH_ROUTE_LABELS.form} ({form.hostname.replace(/^www\./, "")})
      </span>
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/** The fund page's team: only the members who opted in, with what they chose to show. */
export function ListedTeam({ fund }: { fund: FundResult }) {
  if (fund.team.length === 0) return null;
  return (
    <section aria-labelledby="fund-team">
      <h2 id="fund-team" className="text-lg font-semibold text-slate-900">
        {LISTED_TEAM_HEADING}
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {fund.team.map((member) => {
          const linkedin = safeExternalUrl(member.linkedin);
          return (
            <li
              key={`${member.name}-${member.role ?? ""}`}
              className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm"
            >
              <span className="font-semibold text-slate-900">{member.name}</span>
              {member.role && <span className="text-slate-600">{member.role}</span>}
              {linkedin && (
                <a
                  href={linkedin.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-1 inline-flex w-fit items-center gap-1 text-indigo-700 underline-offset-4 hover:underline"
                >
                  LinkedIn
                  <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
