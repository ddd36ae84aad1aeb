/**
 * A small taxonomy over the 54 industry codes (issue 37): the list is flat, so a deep-tech fund and
 * a semiconductor startup were as unrelated as a gaming fund and that startup. Codes belong to
 * families of neighbouring sectors; two codes are related when they share a family. The match ranks
 * an exact sector above a related one, a related one above a sector-agnostic fund, and that above
 * none. A code may sit in more than one family (EVs are climate and mobility; food & beverage is
 * consumer and food). The families were drawn from how the shipped funds' descriptions group their
 * sectors ("deep tech: semiconductors, photonics, space, robotics"; "fintech, including payments,
 * insurance and wealth"; "climate: energy, mobility, carbon, water"), and reviewed against them.
 * Zod-free: the matcher and its reasons read it.
 */
import type { IndustryCode } from "./industries.js";

export const INDUSTRY_FAMILIES = {
  deep_tech: {
    label: "deep tech",
    codes: ["deep_tech", "semiconductors", "space", "robotics_automation", "iot", "manufacturing", "defense"],
  },
  fintech: {
    label: "fintech",
    codes: [
      "fintech",
      "payments_embedded_finance",
      "digital_banking",
      "wealth_tech",
      "insur_tech",
      "web3_finance",
      "private_markets",
    ],
  },
  health: {
    label: "health",
    codes: ["digital_health", "med_tech", "diagnostics", "therapeutics", "biotech", "mental_health", "fem_tech"],
  },
  climate: {
    label: "climate",
    codes: [
      "climate_sustainability",
      "energy_tech",
      "carbon_removal",
      "evs_charging",
      "water_tech",
      "circular_economy",
      "agritech",
      "built_environment",
    ],
  },
  developer_infrastructure: {
    label: "developer and data infrastructure",
    codes: [
      "developer_tools",
      "cloud_devops",
      "data_infrastructure",
      "ai_ml",
      "cybersecurity",
      "digital_infrastructure",
      "web3_infrastructure",
    ],
  },
  business_software: {
    label: "business software",
    codes: ["saas", "enterprise_software", "vertical_saas", "ai_ml", "cybersecurity"],
  },
  consumer: {
    label: "consumer",
    codes: [
      "consumer_commerce",
      "ecommerce",
      "marketplaces",
      "fashion_tech",
      "food_beverage",
      "creator_economy",
      "gaming",
      "travel_tech",
      "wellness_lifestyle",
      "digital_education_consumer",
    ],
  },
  food: {
    label: "food and agriculture",
    codes: ["agritech", "food_tech", "food_beverage"],
  },
  mobility: {
    label: "mobility and logistics",
    codes: ["mobility_transport", "evs_charging", "supply_chain", "travel_tech"],
  },
  real_estate: {
    label: "real estate and infrastructure",
    codes: ["prop_tech", "built_environment", "infrastructure_tech"],
  },
  wellbeing: {
    label: "health and wellbeing",
    codes: ["mental_health", "wellness_lifestyle", "fem_tech", "digital_health"],
  },
} as const satisfies Record<string, { label: string; codes: readonly IndustryCode[] }>;

export type IndustryFamily = keyof typeof INDUSTRY_FAMILIES;

const FAMILIES_OF_CODE: ReadonlyMap<IndustryCode, readonly IndustryFamily[]> = (() => {
  const families = new Map<IndustryCode, IndustryFamily[]>();
  for (const [family, { codes }] of Object.entries(INDUSTRY_FAMILIES) as Array<
    [IndustryFamily, { codes: readonly IndustryCode[] }]
  >) {
    for (const code of codes) families.set(code, [...(families.get(code) ?? []), family]);
  }
  return families;
})();

/** The families a code belongs to (none for a code no family names). */
export function familiesOf(code: IndustryCode): readonly IndustryFamily[] {
  return FAMILIES_OF_CODE.get(code) ?? [];
}

/** Whether two different codes share a family. A code is not "related" to itself: it is exact. */
export function areRelatedIndustries(a: IndustryCode, b: IndustryCode): boolean {
  if (a === b) return false;
  const families = FAMILIES_OF_CODE.get(a);
  return families?.some((family) => FAMILIES_OF_CODE.get(b)?.includes(family)) ?? false;
}

/**
 * How a fund's listed sectors meet one sector of the startup: `exact` when the fund lists it,
 * `related` when it lists a neighbour of it (the neighbour returned, for the reason's words), none
 * otherwise. Unknown sectors (an empty list) meet nothing: the caller treats them as unknown.
 */
export function industryRelation(
  fundCodes: readonly IndustryCode[],
  startupCode: IndustryCode,
): { relation: "exact" } | { relation: "related"; via: IndustryCode } | undefined {
  if (fundCodes.includes(startupCode)) return { relation: "exact" };
  const via = fundCodes.find((code) => areRelatedIndustries(code, startupCode));
  return via === undefined ? undefined : { relation: "related", via };
}
