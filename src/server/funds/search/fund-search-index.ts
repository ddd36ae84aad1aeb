import type { FundSearchQuery } from "../../../shared/schemas/funds.js";
import type { FundMatchRequest } from "../../../shared/schemas/match.js";
import type { FundFactRow, FundRow } from "../../db/types.js";
import type { FundExtras } from "../fund-team-view.js";
import { FundMatcher, type MatchRanking, normaliseProfile, profileKey } from "../match/matcher.js";
import { matchReasons } from "../scoring.js";
import { type Entry, toEntry } from "./entry.js";
import { filterKey, normaliseFilters, reasonQuery } from "./filters.js";
import { FundMatching } from "./matching.js";
import { PageCache, type PageRequest, pageKey } from "./page-cache.js";
import { CHEQUE_COVERS_JSON, CHEQUE_UNKNOWN_JSON, resultJson } from "./result-json.js";
import { similarFunds, similarityReasons } from "./similar-funds.js";

export type { PageRequest } from "./page-cache.js";

/** Fund answers (the fund and its similar funds) kept per viewer kind. */
const MAX_CACHED_FUNDS = 10_000;
/** Match rankings kept (each holds an id list and a fit per fund). */
const MAX_CACHED_MATCHES = 200;

/**
 * The whole fund table in memory, for the search, the match and the fund pages. Each step is its
 * own module: `entry.ts` turns a row into what is compared and what is sent, `filters.ts` keys and
 * normalises a search, `matching.ts` finds and ranks the matches (and keeps them per filter
 * combination), `result-json.ts` writes a result through the viewer's premium gate, `page-cache.ts`
 * keeps the encoded pages and `similar-funds.ts` picks a fund page's similar funds. A search is
 * then a slice of a cached list instead of a query; the index is rebuilt when the fund data
 * version moves (see FundsIndexProvider).
 */
/** A match page's answer and the ids of the funds it lists. */
export type MatchPage = { body: Buffer; fundIds: number[] };

export class FundSearchIndex {
  readonly version: number;
  readonly size: number;
  readonly countries: readonly string[];
  private readonly entries: Entry[];
  /** Every fund's stated facts (fund_facts rows), for the counts of sourced and dated facts. */
  private readonly factRows: readonly FundFactRow[];
  private readonly factsByFund = new Map<number, FundFactRow[]>();
  private readonly nameRank: Int32Array;
  private readonly matching: FundMatching;
  private readonly positionById = new Map<number, number>();
  private readonly pages = new PageCache();
  /** The fund ids of each kept match page, held as long as the page's bytes are. */
  private readonly matchPageIds = new WeakMap<Buffer, number[]>();
  private readonly fundAnswers = new Map<string, Buffer>();
  /** The match's BM25 index and rules over these funds: built on the first match, once per data version. */
  private matcher: FundMatcher | undefined;
  private readonly matchRankings = new Map<string, MatchRanking>();

  constructor(rows: readonly FundRow[], version: number, facts: readonly FundFactRow[] = [], extras: FundExtras = {}) {
    const teams = extras.teams ?? new Map();
    const pitchStats = extras.pitchStats ?? new Map();
    this.version = version;
    this.size = rows.length;
    this.factRows = facts;
    const factsByFund = this.factsByFund;
    for (const fact of facts) {
      const list = factsByFund.get(fact.fundId);
      if (list) list.push(fact);
      else factsByFund.set(fact.fundId, [fact]);
    }
    this.entries = rows.map((row) =>
      toEntry(row, factsByFund.get(row.id) ?? [], teams.get(row.id) ?? [], pitchStats.get(row.id) ?? null),
    );

    const order = this.entries.map((_, index) => index);
    const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
    order.sort(
      (a, b) =>
        collator.compare(this.entry(a).row.name, this.entry(b).row.name) || this.entry(a).row.id - this.entry(b).row.id,
    );
    this.nameRank = new Int32Array(this.entries.length);
    order.forEach((entryIndex, rank) => {
      this.nameRank[entryIndex] = rank;
    });
    this.matching = new FundMatching(this.entries, this.nameRank);

    const countryNames = new Map<string, string>();
    this.entries.forEach((entry, index) => {
      this.positionById.set(entry.row.id, index);
      if (!countryNames.has(entry.countryKey)) countryNames.set(entry.countryKey, entry.row.country);
    });
    this.countries = [...countryNames.values()].sort(collator.compare);
  }

  /**
   * A page of a search's answer: `{results, totalCount}` as UTF-8 JSON, for the filters, the page
   * and the viewer's gate, serialised and encoded once (see PageCache).
   */
  searchPage(query: FundSearchQuery, page: PageRequest): Buffer {
    const key = filterKey(query);
    const cacheKey = pageKey(key, page);
    const cached = this.pages.get(cacheKey);
    if (cached !== undefined) return cached;
    const filters = normaliseFilters(query, key);
    const { ids, covers, coverMarks } = this.matching.matches(filters);
    const withRaise = filters.raise !== undefined;
    const end = Math.min(ids.length, page.offset + page.limit);
    const results: string[] = [];
    for (let position = page.offset; position < end; position++) {
      const entry = this.entry(ids[position] as number);
      const reasons = JSON.stringify(matchReasons(entry.row, reasonQuery(filters, entry), page.includePremium));
      // A raise is a subscriber's filter (a 402 for anyone else), so its groups are never a gated answer.
      const fit = withRaise ? (coverMarks?.[ids[position] as number] ? CHEQUE_COVERS_JSON : CHEQUE_UNKNOWN_JSON) : "";
      results.push(resultJson(entry, reasons, page.includePremium, fit));
    }
    const counts = withRaise ? `,"chequeFitCounts":{"covers":${covers},"unknown":${ids.length - covers}}` : "";
    const body = Buffer.from(`{"results":[${results.join(",")}],"totalCount":${ids.length}${counts}}`, "utf8");
    this.pages.remember(cacheKey, body);
    return body;
  }

  /**
   * The funds among `fundIds` that the search finds within its first `within` results, in the
   * search's order, each with the reasons the search gives it (the saved-search alerts). The
   * ranking is the search's own, computed once per filters and kept, so a thousand saved searches
   * of a few dozen distinct filters cost a few dozen rankings.
   */
  matchesAmong(
    query: FundSearchQuery,
    fundIds: ReadonlySet<number>,
    options: { within: number; includePremium: boolean },
  ): Array<{ row: FundRow; reasons: string[] }> {
    if (fundIds.size === 0) return [];
    const filters = normaliseFilters(query);
    const { ids } = this.matching.matches(filters);
    const end = Math.min(ids.length, options.within);
    const found: Array<{ row: FundRow; reasons: string[] }> = [];
    for (let position = 0; position < end; position++) {
      const entry = this.entry(ids[position] as number);
      if (!fundIds.has(entry.row.id)) continue;
      found.push({
        row: entry.row,
        reasons: matchReasons(entry.row, reasonQuery(filters, entry), options.includePremium),
      });
    }
    return found;
  }

  /**
   * A page of a match's answer (ADR 0021): `{results, totalCount}` as UTF-8 JSON, each result the
   * fund as search gives it plus `fit`, `reasons` and `concerns`, and the ids of the page's funds
   * (the founder's shortlist, counted for the funds: issue 24). The ranking is computed once per
   * profile and kept; only the page's explanations are built per call, and the page is kept too.
   */
  matchPage(body: FundMatchRequest, page: PageRequest): MatchPage {
    const matcher = this.prepareMatch();
    const profile = normaliseProfile(body);
    const key = rankingKey(body, profileKey(profile));
    // Kept with the search's pages (one byte budget): a founder's repeat asks cost a lookup.
    const cacheKey = pageKey(`\u0004match\u0002${key}`, page);
    const cached = this.pages.get(cacheKey);
    const cachedIds = cached && this.matchPageIds.get(cached);
    if (cached !== undefined && cachedIds !== undefined) return { body: cached, fundIds: cachedIds };
    const ranking = this.matchRanking(matcher, profile, key, body.activelyInvesting === true);
    const end = Math.min(ranking.ids.length, page.offset + page.limit);
    const results: string[] = [];
    const fundIds: number[] = [];
    for (let position = page.offset; position < end; position++) {
      const index = ranking.ids[position] as number;
      const { reasons, concerns, reasonFacts, concernFacts } = matcher.explain(
        index,
        profile,
        ranking,
        page.includePremium,
      );
      const reasonsJson = JSON.stringify(reasons);
      const extra =
        `,"fit":${ranking.fit[index]},"reasons":${reasonsJson},"concerns":${JSON.stringify(concerns)}` +
        `,"reasonFacts":${JSON.stringify(reasonFacts)},"concernFacts":${JSON.stringify(concernFacts)}`;
      const entry = this.entry(index);
      const json = resultJson(entry, reasonsJson, page.includePremium);
      results.push(`${json.slice(0, -1)}${extra}}`);
      fundIds.push(entry.row.id);
    }
    const answer = Buffer.from(
      `{"results":[${results.join(",")}],"totalCount":${ranking.ids.length},"goodCount":${ranking.goodCount}}`,
      "utf8",
    );
    this.pages.remember(cacheKey, answer);
    this.matchPageIds.set(answer, fundIds);
    return { body: answer, fundIds };
  }

  /**
   * The match's fit (0 to 100) of each of these funds against the profile, for the pipeline export:
   * the ranking is the match's own (computed once per profile and kept); a fund the profile
   * excludes, or one no longer in the data, has no fit.
   */
  matchFits(body: FundMatchRequest, fundIds: readonly number[]): Map<number, number> {
    const matcher = this.prepareMatch();
    const profile = normaliseProfile(body);
    const ranking = this.matchRanking(matcher, profile, profileKey(profile));
    const wanted = new Map<number, number>();
    for (const id of fundIds) {
      const position = this.positionById.get(id);
      if (position !== undefined) wanted.set(position, id);
    }
    const fits = new Map<number, number>();
    for (const position of ranking.ids) {
      const id = wanted.get(position);
      if (id !== undefined) fits.set(id, ranking.fit[position] as number);
    }
    return fits;
  }

  /**
   * The match's BM25 index and rules over these funds, built once per index (the provider builds it
   * with the index, so no request waits for it).
   */
  prepareMatch(): FundMatcher {
    this.matcher ??= new FundMatcher(this.entries, this.nameRank);
    return this.matcher;
  }

  /** Every match's full row, ranked as the search ranks them (the Excel export). */
  matchingRows(query: FundSearchQuery): FundRow[] {
    return Array.from(this.matching.matches(normaliseFilters(query)).ids, (index) => this.entry(index).row);
  }

  /** Every fund's full row, by name as the ranking's tie-break orders them (the unfiltered Excel export). */
  rowsByName(): FundRow[] {
    const rows = new Array<FundRow>(this.entries.length);
    this.entries.forEach((entry, index) => {
      rows[this.nameRank[index] as number] = entry.row;
    });
    return rows;
  }

  /** Every fund's row, in id order (the sitemap). */
  rows(): readonly FundRow[] {
    return this.entries.map((entry) => entry.row);
  }

  /** Every fund's stated facts (the public counts of sourced and dated facts). */
  facts(): readonly FundFactRow[] {
    return this.factRows;
  }

  /** One fund's stated facts (the export's source and date columns). */
  factsOf(fundId: number): readonly FundFactRow[] {
    return this.factsByFund.get(fundId) ?? [];
  }

  has(fundId: number): boolean {
    return this.positionById.has(fundId);
  }

  row(fundId: number): FundRow | undefined {
    const position = this.positionById.get(fundId);
    return position === undefined ? undefined : this.entry(position).row;
  }

  /** The given funds as a JSON array of results, in the given order; unknown ids are left out. */
  fundsJson(fundIds: readonly number[], includePremium: boolean): string {
    const results: string[] = [];
    for (const id of fundIds) {
      const position = this.positionById.get(id);
      if (position === undefined) continue;
      results.push(resultJson(this.entry(position), "[]", includePremium));
    }
    return `[${results.join(",")}]`;
  }

  /**
   * `{fund, similar}` as UTF-8 JSON for a fund page, through the viewer's gate; undefined for an
   * unknown id. The similar funds are the same three for everyone; only their premium fields are
   * gated. Kept, as bytes (their compressed copies are kept with them: http/compressed-answers.ts).
   */
  fundJson(fundId: number, includePremium: boolean): Buffer | undefined {
    const position = this.positionById.get(fundId);
    if (position === undefined) return undefined;
    const key = `${fundId}\u0002${includePremium ? 1 : 0}`;
    const cached = this.fundAnswers.get(key);
    if (cached !== undefined) return cached;
    const entry = this.entry(position);
    const similar = similarFunds(this.entries, this.nameRank, position).map((index) => {
      const other = this.entry(index);
      return resultJson(other, JSON.stringify(similarityReasons(entry, other)), includePremium);
    });
    const provenance = [entry.publicProvenanceJson, includePremium ? entry.premiumProvenanceJson : ""]
      .filter(Boolean)
      .join(",");
    const json = Buffer.from(
      `{"fund":${resultJson(entry, "[]", includePremium)},"similar":[${similar.join(",")}],"provenance":[${provenance}]}`,
      "utf8",
    );
    if (this.fundAnswers.size >= MAX_CACHED_FUNDS) this.fundAnswers.clear();
    this.fundAnswers.set(key, json);
    return json;
  }

  /**
   * The match's ranking for a profile, computed once and kept (the oldest dropped past the limit).
   * With `activeOnly` (issue 24) it is the profile's own ranking without the funds that do not say
   * they are actively investing, kept under its own key.
   */
  private matchRanking(
    matcher: FundMatcher,
    profile: ReturnType<typeof normaliseProfile>,
    key: string,
    activeOnly = false,
  ): MatchRanking {
    let ranking = this.matchRankings.get(key);
    if (ranking === undefined) {
      ranking = matcher.rank(profile);
      if (activeOnly) {
        const all = ranking;
        const ids = all.ids.filter((index) => this.entry(index).activelyInvesting);
        // The good ones stay first: the filter keeps the order.
        const goodCount = all.ids
          .subarray(0, all.goodCount)
          .filter((index) => this.entry(index).activelyInvesting).length;
        ranking = { ...all, ids, goodCount };
      }
      if (this.matchRankings.size >= MAX_CACHED_MATCHES) {
        const oldest = this.matchRankings.keys().next().value;
        if (oldest !== undefined) this.matchRankings.delete(oldest);
      }
      this.matchRankings.set(key, ranking);
    }
    return ranking;
  }

  private entry(index: number): Entry {
    return this.entries[index] as Entry;
  }
}

/** A match ranking's cache key: the profile's, marked when only actively investing funds are wanted. */
function rankingKey(body: FundMatchRequest, profileOnly: string): string {
  return body.activelyInvesting === true ? `${profileOnly}\u0001active` : profileOnly;
}
