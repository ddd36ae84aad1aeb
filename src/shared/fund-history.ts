/**
 * The one history of a fund's facts (issue 36, docs/decisions/0061-one-fact-history.md): which
 * fields it records, who can have written a change, and which facts travel together. Zod-free: the
 * admin's pages import it.
 */
import { FACT_FIELDS } from "./fund-facts.js";

/** Every field a change can be recorded for: the facts with provenance, and the record's own fields. */
export const HISTORY_FIELDS = [
  ...FACT_FIELDS,
  "name",
  "country",
  "city",
  "linkedin",
  "fundManager",
  "foundedYear",
] as const;
export type HistoryField = (typeof HISTORY_FIELDS)[number];

export function isHistoryField(field: string): field is HistoryField {
  return (HISTORY_FIELDS as readonly string[]).includes(field);
}

/**
 * Who wrote a change: the curated data step (`seed`), an admin's import, an admin's edit, a member
 * of the fund's team through its editor, or an admin's revert of an earlier change.
 */
export const HISTORY_WRITERS = ["seed", "import", "admin", "fund_team", "revert"] as const;
export type HistoryWriter = (typeof HISTORY_WRITERS)[number];

/** How the history page names each writer. */
export const HISTORY_WRITER_LABELS: Readonly<Record<HistoryWriter, string>> = {
  seed: "Curated data",
  import: "Import",
  admin: "Admin edit",
  fund_team: "Fund team",
  revert: "Revert",
};

/**
 * Facts that describe one thing together: a fund size belongs to its vehicle (its name; the size's
 * kind and close date are in the size's own provenance), a cheque range's two ends to each other.
 * Changed in one write, they are reverted together, so that a revert never leaves a fund size
 * beside another fund's name and date.
 */
const LINKED_GROUPS: ReadonlyArray<readonly HistoryField[]> = [
  ["fundSize", "vehicleName"],
  ["checkSizeMinUsd", "checkSizeMaxUsd"],
];

/** The fields reverted with `field` (itself included). */
export function linkedFields(field: string): readonly string[] {
  return LINKED_GROUPS.find((group) => (group as readonly string[]).includes(field)) ?? [field];
}

/** How the history and the import's preview name each field. */
export const HISTORY_FIELD_LABELS: Readonly<Record<HistoryField, string>> = {
  fundSize: "Fund size",
  aum: "Assets under management",
  checkSizeMinUsd: "Minimum cheque",
  checkSizeMaxUsd: "Maximum cheque",
  leadsRounds: "Leads rounds",
  website: "Website",
  portfolio: "Portfolio",
  fundingStages: "Stages",
  industryFocus: "Industries",
  sectorAgnostic: "Sector-agnostic",
  vehicleName: "Fund name",
  description: "Thesis",
  investingStatus: "Investing (the team's word)",
  pitchRoute: "How to pitch",
  status: "Status (reported)",
  name: "Name",
  country: "Country",
  city: "City",
  linkedin: "LinkedIn",
  fundManager: "Fund manager",
  foundedYear: "Founded",
};

export function historyFieldLabel(field: string): string {
  return isHistoryField(field) ? HISTORY_FIELD_LABELS[field] : field;
}
