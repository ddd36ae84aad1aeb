import type { AdminFund, AdminFundsPage } from "../../shared/schemas/admin-funds.js";
import type { FundInput } from "../../shared/schemas/fund-input.js";
import type { Db } from "../db/client.js";
import type { FundRow } from "../db/types.js";
import { invalid, notFound } from "../errors.js";
import { factsOfEdit } from "./fact-edits.js";
import { resolveCountry } from "./import/countries.js";
import * as fundsRepository from "./repository.js";

/** The source an admin's edit gives the facts it changes. */
export const ADMIN_EDIT_SOURCE = "FundMatch admin";

/**
 * The admin's hands on single funds: the paged table, Edit and Delete. Every write renews this
 * instance's search index at once; other instances hear of it through the funds trigger.
 */
export class FundAdminService {
  constructor(
    private readonly db: Db,
    private readonly indexes: { invalidate(): void },
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
    return { funds: rows.map(toAdminFund), total, page, pageSize };
  }

  /**
   * Stores an admin's edit. The values passed the shared fund rules at the door; the country is
   * then read as the import reads it, so that a fund edited by hand is spelled like an imported one.
   */
  async update(id: number, input: FundInput): Promise<AdminFund> {
    const country = resolveCountry(input.country);
    if (!country) throw invalid(`Country '${input.country}' is not a country we know.`);
    const existing = await fundsRepository.findFundById(this.db, id);
    if (!existing) throw notFound("Fund not found.");
    await this.db.transaction(async (tx) => {
      await fundsRepository.updateFund(tx, id, {
        ...input,
        country: country.name,
        countryCode: country.code,
        source: existing.source,
        importId: existing.importId,
      });
      await fundsRepository.upsertFundFacts(tx, factsOfEdit(existing, input, ADMIN_EDIT_SOURCE));
    });
    this.indexes.invalidate();
    const updated = await fundsRepository.findFundById(this.db, id);
    if (!updated) throw notFound("Fund not found.");
    return toAdminFund(updated);
  }

  async remove(id: number): Promise<void> {
    if (!(await fundsRepository.deleteFund(this.db, id))) throw notFound("Fund not found.");
    this.indexes.invalidate();
  }
}

function toAdminFund(row: FundRow): AdminFund {
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
    source: row.source,
    importId: row.importId,
    updatedAt: row.updatedAt.toISOString(),
  };
}
