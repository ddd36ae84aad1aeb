import { and, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { dataVersions, type FundRow, funds, type NewFundRow } from "../db/schema/index.js";
import { readDataVersion } from "../db/versioned-snapshot.js";

/** The funds' row in data_versions, bumped by their trigger on every write. */
export const FUNDS_DATA = "funds";

/** Rows per INSERT: keeps each statement well under PostgreSQL's 65,535 bind parameters (21 columns). */
export const INSERT_BATCH_SIZE = 500;

export type FundsSnapshot = { version: number; rows: FundRow[] };

/** Every fund plus the data version they belong to, read in one consistent snapshot. */
export async function loadFundsSnapshot(db: Db): Promise<FundsSnapshot> {
  return db.transaction(
    async (tx) => {
      const [versionRow] = await tx
        .select({ version: dataVersions.version })
        .from(dataVersions)
        .where(eq(dataVersions.name, FUNDS_DATA));
      const rows = await tx.select().from(funds).orderBy(funds.id);
      return { version: versionRow?.version ?? 0, rows };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

export function readFundsVersion(db: Db): Promise<number> {
  return readDataVersion(db, FUNDS_DATA);
}

export async function countFunds(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(funds);
  return row?.count ?? 0;
}

export function duplicateKey(name: string, country: string): string {
  return `${name.trim().toLowerCase()}\u0000${country.trim().toLowerCase()}`;
}

/** Existing fund ids by duplicate key (name plus country, case-insensitive) for the given keys. */
export async function findFundIdsByKeys(
  db: Db,
  keys: ReadonlyArray<{ name: string; country: string }>,
): Promise<Map<string, number[]>> {
  const found = new Map<string, number[]>();
  const names = [...new Set(keys.map((key) => key.name.trim().toLowerCase()))];
  for (let start = 0; start < names.length; start += 1000) {
    const chunk = names.slice(start, start + 1000);
    const rows = await db
      .select({ id: funds.id, name: funds.name, country: funds.country })
      .from(funds)
      .where(inArray(sql`lower(${funds.name})`, chunk))
      .orderBy(funds.id);
    for (const row of rows) {
      const key = duplicateKey(row.name, row.country);
      found.set(key, [...(found.get(key) ?? []), row.id]);
    }
  }
  return found;
}

export async function insertFunds(db: Db, rows: readonly NewFundRow[]): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < rows.length; start += INSERT_BATCH_SIZE) {
    const batch = rows.slice(start, start + INSERT_BATCH_SIZE);
    await db.insert(funds).values(batch);
    inserted += batch.length;
  }
  return inserted;
}

export async function updateFund(db: Db, id: number, values: Omit<NewFundRow, "id" | "createdAt">): Promise<void> {
  await db
    .update(funds)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(funds.id, id)));
}

export async function findFundById(db: Db, id: number): Promise<FundRow | undefined> {
  const [row] = await db.select().from(funds).where(eq(funds.id, id));
  return row;
}

/** Deletes a fund; saved copies in users' lists go with it (the foreign key cascades). */
export async function deleteFund(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(funds).where(eq(funds.id, id)).returning({ id: funds.id });
  return rows.length > 0;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * One page of funds for the admin's table, newest first, optionally narrowed to those whose name,
 * country, city or source contains the query (case-insensitively).
 */
export async function listFundsPage(
  db: Db,
  options: { query: string; limit: number; offset: number },
): Promise<{ rows: FundRow[]; total: number }> {
  const pattern = likePattern(options.query);
  const where = options.query
    ? or(
        ilike(funds.name, pattern),
        ilike(funds.country, pattern),
        ilike(funds.city, pattern),
        ilike(funds.source, pattern),
      )
    : undefined;
  const [count] = await db.select({ count: sql<number>`count(*)::int` }).from(funds).where(where);
  const rows = await db
    .select()
    .from(funds)
    .where(where)
    .orderBy(desc(funds.updatedAt), desc(funds.id))
    .limit(options.limit)
    .offset(options.offset);
  return { rows, total: count?.count ?? 0 };
}
