import { and, asc, desc, eq, gt, ilike, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { type FundFactChangeRow, fundFactChanges } from "../db/schema/fund-fact-changes.js";
import { type FundFactRow, fundFacts } from "../db/schema/fund-facts.js";
import { type FundRow, funds, type NewFundRow } from "../db/schema/funds.js";
import { readDataVersion } from "../db/versioned-snapshot.js";

/** The funds' row in data_versions, bumped by their trigger on every write. */
export const FUNDS_DATA = "funds";

/**
 * Rows per bulk INSERT or UPDATE. The rows travel as one array per column (UNNEST), so a statement
 * has one bind parameter per column whatever its size; the size only trades the statements' count
 * against the memory of one statement (a thousand was the quickest on PGlite and PostgreSQL alike).
 */
export const INSERT_BATCH_SIZE = 1000;

export type FundsSnapshot<Extra = undefined> = { version: number; rows: FundRow[]; facts: FundFactRow[]; extra: Extra };

/**
 * Every fund and its facts' provenance plus the data version they belong to, read in one consistent
 * snapshot; `readExtra` reads more in the same transaction (the fund teams' listings: issue 24).
 */
export async function loadFundsSnapshot<Extra = undefined>(
  db: Db,
  readExtra?: (tx: Db) => Promise<Extra>,
): Promise<FundsSnapshot<Extra>> {
  return db.transaction(
    async (tx) => {
      const version = await readDataVersion(tx, FUNDS_DATA);
      const rows = await tx.select().from(funds).orderBy(funds.id);
      const facts = await tx.select().from(fundFacts).orderBy(fundFacts.fundId, fundFacts.field);
      const extra = (readExtra ? await readExtra(tx as unknown as Db) : undefined) as Extra;
      return { version, rows, facts, extra };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

export function readFundsVersion(db: Db): Promise<number> {
  return readDataVersion(db, FUNDS_DATA);
}

/** Every fund, oldest first (the curated data step pairs names with the oldest). */
export function listAllFunds(db: Db): Promise<FundRow[]> {
  return db.select().from(funds).orderBy(funds.id);
}

export async function countFunds(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(funds);
  return row?.count ?? 0;
}

export function duplicateKey(name: string, country: string): string {
  return `${name.trim().toLowerCase()}\u0000${country.trim().toLowerCase()}`;
}

/**
 * The stored funds whose lower-cased name is one of `lowerNames`, oldest first: an update row that
 * names no country is matched by its name alone (issue 36).
 */
export async function findFundsByLowerNames(
  db: Db,
  lowerNames: readonly string[],
): Promise<Array<{ id: number; name: string; country: string }>> {
  if (lowerNames.length === 0) return [];
  return db
    .select({ id: funds.id, name: funds.name, country: funds.country })
    .from(funds)
    .where(sql`lower(${funds.name}) = any(array(select unnest(${sql.param(lowerNames)}::text[])))`)
    .orderBy(funds.id);
}

/**
 * The oldest stored fund's id for each duplicate key (name plus country, case-insensitively) among
 * the funds whose lower-cased name is one of `lowerNames`. One indexed lookup per call.
 */
export async function findOldestFundIdsByNames(db: Db, lowerNames: readonly string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (lowerNames.length === 0) return found;
  const rows = await db
    .select({ id: funds.id, name: funds.name, country: funds.country })
    .from(funds)
    // The names go through ARRAY(SELECT …) on purpose: given the array itself, the planner prices
    // each of a thousand names at its default selectivity (no statistics exist yet for rows written
    // earlier in the same import) and scans the whole table every time; as a subquery's result it
    // takes the index on lower(name), lower(country): 3 ms instead of 35 ms per lookup on PostgreSQL.
    .where(sql`lower(${funds.name}) = any(array(select unnest(${sql.param(lowerNames)}::text[])))`)
    .orderBy(funds.id);
  for (const row of rows) {
    const key = duplicateKey(row.name, row.country);
    if (!found.has(key)) found.set(key, row.id);
  }
  return found;
}

/** What a bulk write sets: a fund's values; ids and timestamps come from the database. */
export type FundValues = Omit<NewFundRow, "id" | "createdAt" | "updatedAt">;

/** A PostgreSQL array literal of codes ('{seed,series_a}'), each element quoted. */
function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
}

/**
 * The columns a bulk write fills, with their PostgreSQL types. List columns travel as array
 * literals in a text[] (UNNEST would flatten an array of arrays) and are cast back per row.
 */
const BULK_COLUMNS: ReadonlyArray<{ name: string; type: string; cast?: string; value: (fund: FundValues) => unknown }> =
  [
    { name: funds.name.name, type: "text", value: (fund) => fund.name },
    { name: funds.fundSize.name, type: "float8", value: (fund) => fund.fundSize ?? null },
    { name: funds.currency.name, type: "text", value: (fund) => fund.currency ?? null },
    { name: funds.country.name, type: "text", value: (fund) => fund.country },
    { name: funds.countryCode.name, type: "text", value: (fund) => fund.countryCode ?? null },
    { name: funds.city.name, type: "text", value: (fund) => fund.city ?? null },
    { name: funds.fundingStages.name, type: "text", cast: "text[]", value: (fund) => arrayLiteral(fund.fundingStages) },
    { name: funds.industryFocus.name, type: "text", cast: "text[]", value: (fund) => arrayLiteral(fund.industryFocus) },
    { name: funds.fundManager.name, type: "text", value: (fund) => fund.fundManager ?? null },
    { name: funds.linkedin.name, type: "text", value: (fund) => fund.linkedin ?? null },
    { name: funds.website.name, type: "text", value: (fund) => fund.website ?? null },
    { name: funds.checkSizeMinUsd.name, type: "int8", value: (fund) => fund.checkSizeMinUsd ?? null },
    { name: funds.checkSizeMaxUsd.name, type: "int8", value: (fund) => fund.checkSizeMaxUsd ?? null },
    { name: funds.leadsRounds.name, type: "bool", value: (fund) => fund.leadsRounds ?? null },
    { name: funds.sectorAgnostic.name, type: "bool", value: (fund) => fund.sectorAgnostic ?? null },
    { name: funds.foundedYear.name, type: "int2", value: (fund) => fund.foundedYear ?? null },
    { name: funds.description.name, type: "text", value: (fund) => fund.description ?? null },
    { name: funds.status.name, type: "text", value: (fund) => fund.status ?? null },
    { name: funds.source.name, type: "text", value: (fund) => fund.source ?? "import" },
    { name: funds.importId.name, type: "int4", value: (fund) => fund.importId ?? null },
    // Sent as text: the drivers would otherwise each have their own idea of a date.
    { name: funds.lastReviewed.name, type: "text", cast: "date", value: (fund) => fund.lastReviewed ?? null },
  ];

/** UNNEST of the rows' columns as `t(c0, c1, …)`, optionally with the ids first as `t(id, …)`. */
function unnestRows(rows: ReadonlyArray<FundValues>, ids?: readonly number[]) {
  const arrays = BULK_COLUMNS.map((column) => {
    const values = new Array<unknown>(rows.length);
    for (let index = 0; index < rows.length; index += 1) values[index] = column.value(rows[index] as FundValues);
    return sql`${sql.param(values)}::${sql.raw(column.type)}[]`;
  });
  const aliases = BULK_COLUMNS.map((_, index) => sql.raw(`c${index}`));
  if (ids) {
    arrays.unshift(sql`${sql.param(ids)}::int4[]`);
    aliases.unshift(sql.raw("id"));
  }
  return sql`unnest(${sql.join(arrays, sql`, `)}) as t(${sql.join(aliases, sql`, `)})`;
}

/** t.cN, cast back to its column's type where it travelled as text. */
function selectedValue(index: number) {
  const cast = BULK_COLUMNS[index]?.cast;
  return sql.raw(cast ? `t.c${index}::${cast}` : `t.c${index}`);
}

/**
 * Inserts funds in statements of INSERT_BATCH_SIZE rows, each one INSERT … SELECT FROM UNNEST.
 * Returns the new ids in the rows' order: the serial is drawn row by row as UNNEST yields them, in
 * the arrays' order, so the ids of one statement ascend with its rows.
 */
export async function insertFunds(db: Db, rows: readonly FundValues[]): Promise<number[]> {
  const names = sql.join(
    BULK_COLUMNS.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const values = sql.join(
    BULK_COLUMNS.map((_, index) => selectedValue(index)),
    sql`, `,
  );
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += INSERT_BATCH_SIZE) {
    const batch = rows.slice(start, start + INSERT_BATCH_SIZE);
    const inserted = await db.execute(
      sql`insert into ${funds} (${names}) select ${values} from ${unnestRows(batch)} returning ${funds.id}`,
    );
    const batchIds = rowsOf<{ id: number }>(inserted).map((row) => Number(row.id));
    ids.push(...batchIds.sort((a, b) => a - b));
  }
  return ids;
}

/** The rows of an execute() answer: node-postgres and PGlite both give a result with `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Overwrites stored funds with new values, in statements of INSERT_BATCH_SIZE rows; each id once. */
export async function updateFunds(db: Db, updates: ReadonlyArray<{ id: number; values: FundValues }>): Promise<void> {
  const assignments = sql.join(
    [
      ...BULK_COLUMNS.map((column, index) => sql`${sql.identifier(column.name)} = ${selectedValue(index)}`),
      sql`${sql.identifier(funds.updatedAt.name)} = now()`,
    ],
    sql`, `,
  );
  for (let start = 0; start < updates.length; start += INSERT_BATCH_SIZE) {
    const batch = updates.slice(start, start + INSERT_BATCH_SIZE);
    const rows = unnestRows(
      batch.map((update) => update.values),
      batch.map((update) => update.id),
    );
    await db.execute(sql`update ${funds} set ${assignments} from ${rows} where ${funds.id} = t.id`);
  }
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

export async function findFundsByIds(db: Db, ids: readonly number[]): Promise<FundRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(funds)
    .where(sql`${funds.id} = any(${sql.param(ids)}::int4[])`);
}

/**
 * The funds with these ids (every fund when not given), locked for the rest of the transaction: a
 * writer reads what it is about to change for the history, and nobody else's change can slip in
 * between its read and its write (it would be recorded as the writer's).
 */
export async function lockFunds(db: Db, ids?: readonly number[]): Promise<FundRow[]> {
  if (ids && ids.length === 0) return [];
  return db
    .select()
    .from(funds)
    .where(ids ? sql`${funds.id} = any(${sql.param(ids)}::int4[])` : undefined)
    .orderBy(funds.id)
    .for("update");
}

/** The names of the funds with these ids, by id (unknown ids are absent). */
export async function fundNamesByIds(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: funds.id, name: funds.name })
    .from(funds)
    .where(sql`${funds.id} = any(${sql.param(ids)}::int4[])`);
  return new Map(rows.map((row) => [row.id, row.name]));
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

/** A fact's provenance as written: the row without its id and timestamp; `origin` defaults to 'source'. */
export type FundFactValues = Omit<FundFactRow, "id" | "updatedAt" | "origin" | "retrievedOn"> & {
  origin?: FundFactRow["origin"];
  /** The day its source was read; null (the default) for a fact without a source address. */
  retrievedOn?: string | null;
};

/** The stored facts of the given funds (all funds when not given). */
export async function listFundFacts(db: Db, fundIds?: readonly number[]): Promise<FundFactRow[]> {
  if (fundIds && fundIds.length === 0) return [];
  return db
    .select()
    .from(fundFacts)
    .where(fundIds ? sql`${fundFacts.fundId} = any(${sql.param(fundIds)}::int4[])` : undefined)
    .orderBy(fundFacts.fundId, fundFacts.field);
}

/**
 * Writes facts, one per fund and field: a fact already stored for the pair is replaced. The
 * history of what changed is recorded by the writer around its whole write (fund-history.ts).
 */
export async function upsertFundFacts(db: Db, facts: readonly FundFactValues[]): Promise<void> {
  for (let start = 0; start < facts.length; start += INSERT_BATCH_SIZE) {
    const batch = facts.slice(start, start + INSERT_BATCH_SIZE);
    await db
      .insert(fundFacts)
      .values(
        batch.map((fact) => ({ ...fact, origin: fact.origin ?? "source", retrievedOn: fact.retrievedOn ?? null })),
      )
      .onConflictDoUpdate({
        target: [fundFacts.fundId, fundFacts.field],
        set: {
          value: sql`excluded.value`,
          currency: sql`excluded.currency`,
          kind: sql`excluded.kind`,
          sourceName: sql`excluded.source_name`,
          sourceUrl: sql`excluded.source_url`,
          asOf: sql`excluded.as_of`,
          retrievedOn: sql`excluded.retrieved_on`,
          origin: sql`excluded.origin`,
          updatedAt: sql`now()`,
        },
      });
  }
}

/** The fund columns the curated data step may set, by id; nothing else of the fund changes. */
export type CuratedFundUpdate = { id: number } & Partial<
  Pick<
    NewFundRow,
    | "fundSize"
    | "currency"
    | "aum"
    | "aumCurrency"
    | "city"
    | "website"
    | "checkSizeMinUsd"
    | "checkSizeMaxUsd"
    | "leadsRounds"
    | "sectorAgnostic"
    | "portfolio"
    | "lastReviewed"
    | "curatedOn"
  >
>;

/** The SQL type of each column the curated data step writes, for jsonb_to_recordset's row definition. */
const CURATED_COLUMN_TYPES: Record<Exclude<keyof CuratedFundUpdate, "id">, string> = {
  fundSize: "double precision",
  currency: "text",
  aum: "double precision",
  aumCurrency: "text",
  city: "text",
  website: "text",
  checkSizeMinUsd: "bigint",
  checkSizeMaxUsd: "bigint",
  leadsRounds: "boolean",
  sectorAgnostic: "boolean",
  portfolio: "text[]",
  lastReviewed: "date",
  curatedOn: "date",
};

/**
 * Applies the curated data step's changes: one statement per set of changed columns, its rows as
 * JSON (jsonb_to_recordset). It touches every shipped fund on a first start, and one statement per
 * fund took 0.66 s of the 4 s before the first page on PGlite (the bench's cold start).
 */
export async function applyCuratedFundUpdates(db: Db, updates: readonly CuratedFundUpdate[]): Promise<void> {
  const groups = new Map<string, CuratedFundUpdate[]>();
  for (const update of updates) {
    const columns = Object.keys(update)
      .filter((key) => key !== "id")
      .sort()
      .join(",");
    if (columns === "") continue;
    const group = groups.get(columns);
    if (group) group.push(update);
    else groups.set(columns, [update]);
  }
  for (const [signature, group] of groups) {
    const keys = signature.split(",") as Array<keyof typeof CURATED_COLUMN_TYPES>;
    const columnName = (key: keyof typeof CURATED_COLUMN_TYPES) => funds[key].name;
    const assignments = sql.join(
      [
        ...keys.map((key) => sql`${sql.identifier(columnName(key))} = v.${sql.identifier(columnName(key))}`),
        sql`${sql.identifier(funds.updatedAt.name)} = now()`,
      ],
      sql`, `,
    );
    const definition = sql.join(
      [
        sql`id int4`,
        ...keys.map((key) => sql`${sql.identifier(columnName(key))} ${sql.raw(CURATED_COLUMN_TYPES[key])}`),
      ],
      sql`, `,
    );
    const rows = group.map((update) => {
      const row: Record<string, unknown> = { id: update.id };
      for (const key of keys) row[columnName(key)] = update[key] ?? null;
      return row;
    });
    await db.execute(
      sql`update ${funds} set ${assignments} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(${definition}) where ${funds.id} = v.id`,
    );
  }
}

/** Deletes facts by their ids (the curated data step's withdrawn facts); the fund's columns are the caller's. */
export async function deleteFundFactsByIds(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(fundFacts).where(sql`${fundFacts.id} = any(${sql.param(ids)}::int4[])`);
}

export async function deleteFundsByIds(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(funds).where(sql`${funds.id} = any(${sql.param(ids)}::int4[])`);
}

/**
 * One page of the funds nobody reviewed since `before` (YYYY-MM-DD), never reviewed first, then
 * longest ago. A fund without a review date was never reviewed: a change of its record (an import,
 * the curated data) is no review (issue 36), so the admin's data page never calls it reviewed.
 */
export async function listFundsReviewedBefore(
  db: Db,
  before: string,
  options: { limit: number; offset: number },
): Promise<{ rows: Array<Pick<FundRow, "id" | "name" | "country" | "lastReviewed" | "updatedAt">>; total: number }> {
  const where = sql`(${funds.lastReviewed} is null or ${funds.lastReviewed} < ${before}::date)`;
  const [count] = await db.select({ count: sql<number>`count(*)::int` }).from(funds).where(where);
  const rows = await db
    .select({
      id: funds.id,
      name: funds.name,
      country: funds.country,
      lastReviewed: funds.lastReviewed,
      updatedAt: funds.updatedAt,
    })
    .from(funds)
    .where(where)
    .orderBy(sql`${funds.lastReviewed} asc nulls first`, funds.id)
    .limit(options.limit)
    .offset(options.offset);
  return { rows, total: count?.count ?? 0 };
}

/** A fact's own date as a day: a year or a month counts from its first day ('2023' is 2023-01-01). */
const asOfDay = sql`to_date(case length(${fundFacts.asOf}) when 4 then ${fundFacts.asOf} || '-01-01' when 7 then ${fundFacts.asOf} || '-01' else ${fundFacts.asOf} end, 'YYYY-MM-DD')`;

/** A fact's date (src/shared/fact-age.ts): its own date, else the day its source was read; null when it has neither. */
const factDay = sql`coalesce(${asOfDay}, ${fundFacts.retrievedOn})`;

/** A fact with a date: its own, or the day its source was read. */
const isDated = sql`(${fundFacts.asOf} is not null or ${fundFacts.retrievedOn} is not null)`;

/**
 * The host of a fact's source address as the pages name its publication (publicationName in
 * src/shared/source-address.ts): lower case, without a user name, 'www.' or a closing dot.
 */
const sourceHost = sql<string>`rtrim(lower(substring(${fundFacts.sourceUrl} from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?(?:www\.)?(\[[^]]*\]|[^/:?#]+)')), '.')`;

/**
 * Per fact field, how many funds hold the fact with a source that has an address, and how many
 * with a date (its own, or the day its source was read: issue 36, the admin's data page). A
 * cheque's two ends count as one fact.
 */
export async function countSourcedFacts(db: Db): Promise<Array<{ fact: string; sourced: number; dated: number }>> {
  const fact = sql<string>`case when ${fundFacts.field} in ('checkSizeMinUsd', 'checkSizeMaxUsd') then 'chequeRange' else ${fundFacts.field} end`;
  return db
    .select({
      fact,
      sourced: sql<number>`(count(distinct ${fundFacts.fundId}) filter (where ${fundFacts.sourceUrl} is not null))::int`,
      dated: sql<number>`(count(distinct ${fundFacts.fundId}) filter (where ${isDated}))::int`,
    })
    .from(fundFacts)
    .where(sql`${fundFacts.value} is not null`)
    .groupBy(fact);
}

/** The days a fact's age is counted against: one, three and six years before today (YYYY-MM-DD). */
export type AgeBounds = { oneYear: string; threeYears: string; sixYears: string };

/**
 * The stated facts by age (their own date, else the day their source was read): under a year, 1
 * to 3, 3 to 6, more than 6 years, and undated.
 */
export async function countFactsByAge(
  db: Db,
  bounds: AgeBounds,
): Promise<{ underOneYear: number; oneToThree: number; threeToSix: number; older: number; undated: number }> {
  const day = (text: string) => sql`${text}::date`;
  const [row] = await db
    .select({
      underOneYear: sql<number>`(count(*) filter (where ${factDay} >= ${day(bounds.oneYear)}))::int`,
      oneToThree: sql<number>`(count(*) filter (where ${factDay} < ${day(bounds.oneYear)} and ${factDay} >= ${day(bounds.threeYears)}))::int`,
      threeToSix: sql<number>`(count(*) filter (where ${factDay} < ${day(bounds.threeYears)} and ${factDay} >= ${day(bounds.sixYears)}))::int`,
      older: sql<number>`(count(*) filter (where ${factDay} < ${day(bounds.sixYears)}))::int`,
      undated: sql<number>`(count(*) filter (where not ${isDated}))::int`,
    })
    .from(fundFacts)
    .where(sql`${fundFacts.value} is not null`);
  return row ?? { underOneYear: 0, oneToThree: 0, threeToSix: 0, older: 0, undated: 0 };
}

/** A fund with no fact of its own: everything it says came with the curated record. */
const curatedOnly = sql`${funds.source} = 'curated' and not exists (select 1 from ${fundFacts} where ${fundFacts.fundId} = ${funds.id} and ${fundFacts.value} is not null)`;

/** How many funds say only what the curated list said (no sourced, dated or edited fact), and the first by name. */
export async function listCuratedOnlyFunds(
  db: Db,
  limit: number,
): Promise<{ total: number; funds: Array<{ id: number; name: string; country: string }> }> {
  const [count] = await db.select({ count: sql<number>`count(*)::int` }).from(funds).where(curatedOnly);
  const rows = await db
    .select({ id: funds.id, name: funds.name, country: funds.country })
    .from(funds)
    .where(curatedOnly)
    .orderBy(funds.name, funds.id)
    .limit(limit);
  return { total: count?.count ?? 0, funds: rows };
}

/** The hosts the facts' sources are on, with how many facts and funds each, most first (a bad host stands out). */
export async function countSourceHosts(
  db: Db,
  limit: number,
): Promise<{ total: number; hosts: Array<{ host: string; facts: number; funds: number }> }> {
  const rows = await db
    .select({
      host: sourceHost,
      facts: sql<number>`count(*)::int`,
      funds: sql<number>`count(distinct ${fundFacts.fundId})::int`,
    })
    .from(fundFacts)
    .where(sql`${fundFacts.sourceUrl} is not null and ${fundFacts.value} is not null`)
    .groupBy(sourceHost)
    .orderBy(sql`count(*) desc`, sourceHost);
  return {
    total: rows.length,
    hosts: rows.slice(0, limit).map((row) => ({ host: row.host ?? "", facts: row.facts, funds: row.funds })),
  };
}

/** The funds a source reports winding down, not raising or paused, with that source and date. */
export async function listReportedStatuses(db: Db, limit: number) {
  const where = sql`${funds.status} is not null`;
  const [count] = await db.select({ count: sql<number>`count(*)::int` }).from(funds).where(where);
  const rows = await db
    .select({
      id: funds.id,
      name: funds.name,
      country: funds.country,
      status: sql<string>`${funds.status}`,
      sourceName: fundFacts.sourceName,
      sourceUrl: fundFacts.sourceUrl,
      asOf: fundFacts.asOf,
    })
    .from(funds)
    .leftJoin(fundFacts, and(eq(fundFacts.fundId, funds.id), eq(fundFacts.field, "status")))
    .where(where)
    .orderBy(funds.status, funds.name, funds.id)
    .limit(limit);
  return { total: count?.count ?? 0, funds: rows };
}

/**
 * The fund sizes whose own date lies before `before` (the six-year cutoff: ageCutoff and
 * isOldFundSize in src/shared/fact-age.ts), oldest first, with their fund and source: facts to refresh. Only the
 * fact's own date counts; a fund size without one is undated, not old.
 */
export async function listOldFundSizes(db: Db, before: string, limit: number) {
  const where = sql`${fundFacts.field} = 'fundSize' and ${fundFacts.value} is not null and ${asOfDay} < ${before}::date`;
  const [count] = await db.select({ count: sql<number>`count(*)::int` }).from(fundFacts).where(where);
  const rows = await db
    .select({
      fundId: fundFacts.fundId,
      fundName: funds.name,
      value: sql<string>`${fundFacts.value}`,
      currency: fundFacts.currency,
      kind: fundFacts.kind,
      asOf: sql<string>`${fundFacts.asOf}`,
      sourceName: fundFacts.sourceName,
      sourceUrl: fundFacts.sourceUrl,
    })
    .from(fundFacts)
    .innerJoin(funds, eq(funds.id, fundFacts.fundId))
    .where(where)
    .orderBy(asOfDay, funds.name, fundFacts.fundId)
    .limit(limit);
  return { total: count?.count ?? 0, facts: rows };
}

/** Sets a fund's review date without changing anything else; false when no fund has the id. */
export async function setLastReviewed(db: Db, id: number, day: string): Promise<boolean> {
  const rows = await db
    .update(funds)
    .set({ lastReviewed: day, updatedAt: new Date() })
    .where(eq(funds.id, id))
    .returning({ id: funds.id });
  return rows.length > 0;
}

/** A change in the history as the alerts read it: the field, the values before and after (JSON), when. */
export type RecordedFactChange = { fundId: number; field: string; before: unknown; after: unknown; changedAt: Date };

/**
 * What happened to the funds in (since, until]: the funds added, with when, and every change in
 * the history, oldest first. One read for a whole alert run, whatever the number of subscribers.
 */
export async function fundNewsBetween(
  db: Db,
  since: Date,
  until: Date,
): Promise<{ added: Array<{ id: number; createdAt: Date }>; changes: RecordedFactChange[] }> {
  const added = await db
    .select({ id: funds.id, createdAt: funds.createdAt })
    .from(funds)
    .where(and(gt(funds.createdAt, since), lte(funds.createdAt, until)));
  const changes = await db
    .select({
      fundId: fundFactChanges.fundId,
      field: fundFactChanges.field,
      before: fundFactChanges.before,
      after: fundFactChanges.after,
      changedAt: fundFactChanges.changedAt,
    })
    .from(fundFactChanges)
    .where(and(gt(fundFactChanges.changedAt, since), lte(fundFactChanges.changedAt, until)))
    .orderBy(fundFactChanges.changedAt, fundFactChanges.id);
  return { added, changes };
}

/** A fund's row locked for the rest of the transaction: the fund's editor and a revert read, then write. */
export async function lockFundById(db: Db, id: number): Promise<FundRow | undefined> {
  const [row] = await db.select().from(funds).where(eq(funds.id, id)).for("update");
  return row;
}

/** Sets some of a fund's columns (the fund's editor, a revert); nothing else changes. */
export async function updateFundColumns(db: Db, id: number, values: Partial<NewFundRow>): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db
    .update(funds)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(funds.id, id));
}

/** Removes one fact's provenance (a revert back to a value that came with the fund's record). */
export async function deleteFundFact(db: Db, fundId: number, field: string): Promise<void> {
  await db.delete(fundFacts).where(and(eq(fundFacts.fundId, fundId), eq(fundFacts.field, field)));
}

/** A change as written: the history row without its id and the revert's marks. */
export type FundFactChangeValues = Pick<
  FundFactChangeRow,
  "fundId" | "writer" | "userId" | "authorEmail" | "importId" | "batchId" | "field" | "before" | "after"
> & { changedAt?: Date };

export async function insertFactChanges(db: Db, changes: readonly FundFactChangeValues[]): Promise<void> {
  for (let start = 0; start < changes.length; start += INSERT_BATCH_SIZE) {
    await db
      .insert(fundFactChanges)
      .values(changes.slice(start, start + INSERT_BATCH_SIZE).map((change) => ({ ...change })));
  }
}

/** A fund's history, newest first. */
export function listFactChanges(db: Db, fundId: number): Promise<FundFactChangeRow[]> {
  return db
    .select()
    .from(fundFactChanges)
    .where(eq(fundFactChanges.fundId, fundId))
    .orderBy(desc(fundFactChanges.changedAt), desc(fundFactChanges.id));
}

export async function findFactChange(db: Db, id: number): Promise<FundFactChangeRow | undefined> {
  const [row] = await db.select().from(fundFactChanges).where(eq(fundFactChanges.id, id));
  return row;
}

/** The changes one write made to one fund (its batch), oldest first. */
export function listBatchChanges(db: Db, batchId: string): Promise<FundFactChangeRow[]> {
  return db.select().from(fundFactChanges).where(eq(fundFactChanges.batchId, batchId)).orderBy(asc(fundFactChanges.id));
}

/**
 * The first change after `afterId` of one of these fields of a fund that still stands, if any: not
 * reverted, and not itself the revert of a change made after `afterId` (the two cancel out).
 */
export async function findLaterChange(
  db: Db,
  fundId: number,
  fields: readonly string[],
  afterId: number,
): Promise<FundFactChangeRow | undefined> {
  const [row] = await db
    .select()
    .from(fundFactChanges)
    .where(
      and(
        eq(fundFactChanges.fundId, fundId),
        inArray(fundFactChanges.field, [...fields]),
        gt(fundFactChanges.id, afterId),
        isNull(fundFactChanges.revertedAt),
        sql`not (${fundFactChanges.writer} = 'revert' and coalesce((${fundFactChanges.after} ->> 'revertOf')::int, 0) > ${afterId})`,
      ),
    )
    .orderBy(asc(fundFactChanges.id))
    .limit(1);
  return row;
}

/** Marks changes as reverted by an admin; only those not reverted yet. */
export async function markFactChangesReverted(db: Db, ids: readonly number[], by: number, at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(fundFactChanges)
    .set({ revertedAt: at, revertedBy: by })
    .where(and(sql`${fundFactChanges.id} = any(${sql.param(ids)}::int4[])`, isNull(fundFactChanges.revertedAt)));
}
