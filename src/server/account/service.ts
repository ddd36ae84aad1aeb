import { SUBSCRIPTION_REQUIRED } from "../../shared/schemas/account.js";
import type { Db } from "../db/client.js";
import type { FundsIndexProvider } from "../funds/index-provider.js";
import { HttpError } from "../http/errors.js";
import { canSaveFunds, seesAllResults, type Viewer } from "../http/viewer.js";
import * as repository from "./repository.js";

export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly indexes: FundsIndexProvider,
  ) {}

  /**
   * `{funds}` as JSON. What a user saved is never dropped, but it is shown through the same gate
   * as search: after a subscription ends, the list stays and the premium fields are withheld.
   */
  async savedFundsJson(userId: number, viewer: Viewer): Promise<string> {
    const [ids, index] = await Promise.all([repository.savedFundIds(this.db, userId), this.indexes.current()]);
    return `{"funds":${index.fundsJson(ids, seesAllResults(viewer))}}`;
  }

  async save(userId: number, viewer: Viewer, fundId: number): Promise<void> {
    if (!canSaveFunds(viewer)) throw new HttpError(402, SUBSCRIPTION_REQUIRED);
    if (!(await this.indexes.current()).has(fundId)) throw new HttpError(404, "Fund not found.");
    await repository.saveFund(this.db, userId, fundId);
  }

  /** Unsaving what is not saved is harmless, and allowed without a subscription. */
  async unsave(userId: number, fundId: number): Promise<void> {
    await repository.unsaveFund(this.db, userId, fundId);
  }
}
