import { isHistoryField, linkedFields } from "../../shared/fund-history.js";
import type { FundFactChange, FundHistoryResponse } from "../../shared/schemas/investor.js";
import { sourceAddressError } from "../../shared/source-address.js";
import type { Db } from "../db/client.js";
import type { FundFactChangeRow } from "../db/types.js";
import { conflict, invalid, notFound } from "../errors.js";
import {
  historyColumnsOf,
  historyValueOf,
  readHistorySnapshot,
  recordChangesSince,
  sameValue,
  sideOf,
} from "./fund-history.js";
import * as runsRepository from "./import/repository.js";
import * as fundsRepository from "./repository.js";

/** Who reverts, as the history names them. */
export type ChangeAuthor = { id: number; email: string };

/**
 * A fund's one history for the admins (issue 36, docs/decisions/0061-one-fact-history.md): every
 * change by every writer, and the reverts. A revert puts back the value and its provenance, takes
 * along the facts that came with it in the same write (a fund size with its vehicle's name), and
 * is itself a change in the history. This instance's search index is renewed at once; other
 * instances hear of it through the funds trigger.
 */
export class FundHistoryService {
  constructor(
    private readonly db: Db,
    private readonly indexes: { invalidate(): void },
  ) {}

  /** A fund's history, newest first, with each import's file (admins only). */
  async history(fundId: number): Promise<FundHistoryResponse> {
    const row = await fundsRepository.findFundById(this.db, fundId);
    if (!row) throw notFound("Fund not found.");
    const changes = await fundsRepository.listFactChanges(this.db, fundId);
    const importIds = [...new Set(changes.flatMap((change) => (change.importId === null ? [] : [change.importId])))];
    const runs = await runsRepository.runsByIds(this.db, importIds);
    const byBatch = new Map<string, FundFactChangeRow[]>();
    for (const change of changes) {
      if (!change.batchId) continue;
      const batch = byBatch.get(change.batchId) ?? [];
      batch.push(change);
      byBatch.set(change.batchId, batch);
    }
    return {
      fund: { id: row.id, name: row.name },
      changes: changes.map((change) => {
        const run = change.importId === null ? undefined : runs.get(change.importId);
        return toChange(change, run ? { id: change.importId as number, ...run } : null, companions(change, byBatch));
      }),
    };
  }

  /**
   * An admin reverts one change and the facts that came with it in the same write: each gets back
   * its value and its provenance from before, and the revert is itself a batch of changes. Refused
   * (409) when one of those facts changed again since (the later change is named, to be reverted
   * first), or when a linked fact changed later on its own: a revert never silently drops someone's
   * later work, nor pairs a fund size with another fund's name and date. Returns how many changes
   * were reverted.
   */
  async revert(changeId: number, admin: ChangeAuthor, now: Date = new Date()): Promise<number> {
    const count = await this.db.transaction(async (tx) => {
      const change = await fundsRepository.findFactChange(tx, changeId);
      if (!change) throw notFound("Change not found.");
      return (await revertGroup(tx, change, admin, now)).length;
    });
    this.indexes.invalidate();
    return count;
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
        (change) => change.userId === userId && change.writer === "fund_team" && change.revertedAt === null,
      );
      let reverted = 0;
      const done = new Set<number>();
      for (const change of mine) {
        if (done.has(change.id)) continue;
        const fresh = await fundsRepository.findFactChange(tx, change.id);
        if (!fresh || fresh.revertedAt) continue;
        const ids = await revertGroup(tx, fresh, admin, now);
        for (const id of ids) done.add(id);
        reverted += ids.length;
      }
      return reverted;
    });
    if (count > 0) this.indexes.invalidate();
    return count;
  }
}

/**
 * Why a revert of this change would bring back a source the one source rule refuses (a fact stored
 * before the rule, from a staging copy or an IP address: docs/decisions/0064), or null.
 */
function refusedSourceBefore(change: FundFactChangeRow): string | null {
  const url = sideOf(change.before).fact?.sourceUrl;
  return url ? sourceAddressError(url) : null;
}

/** The unreverted changes of the same write whose fields a revert of `change` takes along. */
function companions(change: FundFactChangeRow, byBatch: ReadonlyMap<string, FundFactChangeRow[]>): FundFactChangeRow[] {
  if (!change.batchId) return [];
  const linked = linkedFields(change.field);
  return (byBatch.get(change.batchId) ?? []).filter(
    (other) => other.id !== change.id && other.revertedAt === null && linked.includes(other.field),
  );
}

/** Reverts `change` and its companions inside the caller's transaction; returns the ids reverted. */
async function revertGroup(tx: Db, change: FundFactChangeRow, admin: ChangeAuthor, now: Date): Promise<number[]> {
  if (change.revertedAt) throw conflict(`Change #${change.id} was already reverted.`);
  if (sideOf(change.after).legacy) {
    throw conflict(
      `Change #${change.id} was recorded before the history kept each value's source; edit the fund instead.`,
    );
  }
  const field = change.field;
  if (!isHistoryField(field)) throw conflict(`Change #${change.id} is of a field the history cannot revert.`);
  const row = await fundsRepository.lockFundById(tx, change.fundId);
  if (!row) throw notFound("Fund not found.");
  const batch = change.batchId ? await fundsRepository.listBatchChanges(tx, change.batchId) : [change];
  const linked = linkedFields(field);
  const group = [
    change,
    ...batch.filter((other) => other.id !== change.id && other.revertedAt === null && linked.includes(other.field)),
  ];
  // A revert brings a source in as an import or an edit does: the same rule, 400 and nothing written.
  for (const member of group) {
    const refused = refusedSourceBefore(member);
    if (refused) {
      throw invalid(`${refused} Reverting change #${member.id} would bring that source back: edit the fund instead.`);
    }
  }
  const facts = await fundsRepository.listFundFacts(tx, [change.fundId]);
  for (const member of group) {
    if (!isHistoryField(member.field)) continue;
    const current = historyValueOf(member.field, row, facts);
    if (sameValue(current, sideOf(member.after).value)) continue;
    const later = await fundsRepository.findLaterChange(tx, change.fundId, [member.field], member.id);
    throw conflict(
      later
        ? `The ${member.field} fact changed again later (change #${later.id}${later.authorEmail ? ` by ${later.authorEmail}` : ""}); revert that change first.`
        : `The ${member.field} fact changed since; change #${member.id} was not reverted.`,
    );
  }
  // A linked fact this write left alone but a later one changed: reverting the rest alone would pair
  // them wrongly (an old fund size under a newer vehicle's name).
  const untouched = linked.filter((other) => !group.some((member) => member.field === other));
  if (untouched.length > 0) {
    const later = await fundsRepository.findLaterChange(tx, change.fundId, untouched, change.id);
    if (later) {
      throw conflict(
        `The ${later.field} fact, which goes with ${field}, changed later (change #${later.id}); revert that change first.`,
      );
    }
  }
  const snapshot = await readHistorySnapshot(tx, [change.fundId]);
  const columns = {};
  for (const member of group) {
    if (isHistoryField(member.field))
      Object.assign(columns, historyColumnsOf(member.field, sideOf(member.before).value));
  }
  await fundsRepository.updateFundColumns(tx, change.fundId, columns);
  for (const member of group) {
    const before = sideOf(member.before);
    if (before.fact) await fundsRepository.upsertFundFacts(tx, [{ ...before.fact, fundId: change.fundId }]);
    else await fundsRepository.deleteFundFact(tx, change.fundId, member.field);
  }
  await recordChangesSince(
    tx,
    snapshot,
    { writer: "revert", userId: admin.id, email: admin.email },
    { revertOf: new Map(group.map((member) => [`${member.fundId}\u0000${member.field}`, member.id])), now },
  );
  const ids = group.map((member) => member.id);
  await fundsRepository.markFactChangesReverted(tx, ids, admin.id, now);
  return ids;
}

function toChange(
  row: FundFactChangeRow,
  run: { id: number; fileName: string; sourceUrl: string | null } | null,
  along: readonly FundFactChangeRow[],
): FundFactChange {
  const before = sideOf(row.before);
  const after = sideOf(row.after);
  return {
    id: row.id,
    // Only HISTORY_FIELDS are ever recorded.
    field: row.field as FundFactChange["field"],
    writer: row.writer,
    userId: row.userId,
    authorEmail: row.authorEmail,
    import: run,
    source: after.fact ? { name: after.fact.sourceName, url: after.fact.sourceUrl, asOf: after.fact.asOf } : null,
    before: before.value,
    after: after.value,
    changedAt: row.changedAt.toISOString(),
    revertedAt: row.revertedAt?.toISOString() ?? null,
    revertOf: after.revertOf ?? null,
    revertible: !after.legacy && row.revertedAt === null,
    revertsWith: along.map((other) => other.id),
  };
}
