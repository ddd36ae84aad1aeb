import { isAddressAtDomain } from "../../shared/email-address.js";
import type { FundEditorData, FundEditPatch, MyFundsResponse } from "../../shared/schemas/investor.js";
import type { Db } from "../db/client.js";
import type { FundRow } from "../db/types.js";
import { invalid, notFound } from "../errors.js";
import { readHistorySnapshot, recordChangesSince, sameValue } from "./fund-history.js";
import * as fundsRepository from "./repository.js";
import {
  columnsOf,
  editorDataOf,
  factValueOf,
  fundDomain,
  patchValues,
  type TeamColumns,
  type TeamField,
  type TeamValue,
  teamFactOf,
} from "./team-edits.js";

/** Who made a change, as the history names them. */
export type ChangeAuthor = { id: number; email: string };

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The fund's own editor (issue 24), in the funds domain: the fund's row, its facts and the history
 * of changes (fund-history.ts) are written in one transaction, and this instance's search index is
 * renewed at once (other instances hear of it through the funds trigger), so that a change shows on
 * the fund page and in search straight away. Who may call it is the caller's check
 * (`InvestorsService.assertCanEditFund`). Reverts are FundHistoryService's.
 */
export class FundTeamService {
  constructor(
    private readonly db: Db,
    private readonly indexes: { invalidate(): void },
  ) {}

  /** 404 for an id that names no fund (asked before membership, so that both answers are honest). */
  async assertExists(fundId: number): Promise<void> {
    if (!(await fundsRepository.findFundById(this.db, fundId))) throw notFound("Fund not found.");
  }

  /** The funds given by id (an account's memberships), by name. */
  async fundsByIds(ids: readonly number[]): Promise<MyFundsResponse["funds"]> {
    const rows = await fundsRepository.findFundsByIds(this.db, ids);
    return rows
      .map((row) => ({ id: row.id, name: row.name, vehicleName: row.vehicleName }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  }

  async editorData(fundId: number, listing: FundEditorData["listing"]): Promise<FundEditorData> {
    const row = await fundsRepository.findFundById(this.db, fundId);
    if (!row) throw notFound("Fund not found.");
    const facts = await fundsRepository.listFundFacts(this.db, [fundId]);
    return editorDataOf(row, facts, listing);
  }

  /**
   * A member's edit: every fact the patch changes is written with the fund's team as its source,
   * dated today, and recorded in the history (who, when, before, after). A fact the patch names with
   * its current value is not a change. The rules that need the stored fund are checked here: the
   * cheque range's ends against a stored end, a pitch e-mail at the fund's domain, a pause date
   * not already past. Returns the number of facts changed.
   */
  async update(
    fundId: number,
    author: ChangeAuthor,
    patch: FundEditPatch,
    today: string = todayUtc(),
  ): Promise<number> {
    const values = patchValues(patch);
    if (values.size === 0) return 0;
    const changed = await this.db.transaction(async (tx) => {
      const row = await fundsRepository.lockFundById(tx, fundId);
      if (!row) throw notFound("Fund not found.");
      checkAgainstStored(row, values, today);
      const snapshot = await readHistorySnapshot(tx, [fundId]);
      const facts = snapshot.facts;
      const columns: TeamColumns = {};
      const newFacts: fundsRepository.FundFactValues[] = [];
      for (const [field, value] of values) {
        if (sameValue(factValueOf(field, row, facts), value)) continue;
        Object.assign(columns, columnsOf(field, value));
        newFacts.push(teamFactOf(fundId, field, value, today));
      }
      if (newFacts.length === 0) return 0;
      // The team's save is a review by the people who know the fund best (issue 36: "Reviewed").
      await fundsRepository.updateFundColumns(tx, fundId, { ...columns, lastReviewed: today });
      await fundsRepository.upsertFundFacts(tx, newFacts);
      // The history records what the save changed, with the member as its author (one batch).
      await recordChangesSince(tx, snapshot, { writer: "fund_team", userId: author.id, email: author.email });
      return newFacts.length;
    });
    if (changed > 0) this.indexes.invalidate();
    return changed;
  }
}

/** The cross-field rules that need the stored fund. */
function checkAgainstStored(row: FundRow, values: ReadonlyMap<TeamField, TeamValue>, today: string): void {
  const min = values.has("checkSizeMinUsd") ? (values.get("checkSizeMinUsd") as number | null) : row.checkSizeMinUsd;
  const max = values.has("checkSizeMaxUsd") ? (values.get("checkSizeMaxUsd") as number | null) : row.checkSizeMaxUsd;
  if (min !== null && max !== null && min > max) throw invalid("The minimum cheque must not be above the maximum.");
  const pitch = values.get("pitchRoute") as { route: string; target: string | null } | null | undefined;
  if (pitch?.route === "email" && pitch.target) {
    const domain = fundDomain(row.website);
    if (!domain) {
      throw invalid(
        "An e-mail pitch needs the fund's website on its profile, to check the address is at the fund's domain.",
      );
    }
    if (!isAddressAtDomain(pitch.target, domain)) throw invalid(`The pitch e-mail must be an address at ${domain}.`);
  }
  const status = values.get("investingStatus") as { pausedUntil: string | null } | null | undefined;
  if (status?.pausedUntil && status.pausedUntil < today) {
    throw invalid("Paused until must be today or a later date.");
  }
}
