import { randomBytes } from "node:crypto";
import pg from "pg";

export type PostgresProbe = { reachable: true; version: string } | { reachable: false; reason: string };

export type ScratchDatabase = { name: string; url: string; drop(): Promise<void> };

/** Whether the admin URL answers, so that the PostgreSQL scenarios can be skipped with a note instead of failing. */
export async function probePostgres(adminUrl: string): Promise<PostgresProbe> {
  try {
    const [row] = await withAdmin(adminUrl, (client) =>
      client.query<{ version: string }>("select current_setting('server_version') as version"),
    );
    return { reachable: true, version: row?.version ?? "unknown" };
  } catch (error) {
    return { reachable: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** A new, empty database of its own for one scenario; drop() removes it even while connections remain. */
export async function createScratchDatabase(adminUrl: string): Promise<ScratchDatabase> {
  const name = `fundmatch_bench_${randomBytes(6).toString("hex")}`;
  const identifier = pg.escapeIdentifier(name);
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${identifier}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      // FORCE (PostgreSQL 13+) ends sessions a killed server may have left behind.
      await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${identifier} WITH (FORCE)`));
    },
  };
}

async function withAdmin<Row extends pg.QueryResultRow>(
  adminUrl: string,
  run: (client: pg.Client) => Promise<pg.QueryResult<Row>>,
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return (await run(client)).rows;
  } finally {
    await client.end();
  }
}
