import { seesAllResults } from "../../shared/entitlements.js";
import { FREE_RESULTS_LIMIT } from "../../shared/plans.js";
import type { FundSearchQuery } from "../../shared/schemas/funds.js";
import type { FundRow } from "../db/types.js";
import { subscriptionOf, type Viewer } from "../http/viewer.js";
import type { FundsIndexProvider } from "./index-provider.js";

/** Page size when a subscriber does not give a limit. */
export const DEFAULT_PAGE_SIZE = 20;

export class FundsService {
  constructor(private readonly indexes: FundsIndexProvider) {}

  async countries(): Promise<string[]> {
    return [...(await this.indexes.current()).countries];
  }

  /**
   * The paywall lives here: a viewer who does not see all results gets the top 3 only, whatever
   * limit or offset they ask for, and no premium field; totalCount always counts every match.
   */
  async searchJson(query: FundSearchQuery, viewer: Viewer): Promise<string> {
    const index = await this.indexes.current();
    const full = seesAllResults(subscriptionOf(viewer));
    return index.searchJson(query, {
      offset: full ? (query.offset ?? 0) : 0,
      limit: full
        ? (query.limit ?? DEFAULT_PAGE_SIZE)
        : Math.min(query.limit ?? FREE_RESULTS_LIMIT, FREE_RESULTS_LIMIT),
      includePremium: full,
    });
  }

  /**
   * Every fund matching the filters with all its fields, for the Lifetime plan's Excel export: in the
   * search's relevance order, or by name when no filter is given. The caller does the gating.
   */
  async exportRows(query: FundSearchQuery): Promise<FundRow[]> {
    const index = await this.indexes.current();
    const filtered = Boolean(query.country) || Boolean(query.fundingStage) || (query.industryFocus?.length ?? 0) > 0;
    return filtered ? index.matchingRows(query) : index.rowsByName();
  }
}
