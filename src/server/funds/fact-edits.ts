import type { FactField, FactOrigin, FundStatus } from "../../shared/fund-facts.js";
import { publicationName } from "../../shared/source-address.js";
import type { FundRow, NewFundRow } from "../db/types.js";
import type { FundFactValues } from "./repository.js";

/**
 * Who a write names as its facts' source: an admin ('FundMatch admin', no address), or the
 * publication an admin named for an import (its host and address).
 */
export type FactSource = { name: string; url: string | null; origin: FactOrigin };

/** The source an admin's edit (or an import whose admin named none) gives the facts it changes. */
export const ADMIN_EDIT_SOURCE = "FundMatch admin";

/** An admin's word as its facts' source, without an address. */
export const ADMIN_SOURCE: FactSource = { name: ADMIN_EDIT_SOURCE, url: null, origin: "admin" };

/** The facts an admin's edit or an import can change, with how their value is written in the fact. */
const EDITABLE_FACTS: ReadonlyArray<{
  field: FactField;
  value: (
    fund: Pick<
      NewFundRow,
      | "fundSize"
      | "checkSizeMinUsd"
      | "checkSizeMaxUsd"
      | "leadsRounds"
      | "website"
      | "fundingStages"
      | "industryFocus"
      | "sectorAgnostic"
      | "portfolio"
    >,
  ) => string | null | undefined;
  currency?: (fund: Pick<NewFundRow, "currency">) => string | null;
}> = [
  {
    field: "fundSize",
    value: (fund) => (fund.fundSize == null ? null : String(fund.fundSize)),
    currency: (fund) => fund.currency ?? null,
  },
  {
    field: "checkSizeMinUsd",
    value: (fund) => (fund.checkSizeMinUsd == null ? null : String(fund.checkSizeMinUsd)),
    currency: () => "USD",
  },
  {
    field: "checkSizeMaxUsd",
    value: (fund) => (fund.checkSizeMaxUsd == null ? null : String(fund.checkSizeMaxUsd)),
    currency: () => "USD",
  },
  { field: "leadsRounds", value: (fund) => (fund.leadsRounds == null ? null : String(fund.leadsRounds)) },
  { field: "website", value: (fund) => fund.website ?? null },
  { field: "fundingStages", value: (fund) => fund.fundingStages.join(";") },
  { field: "industryFocus", value: (fund) => fund.industryFocus.join(";") },
  // Undefined when the edit leaves the field as it is.
  {
    field: "sectorAgnostic",
    value: (fund) =>
      fund.sectorAgnostic === undefined ? undefined : fund.sectorAgnostic === null ? null : String(fund.sectorAgnostic),
  },
  {
    field: "portfolio",
    value: (fund) => (fund.portfolio === undefined ? undefined : fund.portfolio.join(";") || null),
  },
];

/**
 * The provenance of what an edit changed: each fact whose value differs now comes from `sourceName`
 * (the admin, or the imported file), dated today, so that the fund page never shows an older source
 * next to a new value and the curated data step never replaces it with an older sourced fact. A
 * cleared value keeps its row (with no value): the clearing is the newer fact.
 */
export function factsOfEdit(
  before: FundRow,
  after: Pick<
    NewFundRow,
    | "fundSize"
    | "currency"
    | "checkSizeMinUsd"
    | "checkSizeMaxUsd"
    | "leadsRounds"
    | "website"
    | "fundingStages"
    | "industryFocus"
    | "sectorAgnostic"
    | "portfolio"
  >,
  source: FactSource,
  today: string = new Date().toISOString().slice(0, 10),
): FundFactValues[] {
  const facts: FundFactValues[] = [];
  for (const fact of EDITABLE_FACTS) {
    const value = fact.value(after);
    if (value === undefined) continue;
    const currency = fact.currency?.(after) ?? null;
    const changed = value !== fact.value(before) || (value !== null && currency !== (fact.currency?.(before) ?? null));
    if (!changed) continue;
    facts.push({
      fundId: before.id,
      field: fact.field,
      value,
      currency: value === null ? null : currency,
      kind: "stated",
      sourceName: source.name,
      sourceUrl: source.url,
      asOf: today,
      // A named address was read today, by whoever named it.
      retrievedOn: source.url ? today : null,
      origin: source.origin,
    });
  }
  return facts;
}

/**
 * The thesis (`description`) carries a fact only once someone gave it one (the fund's team, issue
 * 24): when an admin's edit or an import then changes the text, the fact moves to that source, so
 * that the page never says "Updated by the fund's team" over someone else's words. A description
 * without a fact stays without one, as before.
 */
export function descriptionFactOfEdit(
  before: Pick<FundRow, "id" | "description">,
  after: { description?: string | null | undefined },
  hasFact: boolean,
  source: FactSource,
  today: string,
): FundFactValues[] {
  if (!hasFact || after.description === undefined || (after.description ?? null) === before.description) return [];
  return [
    {
      fundId: before.id,
      field: "description",
      value: after.description ?? null,
      currency: null,
      kind: "stated",
      sourceName: source.name,
      sourceUrl: source.url,
      asOf: today,
      // A named address was read today, by whoever named it.
      retrievedOn: source.url ? today : null,
      origin: source.origin,
    },
  ];
}

/**
 * A sourced report of whether the firm still invests (issue 36), with its own source and date; a
 * cleared status keeps its row without a value, dated the day it was cleared.
 */
export function statusFactOf(
  fundId: number,
  status: FundStatus | null,
  source: FactSource,
  asOf: string,
): FundFactValues {
  return {
    fundId,
    field: "status",
    value: status,
    currency: null,
    kind: "stated",
    sourceName: source.name,
    sourceUrl: source.url,
    asOf,
    // Its own date may be older than the report; the address was read the day it was recorded.
    retrievedOn: source.url ? new Date().toISOString().slice(0, 10) : null,
    origin: source.origin,
  };
}

/**
 * The publication a source address names, as a fact's source name: its host without 'www.'
 * ('techcrunch.com'), by the one shared helper the pages use too.
 */
export function sourceNameOfUrl(url: string): string {
  return publicationName(url);
}
