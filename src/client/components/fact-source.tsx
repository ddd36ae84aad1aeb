import {
  type FactField,
  factDateText,
  factKindLabel,
  factPublication,
  formatAsOf,
  unsourcedFactText,
} from "../../shared/fund-facts.js";
import { fundTeamUpdatedText } from "../../shared/fund-team.js";
import type { FundProvenance, FundResult } from "../../shared/schemas/funds.js";
import { safeExternalUrl } from "../lib/safe-url.js";

/*
 * A fact's source line (issue 36), one component for the fund page, the cards and the match's
 * reasons: the publication by its name, linked, with the fact's date; or, quietly, that it has none.
 */

export type ProvenanceItem = FundProvenance[number];

/** A fact's provenance by field. */
export function provenanceOf(provenance: FundProvenance): (field: FactField) => ProvenanceItem | undefined {
  const byField = new Map(provenance.map((item) => [item.field, item]));
  return (field) => byField.get(field);
}

/** The fund's record as the unsourced line names it: the curated list (and when it stated the record), or none. */
export type RecordOrigin = Pick<FundResult, "source" | "curatedOn">;

/**
 * Where a fact came from and when, under its value (issue 36): its publication, linked where it has
 * an address, and its date ("techcrunch.com · final close Mar 2024", "techcrunch.com · source read
 * 7 Dec 2026"); the link's words are the publication's name, for screen readers too. A fact without
 * a source says so quietly, apart from the sourced ones ("from FundMatch's curated list, Nov 2026; no
 * public source yet").
 */
export function FactSource({
  item,
  record,
  testId,
  label,
}: {
  item: ProvenanceItem | undefined;
  /** The fund's record, for the line of a fact that has a value but no source. */
  record: RecordOrigin;
  testId?: string;
  /** What the line is about, where it stands apart from its value ("Stages"). */
  label?: string;
}) {
  const prefix = label ? `${label}: ` : "";
  if (!item) {
    return (
      <span
        className="mt-0.5 block text-xs font-normal text-slate-500 italic"
        data-testid={testId}
        data-origin="unsourced"
      >
        {prefix}
        {unsourcedFactText(record)}
      </span>
    );
  }
  if (item.origin === "fund_team") {
    // The fund's own word: when they said it, and a money fact's close date when they gave one.
    const close =
      item.kind === "final_close" && item.asOf ? `${factKindLabel(item.kind)} ${formatAsOf(item.asOf)} · ` : "";
    return (
      <span className="mt-0.5 block text-xs font-normal text-slate-600" data-testid={testId} data-origin="fund_team">
        {prefix}
        {close}
        {fundTeamUpdatedText(item.recordedOn)}
      </span>
    );
  }
  const url = safeExternalUrl(item.sourceUrl);
  const publication = factPublication(item);
  const date = factDateText(item);
  return (
    <span className="mt-0.5 block text-xs font-normal text-slate-600" data-testid={testId} data-origin={item.origin}>
      {prefix}
      {url ? (
        <a
          href={url.href}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
        >
          {publication}
        </a>
      ) : (
        publication
      )}
      {date && <> · {date}</>}
    </span>
  );
}

/**
 * Where the stages and the industries came from, under their tags: each sourced list by its own
 * line ("Stages: techcrunch.com · Jun 2019"), the lists without a source together, once ("Stages and
 * industries: from FundMatch's curated list, Nov 2026; no public source yet"). Nothing for a list
 * that is not disclosed (its tag says so).
 */
export function TagSources({
  fund,
  sourceOf,
  withUnsourced = true,
}: {
  fund: FundResult;
  sourceOf: (field: FactField) => ProvenanceItem | undefined;
  /** False on a card, which names every unsourced fact once, in one line (UnsourcedFacts). */
  withUnsourced?: boolean;
}) {
  const lists = tagFacts(fund);
  const sourced = lists.filter((list) => sourceOf(list.field));
  const unsourced = withUnsourced ? lists.filter((list) => !sourceOf(list.field)).map((list) => list.label) : [];
  if (sourced.length === 0 && unsourced.length === 0) return null;
  return (
    <div className="mt-2" data-testid="tag-sources">
      {sourced.map((list) => (
        <FactSource key={list.field} item={sourceOf(list.field)} record={fund} label={list.label} />
      ))}
      <UnsourcedFacts labels={unsourced} record={fund} />
    </div>
  );
}

/** The tag lists a fund shows (stages, industries, "invests across sectors"), each a fact of its own. */
export function tagFacts(fund: Pick<FundResult, "fundingStages" | "industryFocus" | "sectorAgnostic">) {
  return [
    { field: "fundingStages" as const, label: "Stages", known: fund.fundingStages.length > 0 },
    { field: "industryFocus" as const, label: "Industries", known: fund.industryFocus.length > 0 },
    // "Invests across sectors" is a fact of its own, with a source of its own.
    { field: "sectorAgnostic" as const, label: "Sector focus", known: fund.sectorAgnostic === true },
  ].filter((list) => list.known);
}

/**
 * The labels of the facts a card shows that have no public source: its tag lists, then `shown`
 * (the card's own facts: a website, a cheque range). What UnsourcedFacts names.
 */
export function unsourcedLabels(
  fund: Pick<FundResult, "fundingStages" | "industryFocus" | "sectorAgnostic">,
  sourceOf: (field: FactField) => ProvenanceItem | undefined,
  shown: ReadonlyArray<{ label: string; field: FactField }> = [],
): string[] {
  return [...tagFacts(fund), ...shown].filter((fact) => !sourceOf(fact.field)).map((fact) => fact.label);
}

/**
 * The facts shown without a public source, named once ("Stages, industries and website: from
 * FundMatch's curated list, Nov 2026; no public source yet"); nothing without any.
 */
export function UnsourcedFacts({
  labels,
  record,
  testId,
}: {
  labels: readonly string[];
  record: RecordOrigin;
  testId?: string;
}) {
  if (labels.length === 0) return null;
  // "Stages, industries and website": the first as a label, the others as words of the sentence.
  const words = labels.map((label, index) => (index === 0 ? label : label.toLowerCase()));
  const label = words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : words[0];
  return <FactSource item={undefined} record={record} label={label} testId={testId} />;
}

type SourcedResult = Pick<FundResult, "fundSizeSource" | "factSources" | "premiumFactSources">;

/**
 * A result's provenance by field (a search card, a match), from the sources it carries: everyone's
 * facts, and the premium ones for those who see them. Either end of a cheque range stands for the
 * range, as on the fund page.
 */
export function resultSourceOf(fund: SourcedResult): (field: FactField) => ProvenanceItem | undefined {
  const sourceOf = provenanceOf([
    ...(fund.fundSizeSource ? [fund.fundSizeSource] : []),
    ...(fund.factSources ?? []),
    ...(fund.premiumFactSources ?? []),
  ]);
  return (field) =>
    sourceOf(field) ??
    (field === "checkSizeMinUsd"
      ? sourceOf("checkSizeMaxUsd")
      : field === "checkSizeMaxUsd"
        ? sourceOf("checkSizeMinUsd")
        : undefined);
}
