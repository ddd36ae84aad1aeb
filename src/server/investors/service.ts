import { canEditFund } from "../../shared/entitlements.js";
import type { TeamListing } from "../../shared/schemas/investor.js";
import type { Db } from "../db/client.js";
import { forbidden } from "../errors.js";
import * as investorsRepository from "./repository.js";

/** What a member's listing is before they ever set it: not listed. */
const NOT_LISTED: TeamListing = { listed: false, name: null, role: null, linkedin: null };

/** Fund teams (issue 24): who belongs to which fund, and the one check every fund-team call makes. */
export class InvestorsService {
  constructor(private readonly db: Db) {}

  memberFundIds(userId: number): Promise<number[]> {
    return investorsRepository.memberFundIds(this.db, userId);
  }

  /** Throws `forbidden` unless the account is on this fund's team (`canEditFund`). */
  async assertCanEditFund(userId: number, fundId: number): Promise<void> {
    const fundIds = await this.memberFundIds(userId);
    if (!canEditFund(fundIds, fundId)) throw forbidden("You are not a member of this fund's team.");
  }

  /** The member's own line on the fund's team (the caller checked the membership). */
  async listing(fundId: number, userId: number): Promise<TeamListing> {
    const row = await investorsRepository.findListing(this.db, fundId, userId);
    if (!row) return NOT_LISTED;
    return { listed: row.listed, name: row.listedName, role: row.listedRole, linkedin: row.listedLinkedin };
  }

  /** Sets the member's own listing: opt-in, removable at any time (`listed: false`). */
  async updateListing(fundId: number, userId: number, listing: TeamListing): Promise<void> {
    const updated = await investorsRepository.updateListing(this.db, fundId, userId, {
      listed: listing.listed,
      listedName: listing.name,
      listedRole: listing.role,
      listedLinkedin: listing.linkedin,
    });
    if (!updated) throw forbidden("You are not a member of this fund's team.");
  }
}
