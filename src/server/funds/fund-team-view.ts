import { isAddressAtDomain } from "../../shared/email-address.js";
import type { ListedTeamMember, PitchStats } from "../../shared/schemas/funds.js";
import type { FundFactRow, FundRow } from "../db/types.js";
import { fundDomain } from "./team-edits.js";

/**
 * What a fund result says of the fund's own team (issue 24, "What founders see"), kept apart from
 * the search index so that the index only splices these members into the JSON it builds once per
 * fund and data version.
 */

/** The public members: the stated investing status, the team's last update, the listed members. */
export type FundTeamPublicView = {
  acceptsPitches: boolean;
  pitchStats: PitchStats;
  vehicleName: string | null;
  investingStatus: FundRow["investingStatus"];
  pausedUntil: string | null;
  updatedByFundTeam: string | null;
  team: ListedTeamMember[];
};

/** The premium members: how the fund wants to be pitched, shown to subscribers next to the website. */
export type FundTeamPremiumView = { pitchRoute: FundRow["pitchRoute"]; pitchTarget: string | null };

/**
 * The month (YYYY-MM, UTC) of the latest fact the fund's team recorded through its editor; null
 * when none of its facts came from the team (then the card shows no mark: never assumed).
 */
export function updatedByFundTeam(facts: readonly FundFactRow[]): string | null {
  let latest: Date | undefined;
  for (const fact of facts) {
    if (fact.origin !== "fund_team") continue;
    if (!latest || fact.updatedAt > latest) latest = fact.updatedAt;
  }
  return latest ? latest.toISOString().slice(0, 7) : null;
}

export function fundTeamPublicView(
  row: FundRow,
  facts: readonly FundFactRow[],
  team: readonly ListedTeamMember[],
  pitchStats: PitchStats = null,
): FundTeamPublicView {
  return {
    acceptsPitches: row.pitchRoute === "fundmatch",
    pitchStats,
    vehicleName: row.vehicleName,
    investingStatus: row.investingStatus,
    // The schema allows a date only with 'paused'; checked again so a stray value never reads as a promise.
    pausedUntil: row.investingStatus === "paused" ? row.pausedUntil : null,
    updatedByFundTeam: updatedByFundTeam(facts),
    team: [...team],
  };
}

/**
 * The pitch route as stored, unless its address is not one at the fund's own domain: a row stored
 * before the editor parsed addresses ('ana@evil.example?.fund.com', which a mail client sends to
 * evil.example) is shown as no route at all rather than as a link to someone else.
 */
export function fundTeamPremiumView(row: FundRow): FundTeamPremiumView {
  if (!row.pitchRoute) return { pitchRoute: null, pitchTarget: null };
  if (row.pitchRoute === "email") {
    const domain = fundDomain(row.website);
    const sound = row.pitchTarget !== null && domain !== null && isAddressAtDomain(row.pitchTarget, domain);
    return sound ? { pitchRoute: "email", pitchTarget: row.pitchTarget } : { pitchRoute: null, pitchTarget: null };
  }
  return { pitchRoute: row.pitchRoute, pitchTarget: row.pitchTarget };
}

/** Listed members per fund, as the index provider loads them with the funds. */
export type ListedTeams = ReadonlyMap<number, readonly ListedTeamMember[]>;

/** Each fund's answer record (issue 39), where it has one; a fund absent here shows none. */
export type FundPitchStats = ReadonlyMap<number, NonNullable<PitchStats>>;

/**
 * What other domains add to the funds' snapshot, read in its transaction: the listed team members
 * (investors domain) and the answer records (pitches domain).
 */
export type FundExtras = { teams?: ListedTeams; pitchStats?: FundPitchStats };
