import { isAddressAtDomain } from "../../shared/email-address.js";
import type { FactField } from "../../shared/fund-facts.js";
import type {
  FundEditorData,
  FundEditPatch,
  FundFactChange,
  FundHistoryResponse,
  MyFundsResponse,
} from "../../shared/schemas/investor.js";
import type { Db } from "../db/client.js";
import type { FundFactChangeRow, FundFactRow, FundRow } from "../db/types.js";
import { conflict, invalid, notFound } from "../errors.js";
import * as fundsRepository from "./repository.js";
import {
  columnsOf,
  editorDataOf,
  factValueOf,
  fundDomain,
  patchValues,
  sameValue,
  TEAM_FIELDS,
  type TeamColumns,
  type TeamField,
  type TeamValue,
  teamFactOf,
} from "./team-edits.js";

/** Who made a change or a revert, as the history names them. */
export type ChangeAuthor = { id: number; email: string };

/** A fact's provenance as the history keeps it, to put it back on a revert; null: the fact had none. */
type FactSnapshot = Omit<fundsRepository.FundFactValues, "fundId"> | null;

/** A history row's `before` and `after`: the value, and the provenance it had (after: was given). */
type ChangeSide = { value: TeamValue; fact: FactSnapshot; revertOf?: number };

const isTeamField = (field: string): field is TeamField => (TEAM_FIELDS as readonly string[]).includes(field);

function snapshotOf(facts: readonly FundFactRow[], field: string): FactSnapshot {
  const fact = facts.find((item) => item.field === field);
  if (!fact) return null;
  return {
    field: fact.field,
    value: fact.value,
    currency: fact.currency,
    kind: fact.kind,
    sourceName: fact.sourceName,
    sourceUrl: fact.sourceUrl,
    asOf: fact.asOf,
    origin: fact.origin,
  };
}

const sideOf = (json: unknown): ChangeSide => (json ?? { value: null, fact: null }) as ChangeSide;

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The fund's own editor and its history (issue 24), in the funds domain: the fund's row, its facts
 * and the history of changes are written in one transaction, and this instance's search index is
 * renewed at once (other instances hear of it through the funds trigger), so that a change shows on
 * the fund page and in search straight away. Who may call it is the caller's check
 * (`InvestorsService.assertCanEditFund` for members, the admin scope for reverts).
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
      const facts = await fundsRepository.listFundFacts(tx, [fundId]);
      const columns: TeamColumns = {};
      const newFacts: fundsRepository.FundFactValues[] = [];
      const changes: fundsRepository.FundFactChangeValues[] = [];
      for (const [field, value] of values) {
        const before = factValueOf(field, row, facts);
        if (sameValue(before, value)) continue;
        const fact = teamFactOf(fundId, field, value, today);
        Object.assign(columns, columnsOf(field, value));
        newFacts.push(fact);
        const { fundId: _, ...factSnapshot } = fact;
        changes.push({
          fundId,
          userId: author.id,
          authorEmail: author.email,
          field,
          before: { value: before, fact: snapshotOf(facts, field) } satisfies ChangeSide,
          after: { value, fact: factSnapshot } satisfies ChangeSide,
        });
      }
      await fundsRepository.updateFundColumns(tx, fundId, columns);
      await fundsRepository.upsertFundFacts(tx, newFacts);
      await fundsRepository.insertFactChanges(tx, changes);
      return changes.length;
    });
    if (changed > 0) this.indexes.invalidate();
    return changed;
  }

  /** A fund's history for the admins, newest first. */
  async history(fundId: number): Promise<FundHistoryResponse> {
    const row = await fundsRepository.findFundById(this.db, fundId);
    if (!row) throw notFound("Fund not found.");
    const changes = await fundsRepository.listFactChanges(this.db, fundId);
    return { fund: { id: row.id, name: row.name }, changes: changes.map(toChange) };
  }

  /**
   * An admin reverts one change: the fact gets back its value and its provenance from before the
   * change, and the revert is itself a change in the history. Refused (409) when the fact changed
   * again since (its value is no longer the change's `after`): the later change is named, to be
   * reverted first, so that a revert never silently drops someone's later work.
   */
  async revert(changeId: number, admin: ChangeAuthor, now: Date = new Date()): Promise<number> {
    await this.db.transaction(async (tx) => {
      const change = await fundsRepository.findFactChange(tx, changeId);
      if (!change) throw notFound("Change not found.");
      await revertOne(tx, change, admin, now);
    });
    this.indexes.invalidate();
    return 1;
  }

  /**
   * An admin reverts every change one member made to a fund that is not reverted yet, newest first
   * (so that the member's own later changes are undone before their earlier ones). All or nothing:
   * if another author changed one of the facts since, nothing is reverted (409).
   */
  async revertAllBy(fundId: number, userId: number, admin: ChangeAuthor, now: Date = new Date()): Promise<number> {
    const count = await this.db.transaction(async (tx) => {
      const row = await fundsRepository.findFundById(tx, fundId);
      if (!row) throw notFound("Fund not found.");
      const mine = (await fundsRepository.listFactChanges(tx, fundId)).filter(
        (change) =>
          change.userId === userId && change.revertedAt === null && sideOf(change.after).revertOf === undefined,
      );
      for (const change of mine) await revertOne(tx, change, admin, now);
      return mine.length;
    });
    if (count > 0) this.indexes.invalidate();
    return count;
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

/** Reverts one change inside the caller's transaction; see FundTeamService.revert. */
async function revertOne(tx: Db, change: FundFactChangeRow, admin: ChangeAuthor, now: Date): Promise<void> {
  if (change.revertedAt) throw conflict(`Change #${change.id} was already reverted.`);
  const field = change.field;
  if (!isTeamField(field)) throw conflict(`Change #${change.id} is not one the fund's editor makes.`);
  const row = await fundsRepository.lockFundById(tx, change.fundId);
  if (!row) throw notFound("Fund not found.");
  const facts = await fundsRepository.listFundFacts(tx, [change.fundId]);
  const current = factValueOf(field, row, facts);
  const before = sideOf(change.before);
  const after = sideOf(change.after);
  if (!sameValue(current, after.value)) {
    const later = (await fundsRepository.listFactChanges(tx, change.fundId)).find(
      (other) => other.field === field && other.id > change.id && other.revertedAt === null,
    );
    throw conflict(
      later
        ? `The ${field} fact changed again later (change #${later.id} by ${later.authorEmail}); revert that change first.`
        : `The ${field} fact changed since (an admin's edit or an import); change #${change.id} was not reverted.`,
    );
  }
  await fundsRepository.updateFundColumns(tx, change.fundId, columnsOf(field, before.value));
  if (before.fact) await fundsRepository.upsertFundFacts(tx, [{ ...before.fact, fundId: change.fundId }]);
  else await fundsRepository.deleteFundFact(tx, change.fundId, field);
  await fundsRepository.insertFactChanges(tx, [
    {
      fundId: change.fundId,
      userId: admin.id,
      authorEmail: admin.email,
      field,
      before: { value: current, fact: snapshotOf(facts, field) } satisfies ChangeSide,
      after: { value: before.value, fact: before.fact, revertOf: change.id } satisfies ChangeSide,
      changedAt: now,
    },
  ]);
  await fundsRepository.markFactChangesReverted(tx, [change.id], admin.id, now);
}

function toChange(row: FundFactChangeRow): FundFactChange {
  const after = sideOf(row.after);
  return {
    id: row.id,
    userId: row.userId,
    authorEmail: row.authorEmail,
    // Only the editor's facts are ever recorded (TEAM_FIELDS).
    field: row.field as FactField,
    before: sideOf(row.before).value,
    after: after.value,
    changedAt: row.changedAt.toISOString(),
    revertedAt: row.revertedAt?.toISOString() ?? null,
    revertOf: after.revertOf ?? null,
  };
}
