import { canEditFund } from "../../shared/entitlements.js";
import type { ListedTeamMember } from "../../shared/schemas/funds.js";
import type { Db } from "../db/client.js";
import { forbidden } from "../errors.js";
import * as investorsRepository from "./repository.js";

/** Fund teams (issue 24): who belongs to which fund, and the one check every fund-team call makes. */
export class InvestorsService {
  constructor(private readonly db: Db) {}

  memberFundIds(userId: number): Promise<number[]> {
    return investorsRepository.memberFundIds(this.db, userId);
  }

  /** Which funds each of these accounts is on the team of (the audience counts leave members out). */
  membershipsOf(userIds: readonly number[]): Promise<Map<number, Set<number>>> {
    return investorsRepository.membershipsOf(this.db, userIds);
  }

  /** Throws `forbidden` unless the account is on this fund's team (`canEditFund`). */
  async assertCanEditFund(userId: number, fundId: number): Promise<void> {
    const fundIds = await this.memberFundIds(userId);
    if (!canEditFund(fundIds, fundId)) throw forbidden("You are not a member of this fund's team.");
  }
}

/**
 * The listed team of every fund (members who opted in), for the funds' index: read with the funds'
 * snapshot on the snapshot's own transaction `db`. A change to a listing bumps the funds' data
 * version (the fund_members trigger), so the index is rebuilt with it.
 */
export async function listedTeams(db: Db): Promise<Map<number, ListedTeamMember[]>> {
  const teams = new Map<number, ListedTeamMember[]>();
  for (const row of await investorsRepository.listedMembers(db)) {
    const member = { name: row.name, role: row.role, linkedin: row.linkedin };
    const team = teams.get(row.fundId);
    if (team) team.push(member);
    else teams.set(row.fundId, [member]);
  }
  return teams;
}
