/**
 * Field coverage of the shipped fund data from a fresh start: a new PGlite database, migrated,
 * seeded and brought up to date exactly as the server does on first start, then the share of funds
 * that have each fact. `npx tsx scripts/fund-coverage.ts` (prints a Markdown table).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { openDatabase } from "../src/server/db/client.js";
import { applyCuratedDataOnce } from "../src/server/funds/import/curated-data.js";
import { seedFundsIfPristine } from "../src/server/funds/import/seed.js";
import { loadFundsSnapshot } from "../src/server/funds/repository.js";

const logger = pino({ level: "silent" });
const dataDir = mkdtempSync(path.join(tmpdir(), "fundmatch-coverage-"));
const database = await openDatabase({ dataDir, logger });
try {
  await database.migrate(async () => {
    await seedFundsIfPristine(database.db, logger);
    await applyCuratedDataOnce(database.db, logger);
  });
  const { rows, facts } = await loadFundsSnapshot(database.db);
  const sourced = new Set(facts.map((fact) => `${fact.fundId}:${fact.field}`));
  const measures: Array<[string, (row: (typeof rows)[number]) => boolean, string[]]> = [
    ["Fund size", (row) => row.fundSize !== null, ["fundSize"]],
    [
      "Cheque range (either end)",
      (row) => row.checkSizeMinUsd !== null || row.checkSizeMaxUsd !== null,
      ["checkSizeMinUsd", "checkSizeMaxUsd"],
    ],
    ["Portfolio", (row) => row.portfolio.length > 0, ["portfolio"]],
    ["Website", (row) => Boolean(row.website), ["website"]],
    ["Leads rounds", (row) => row.leadsRounds !== null, ["leadsRounds"]],
    ["Assets under management", (row) => row.aum !== null, ["aum"]],
    ["Sector-agnostic stated", (row) => row.sectorAgnostic !== null, ["sectorAgnostic"]],
  ];
  const percent = (count: number) => `${((100 * count) / rows.length).toFixed(1)}%`;
  console.log(`${rows.length} funds, ${facts.length} sourced facts\n`);
  console.log("| fact | funds with it | share | of which with a sourced fact |");
  console.log("|---|---:|---:|---:|");
  for (const [label, has, fields] of measures) {
    const withIt = rows.filter(has);
    const withSource = withIt.filter((row) => fields.some((field) => sourced.has(`${row.id}:${field}`)));
    console.log(`| ${label} | ${withIt.length} | ${percent(withIt.length)} | ${withSource.length} |`);
  }
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
