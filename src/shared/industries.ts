/** The 54 industry focus codes, with the labels people read, in the alphabetical order of the labels. */
const INDUSTRY_LABEL_BY_CODE = {
  agritech: "AgriTech",
  ai_ml: "AI & Machine Learning",
  biotech: "Biotech",
  built_environment: "Built Environment",
  carbon_removal: "Carbon Removal",
  circular_economy: "Circular Economy",
  climate_sustainability: "Climate & Sustainability",
  cloud_devops: "Cloud & DevOps",
  consumer_commerce: "Consumer & Commerce",
  creator_economy: "Creator Economy",
  cybersecurity: "Cybersecurity",
  data_infrastructure: "Data Infrastructure",
  deep_tech: "Deep Tech",
  defense: "Defense",
  developer_tools: "Developer Tools",
  diagnostics: "Diagnostics",
  digital_banking: "Digital Banking",
  digital_education_consumer: "Digital Education",
  digital_health: "Digital Health",
  digital_infrastructure: "Digital Infrastructure",
  ecommerce: "E-commerce",
  energy_tech: "Energy Tech",
  enterprise_software: "Enterprise Software",
  evs_charging: "EVs & Charging",
  fashion_tech: "Fashion Tech",
  fem_tech: "FemTech",
  fintech: "Fintech",
  food_beverage: "Food & Beverage",
  food_tech: "Food Tech",
  gaming: "Gaming",
  infrastructure_tech: "Infrastructure Tech",
  insur_tech: "InsurTech",
  iot: "IoT",
  manufacturing: "Manufacturing",
  marketplaces: "Marketplaces",
  med_tech: "MedTech",
  mental_health: "Mental Health",
  mobility_transport: "Mobility & Transport",
  payments_embedded_finance: "Payments & Embedded Finance",
  private_markets: "Private Markets",
  prop_tech: "PropTech",
  robotics_automation: "Robotics & Automation",
  saas: "SaaS",
  semiconductors: "Semiconductors",
  space: "Space",
  supply_chain: "Supply Chain & Logistics",
  therapeutics: "Therapeutics",
  travel_tech: "Travel Tech",
  vertical_saas: "Vertical SaaS",
  water_tech: "Water Tech",
  wealth_tech: "WealthTech",
  web3_finance: "Web3 Finance",
  web3_infrastructure: "Web3 Infrastructure",
  wellness_lifestyle: "Wellness & Lifestyle",
} as const;

export type IndustryCode = keyof typeof INDUSTRY_LABEL_BY_CODE;

export const INDUSTRY_CODES = Object.keys(INDUSTRY_LABEL_BY_CODE) as [IndustryCode, ...IndustryCode[]];

/**
 * Industries as the search form lists them: alphabetically by label, which is the order they are
 * written in above (labels.test.ts holds them to it). Not sorted here: an ICU collation as the
 * module loads, the first use of Intl on most pages, cost 30–40 ms of a fund page's start-up at
 * 4× CPU slowdown in a profile.
 */
export const INDUSTRIES: ReadonlyArray<{ code: IndustryCode; label: string }> = INDUSTRY_CODES.map((code) => ({
  code,
  label: INDUSTRY_LABEL_BY_CODE[code],
}));

export function isIndustryCode(value: string): value is IndustryCode {
  return Object.hasOwn(INDUSTRY_LABEL_BY_CODE, value);
}

export function industryLabel(code: string): string {
  return isIndustryCode(code) ? INDUSTRY_LABEL_BY_CODE[code] : code;
}
