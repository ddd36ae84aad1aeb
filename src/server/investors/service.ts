import { canEditFund } from "../../shared/entitlements.js";
import type { Db } from "../db/client.js";
import { forbidden } from "../errors.js";
import * as investorsRepository from "./repository.js";

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
}
