import type { Db } from "../../src/server/db/client.js";
import { importFundsFile } from "../../src/server/funds/import/service.js";

export type FundFixture = {
  name: string;
  country?: string;
  country_code?: string;
  city?: string;
  website?: string;
  funding_stages?: string;
  industry_focus?: string;
  fund_size?: string;
  currency?: string;
  check_size_min_usd?: string;
  check_size_max_usd?: string;
  leads_rounds?: string;
  founded_year?: string;
  description?: string;
  fund_manager?: string;
  linkedin?: string;
  source?: string;
  last_reviewed?: string;
};

const COLUMNS = [
  "name",
  "country",
  "country_code",
  "city",
  "website",
  "funding_stages",
  "industry_focus",
  "fund_size",
  "currency",
  "check_size_min_usd",
  "check_size_max_usd",
  "leads_rounds",
  "founded_year",
  "description",
  "fund_manager",
  "linkedin",
  "source",
  "last_reviewed",
] as const;

const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** A CSV in the shipped file's format; unspecified columns get plain defaults. */
export function fundsCsv(funds: readonly FundFixture[]): string {
  const lines = funds.map((fund) => {
    const row: Record<string, string> = {
      country: "Luxembourg",
      funding_stages: "seed",
      industry_focus: "fintech",
      ...fund,
    };
    return COLUMNS.map((column) => quote(row[column] ?? "")).join(",");
  });
  return `${COLUMNS.join(",")}\n${lines.join("\n")}\n`;
}

/** Inserts funds through the real import path, the way production data arrives. */
export async function insertFunds(db: Db, funds: readonly FundFixture[]): Promise<void> {
  const result = await importFundsFile(db, Buffer.from(fundsCsv(funds)), "csv", { mode: "allow_duplicates" });
  if (result.failedImports > 0) throw new Error(`fixture rows rejected: ${JSON.stringify(result.errors)}`);
}
