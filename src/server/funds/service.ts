import { isAdvancedSearch } from "../../shared/advanced-search.js";
import { seesAllResults } from "../../shared/entitlements.js";
import { FACT_FIELDS } from "../../shared/fund-facts.js";
import { FREE_RESULTS_LIMIT, MAX_SEARCH_LIMIT } from "../../shared/plans.js";
import { SUBSCRIPTION_REQUIRED } from "../../shared/schemas/account.js";
import type { FundStats } from "../../shared/schemas/admin-data.js";
import type { FundSearchQuery } from "../../shared/schemas/funds.js";
import type { FundMatchRequest } from "../../shared/schemas/match.js";
import { subscriptionOf, type Viewer } from "../auth/viewer.js";
import type { Db } from "../db/client.js";
import type { FundFactRow, FundRow } from "../db/types.js";
import { notFound, paymentRequired } from "../errors.js";
import { factText, sideOf } from "./fund-history.js";
import type { FundsIndexProvider } from "./index-provider.js";
import { fundNewsBetween, type RecordedFactChange, readFundsVersion } from "./repository.js";
import type { FundSearchIndex, MatchPage, PageRequest } from "./search/fund-search-index.js";
import { fundStatsOf } from "./stats.js";

/** Page size when a subscriber does not give a limit. */
export const DEFAULT_PAGE_SIZE = 20;

export class FundsService {
  constructor(
    private readonly indexes: FundsIndexProvider,
    private readonly db: Db,
  ) {}

  async countries(): Promise<string[]> {
    return [...(await this.indexes.current()).countries];
  }

  /** The index as it stands now (fund pages read rows from it). */
  current(): Promise<FundSearchIndex> {
    return this.indexes.current();
  }

  /** current(), without a promise when the index is already the latest (see VersionedSnapshot.now). */
  now(): FundSearchIndex | Promise<FundSearchIndex> {
    return this.indexes.now();
  }

  /**
   * The paywall lives here: a viewer who does not see all results gets the top 3 only, whatever
   * limit or offset they ask for, and no premium field; totalCount always counts every match. A
   * larger limit than the viewer's page is not an error: it gets the largest page they may have. An
   * advanced filter (src/shared/advanced-search.ts) is refused to that viewer outright, with 402
   * and nothing else: a count or an order alone would already give the Premium answer away.
   */
  async searchBody(query: FundSearchQuery, viewer: Viewer): Promise<Buffer> {
    const full = seesAllResults(subscriptionOf(viewer));
    if (!full && isAdvancedSearch(query)) throw paymentRequired(SUBSCRIPTION_REQUIRED);
    const index = await this.indexes.current();
    return index.searchPage(query, {
      offset: full ? (query.offset ?? 0) : 0,
      limit: full
        ? Math.min(query.limit ?? DEFAULT_PAGE_SIZE, MAX_SEARCH_LIMIT)
        : Math.min(query.limit ?? FREE_RESULTS_LIMIT, FREE_RESULTS_LIMIT),
      includePremium: full,
    });
  }

  /**
   * The match (ADR 0021) through the search's one gate: a viewer who does not see all results gets
   * the top 3 and the count, without premium fields or the texts built on them; never a 402 for the
   * profile (the match's whole question, not a premium filter), with the ids of the funds shown (the
   * founder's shortlist, issue 24). The one premium filter of the match,
   * `activelyInvesting` (issue 24), is refused to that viewer with 402 like the search's.
   */
  async matchPage(request: FundMatchRequest, viewer: Viewer): Promise<MatchPage> {
    const index = await this.indexes.current();
    return index.matchPage(request, this.matchPageRequest(request, viewer));
  }

  private matchPageRequest(request: FundMatchRequest, viewer: Viewer): PageRequest {
    const full = seesAllResults(subscriptionOf(viewer));
    if (!full && request.activelyInvesting === true) throw paymentRequired(SUBSCRIPTION_REQUIRED);
    return {
      offset: full ? (request.offset ?? 0) : 0,
      limit: full
        ? Math.min(request.limit ?? DEFAULT_PAGE_SIZE, MAX_SEARCH_LIMIT)
        : Math.min(request.limit ?? FREE_RESULTS_LIMIT, FREE_RESULTS_LIMIT),
      includePremium: full,
    };
  }

  /**
   * A saved search's new funds as its subscriber would see them in the search: among `fundIds`,
   * those the search lists to this viewer, with the search's reasons. Through the same gate as
   * searchBody: a viewer who does not see all results sees the top 3 only, and an advanced filter
   * is not theirs (the search would answer 402), so it finds nothing for them.
   */
  async alertMatches(
    query: FundSearchQuery,
    viewer: Viewer,
    fundIds: ReadonlySet<number>,
    dataVersion: number,
  ): Promise<Array<{ row: FundRow; reasons: string[] }>> {
    const full = seesAllResults(subscriptionOf(viewer));
    if (!full && isAdvancedSearch(query)) return [];
    let index = await this.indexes.current();
    if (index.version < dataVersion) {
      // The news came from the database; this instance's copy may not have heard of it yet (a
      // write by another instance whose notification is on its way). Rebuild rather than miss it.
      this.indexes.invalidate();
      index = await this.indexes.current();
    }
    return index.matchesAmong(query, fundIds, {
      within: full ? Number.POSITIVE_INFINITY : FREE_RESULTS_LIMIT,
      includePremium: full,
    });
  }

  /**
   * The funds added and the facts changed in (since, until], for the saved-search alerts: read once
   * per run, with the funds' data version read after it (alertMatches searches data at least that new).
   */
  async newsBetween(since: Date, until: Date) {
    const news = await fundNewsBetween(this.db, since, until);
    return { added: news.added, changes: alertChanges(news.changes), dataVersion: await readFundsVersion(this.db) };
  }

  /** The search's body as a string. */
  async searchJson(query: FundSearchQuery, viewer: Viewer): Promise<string> {
    return (await this.searchBody(query, viewer)).toString("utf8");
  }

  /**
   * `{fund, similar}` for a fund page, through the same gate as search: the premium fields only for
   * a viewer who sees all results. 404 for an id that names no fund.
   */
  async fundJson(fundId: number, viewer: Viewer): Promise<Buffer> {
    const index = await this.indexes.current();
    const json = index.fundJson(fundId, seesAllResults(subscriptionOf(viewer)));
    if (json === undefined) throw notFound("Fund not found.");
    return json;
  }

  /** How many funds there are and how many have each fact, counted from the current data (cached with its index). */
  async stats(): Promise<FundStats> {
    return fundStatsOf(await this.indexes.current());
  }

  /**
   * The funds with these ids as the index holds them, by id (ids of no fund are absent): how other
   * domains read a fund's name or website without touching the funds' tables. An id the index does
   * not know may be a fund written by another instance whose notification is on its way: when the
   * database's data version is ahead of the index, the index is rebuilt before the id is left out.
   */
  async fundsByIds(ids: Iterable<number>): Promise<Map<number, FundRow>> {
    const wanted = [...new Set(ids)];
    let index = await this.indexes.current();
    if (wanted.some((id) => !index.has(id)) && (await readFundsVersion(this.db)) > index.version) {
      this.indexes.invalidate();
      index = await this.indexes.current();
    }
    const found = new Map<number, FundRow>();
    for (const id of wanted) {
      const row = index.row(id);
      if (row) found.set(id, row);
    }
    return found;
  }

  /** Whether a fund exists now (a report must name one). */
  async exists(fundId: number): Promise<boolean> {
    return (await this.indexes.current()).has(fundId);
  }

  /**
   * Every fund matching the filters with all its fields, for the Lifetime plan's Excel export: in the
   * search's order, or by name when no filter is given. The caller does the gating (Lifetime members
   * see all results, so the advanced filters are theirs too).
   */
  async exportRows(query: FundSearchQuery): Promise<FundRow[]> {
    return exportRowsOf(await this.indexes.current(), query);
  }

  /**
   * The export's rows with what its columns need beyond them: each fund's stated facts (a source and
   * a date per fact) and the data's counts (a detail no fund has gets no column), from one index.
   */
  async exportData(
    query: FundSearchQuery,
  ): Promise<{ rows: FundRow[]; factsOf: (fundId: number) => readonly FundFactRow[]; stats: FundStats }> {
    const index = await this.indexes.current();
    return { rows: exportRowsOf(index, query), factsOf: (id) => index.factsOf(id), stats: fundStatsOf(index) };
  }
}

/** Every fund matching the filters, in the search's order, or by name when no filter is given. */
function exportRowsOf(index: FundSearchIndex, query: FundSearchQuery): FundRow[] {
  const filtered =
    Boolean(query.country) ||
    Boolean(query.fundingStage) ||
    (query.industryFocus?.length ?? 0) > 0 ||
    isAdvancedSearch(query);
  return filtered ? index.matchingRows(query) : index.rowsByName();
}

/**
 * The history's changes as the alerts compare them (a fact's value as fund_facts keeps it): only
 * the facts (not the record's own fields such as its name), and only where the value changed, not
 * its source alone.
 */
export function alertChanges(changes: readonly RecordedFactChange[]) {
  return changes.flatMap((change) => {
    if (!(FACT_FIELDS as readonly string[]).includes(change.field)) return [];
    const before = factText(change.field, sideOf(change.before).value);
    const after = factText(change.field, sideOf(change.after).value);
    if (before.value === after.value && before.currency === after.currency) return [];
    return [
      {
        fundId: change.fundId,
        field: change.field,
        valueBefore: before.value,
        currencyBefore: before.currency,
        valueAfter: after.value,
        currencyAfter: after.currency,
        recordedAt: change.changedAt,
      },
    ];
  });
}
