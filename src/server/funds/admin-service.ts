import { ageCutoff, OLD_FUND_SIZE_YEARS } from "../../shared/fact-age.js";
import { type FundStatus, INFORMATIVE_FACTS } from "../../shared/fund-facts.js";
import {
  type AdminDataResponse,
  CURATED_ONLY_LIMIT,
  OLD_FUND_SIZES_LIMIT,
  OPEN_REPORTS_LIMIT,
  REPORTED_STATUS_LIMIT,
  SOURCE_HOSTS_LIMIT,
  STALE_FUNDS_PAGE_SIZE,
} from "../../shared/schemas/admin-data.js";
import type { AdminFund, AdminFundsPage } from "../../shared/schemas/admin-funds.js";
import type { FundInput } from "../../shared/schemas/fund-input.js";
import { isPublicationAddress } from "../../shared/source-address.js";
import type { Db } from "../db/client.js";
import type { FundFactRow, FundRow } from "../db/types.js";
import { invalid, notFound } from "../errors.js";
import { ADMIN_SOURCE, descriptionFactOfEdit, factsOfEdit, sourceNameOfUrl, statusFactOf } from "./fact-edits.js";
import { readHistorySnapshot, recordChangesSince } from "./fund-history.js";
import { resolveCountry } from "./import/countries.js";
import type { FundReportsService } from "./reports/service.js";
import * as fundsRepository from "./repository.js";
import { fundStatsOf } from "./stats.js";

export { ADMIN_EDIT_SOURCE } from "./fact-edits.js";

/** Who edits, for the fund's history. */
export type EditAuthor = { id: number; email: string } | null;

/**
 * The admin's hands on single funds: the paged table, Edit and Delete. Every write renews this
 * instance's search index at once; other instances hear of it through the funds trigger.
 */
export class FundAdminService {
  constructor(
    private readonly db: Db,
    private readonly indexes: { invalidate(): void; current(): Promise<{ rows(): readonly FundRow[] }> },
    private readonly reports: Pick<FundReportsService, "list">,
  ) {}

  async list(options: {
    query?: string | undefined;
    page?: number | undefined;
    pageSize?: number | undefined;
  }): Promise<AdminFundsPage> {
    const page = options.page ?? 1;
    const pageSize = options.pageSize ?? 25;
    const { rows, total } = await fundsRepository.listFundsPage(this.db, {
      query: options.query ?? "",
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    const facts = await fundsRepository.listFundFacts(
      this.db,
      rows.map((row) => row.id),
    );
    return { funds: rows.map((row) => toAdminFund(row, facts)), total, page, pageSize };
  }

  async get(id: number): Promise<AdminFund> {
    const row = await fundsRepository.findFundById(this.db, id);
    if (!row) throw notFound("Fund not found.");
    return toAdminFund(row, await fundsRepository.listFundFacts(this.db, [id]));
  }

  /**
   * Stores an admin's edit. The values passed the shared fund rules at the door; the country is
   * then read as the import reads it, so that a fund edited by hand is spelled like an imported one.
   * What changed is recorded in the fund's history with the admin as its author (issue 36).
   */
  async update(id: number, input: FundInput, admin: EditAuthor, today: string = todayUtc()): Promise<AdminFund> {
    const country = resolveCountry(input.country);
    if (!country) throw invalid(`Country '${input.country}' is not a country we know.`);
    const { status, statusSourceUrl, statusAsOf, ...fields } = input;
    await this.db.transaction(async (tx) => {
      const existing = await fundsRepository.lockFundById(tx, id);
      if (!existing) throw notFound("Fund not found.");
      const snapshot = await readHistorySnapshot(tx, [id]);
      await fundsRepository.updateFund(tx, id, {
        ...fields,
        ...(status === undefined ? {} : { status }),
        country: country.name,
        countryCode: country.code,
        source: existing.source,
        importId: existing.importId,
        // Saving the form is a review: the admin looked at every fact on it today.
        lastReviewed: today,
      });
      const hasDescriptionFact = snapshot.facts.some((fact) => fact.field === "description");
      const statusFact = snapshot.facts.find((fact) => fact.field === "status");
      const facts = [
        ...factsOfEdit(existing, fields, ADMIN_SOURCE, today),
        ...descriptionFactOfEdit(existing, fields, hasDescriptionFact, ADMIN_SOURCE, today),
      ];
      if (
        status !== undefined &&
        (status !== existing.status ||
          (status !== null &&
            ((statusSourceUrl ?? null) !== (statusFact?.sourceUrl ?? null) ||
              (statusAsOf ?? null) !== (statusFact?.asOf ?? null))))
      ) {
        const source = statusSourceUrl
          ? { name: sourceNameOfUrl(statusSourceUrl), url: statusSourceUrl, origin: "source" as const }
          : ADMIN_SOURCE;
        facts.push(statusFactOf(id, status, source, statusAsOf ?? today));
      }
      await fundsRepository.upsertFundFacts(tx, facts);
      await recordChangesSince(tx, snapshot, {
        writer: "admin",
        userId: admin?.id ?? null,
        email: admin?.email ?? null,
      });
    });
    this.indexes.invalidate();
    return this.get(id);
  }

  /** "Mark reviewed": the admin checked the fund and it is right as it stands; nothing else changes. */
  async markReviewed(id: number, today: string = todayUtc()): Promise<{ id: number; lastReviewed: string }> {
    if (!(await fundsRepository.setLastReviewed(this.db, id, today))) throw notFound("Fund not found.");
    this.indexes.invalidate();
    return { id, lastReviewed: today };
  }

  /**
   * The data page (issue 36: it tells the truth): how many funds have each fact (counted from the
   * current data, as the public counts are) and how many of those are sourced and dated, the facts
   * by age, the funds whose every fact is the curated list's, the sources' hosts, the funds a source
   * reports winding down, the funds nobody reviewed in the last 12 months (a fund without a review
   * date was never reviewed), the open reports and the fund sizes more than six years old.
   */
  async dataOverview(page: number, today: string = todayUtc()): Promise<AdminDataResponse> {
    const reviewedBefore = monthsBefore(today, 12);
    // Counted by the month, as the fund page and the match count an older fund (src/shared/fact-age.ts).
    const day = new Date(`${today}T00:00:00Z`);
    const ageBounds = {
      oneYear: ageCutoff(day, 1),
      threeYears: ageCutoff(day, 3),
      sixYears: ageCutoff(day, OLD_FUND_SIZE_YEARS),
    };
    const [index, stale, reports, oldFundSizes, sourced, factAges, curatedOnly, sourceHosts, reportedStatus] =
      await Promise.all([
        this.indexes.current(),
        fundsRepository.listFundsReviewedBefore(this.db, reviewedBefore, {
          limit: STALE_FUNDS_PAGE_SIZE,
          offset: (page - 1) * STALE_FUNDS_PAGE_SIZE,
        }),
        this.reports.list("open"),
        fundsRepository.listOldFundSizes(this.db, ageBounds.sixYears, OLD_FUND_SIZES_LIMIT),
        fundsRepository.countSourcedFacts(this.db),
        fundsRepository.countFactsByAge(this.db, ageBounds),
        fundsRepository.listCuratedOnlyFunds(this.db, CURATED_ONLY_LIMIT),
        fundsRepository.countSourceHosts(this.db, SOURCE_HOSTS_LIMIT),
        fundsRepository.listReportedStatuses(this.db, REPORTED_STATUS_LIMIT),
      ]);
    const stats = fundStatsOf(index);
    const sourcedByFact = new Map(sourced.map((row) => [row.fact, row]));
    return {
      stats,
      coverage: INFORMATIVE_FACTS.map((fact) => {
        const counts = sourcedByFact.get(fact);
        // Never more than the funds that hold the fact now (a stored fact of a value since cleared is none).
        const funds = stats.withFact[fact];
        return {
          fact,
          funds,
          sourced: Math.min(funds, counts?.sourced ?? 0),
          dated: Math.min(funds, counts?.dated ?? 0),
        };
      }),
      factAges,
      curatedOnly,
      sourceHosts: {
        total: sourceHosts.total,
        hosts: sourceHosts.hosts.map((host) => ({ ...host, refused: !isPublicationAddress(`https://${host.host}/`) })),
      },
      reportedStatus: {
        total: reportedStatus.total,
        funds: reportedStatus.funds.map((fund) => ({ ...fund, status: fund.status as FundStatus })),
      },
      stale: {
        reviewedBefore,
        funds: stale.rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
        total: stale.total,
        page,
        pageSize: STALE_FUNDS_PAGE_SIZE,
      },
      openReports: {
        total: reports.counts.open,
        reports: reports.reports.slice(0, OPEN_REPORTS_LIMIT).map((report) => ({
          id: report.id,
          fundId: report.fundId,
          fundName: report.fundName,
          field: report.field,
          note: report.note,
          createdAt: report.createdAt,
        })),
      },
      oldFundSizes: { before: ageBounds.sixYears, ...oldFundSizes },
    };
  }

  async remove(id: number): Promise<void> {
    if (!(await fundsRepository.deleteFund(this.db, id))) throw notFound("Fund not found.");
    this.indexes.invalidate();
  }
}

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' `months` months earlier (the 29th of February a year back is the 1st of March). */
export function monthsBefore(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 10);
}

function toAdminFund(row: FundRow, facts: readonly FundFactRow[]): AdminFund {
  const statusFact =
    row.status === null ? undefined : facts.find((fact) => fact.fundId === row.id && fact.field === "status");
  return {
    id: row.id,
    name: row.name,
    country: row.country,
    countryCode: row.countryCode,
    city: row.city,
    website: row.website,
    linkedin: row.linkedin,
    fundingStages: row.fundingStages,
    industryFocus: row.industryFocus,
    fundSize: row.fundSize,
    currency: row.currency,
    checkSizeMinUsd: row.checkSizeMinUsd,
    checkSizeMaxUsd: row.checkSizeMaxUsd,
    leadsRounds: row.leadsRounds,
    sectorAgnostic: row.sectorAgnostic,
    portfolio: row.portfolio,
    foundedYear: row.foundedYear,
    description: row.description,
    fundManager: row.fundManager,
    lastReviewed: row.lastReviewed,
    status: row.status,
    statusSourceUrl: statusFact?.sourceUrl ?? null,
    statusAsOf: statusFact?.asOf ?? null,
    source: row.source,
    importId: row.importId,
    updatedAt: row.updatedAt.toISOString(),
  };
}
