/**
 * A realistic investor list as data teams get them from CRMs, databases and scraped directories:
 * headings of their own, locations instead of countries, stage words, industry names outside our
 * codes, comma, semicolon, pipe and newline lists, cheque ranges with symbols and suffixes, a BOM,
 * the header repeated where two exports were pasted together, 'Sector Agnostic' and empty industry
 * cells (stored with their industries unknown), and a few values nobody can place.
 * Deterministic (a seeded generator), so that the figure it yields is the same on every run.
 */
const HEADER = [
  "Investor Name",
  "HQ",
  "Stage(s)",
  "Sectors",
  "Cheque/Check Size",
  "Fund Size",
  "Website",
  "LinkedIn company page",
  "Founded",
];

const PREFIXES = [
  "Blue",
  "North",
  "Granite",
  "Harbor",
  "Summit",
  "Atlas",
  "Beacon",
  "Cedar",
  "Delta",
  "Ember",
  "Fjord",
  "Golden",
  "Horizon",
  "Iron",
  "Juniper",
  "Keystone",
  "Lumen",
  "Meridian",
  "Nova",
  "Orbit",
];
const SUFFIXES = [
  "Ventures",
  "Capital",
  "Partners",
  "VC",
  "Fund",
  "Investments",
  "Growth",
  "Seed Fund",
  "Equity",
  "Labs",
];

const LOCATIONS = [
  "San Francisco, CA",
  "New York, NY, USA",
  "Palo Alto, California",
  "Boston, MA",
  "London, UK",
  "London, England",
  "Berlin, Germany",
  "Paris, France",
  "Singapore",
  "Tel Aviv, Israel",
  "Bangalore, India",
  "Toronto, ON, Canada",
  "Stockholm, Sweden",
  "USA",
  "United States",
  "UK",
  "UAE",
  "Dubai, UAE",
  "DEU",
  "Amsterdam, The Netherlands",
  "São Paulo, Brazil",
  "Lagos, Nigeria",
  "Seoul, South Korea",
  "Sydney, Australia",
  "Zurich, Switzerland",
  "Madrid, Spain",
  "Helsinki, Finland",
  "Nairobi, Kenya",
  "Mexico City, Mexico",
  "Jakarta, Indonesia",
  "Menlo Park,California,United States",
  "Austin,TX,USA",
  "Bengaluru,Karnataka,India",
];
const UNPLACEABLE_LOCATIONS = ["Remote", "Global", "Europe", "N/A"];

const STAGES = [
  "Pre-seed, Seed",
  "Seed; Series A",
  "Early Stage",
  "Series A+",
  "Growth Equity",
  "Idea | Prototype/MVP",
  "Angel, Pre-Seed",
  "Late",
  "Multi-stage",
  "Seed",
  "A-round, B-round",
  "Seed\nSeries A",
  "Series B, Series C",
  "Early, Growth",
  "Pre-Series A",
  "Seed, Series+",
  "Post Revenue",
  "Early Revenue, Scaling",
  "Pre-Seed/Seed",
  "1. Idea or Patent, 2. Prototype",
];
const UNPLACEABLE_STAGES = ["Buyout", "Venture Debt", "Secondaries only"];

const INDUSTRIES = [
  "Information Technology & Services",
  "Healthcare, Biotechnology",
  "FinTech, Insurtech",
  "SaaS, B2B",
  "Artificial Intelligence, Machine Learning",
  "Clean Energy; Climate Tech",
  "E-commerce, Marketplaces",
  "Edtech",
  "Consumer Internet, Media",
  "Deep Tech, Robotics",
  "Real Estate, Construction",
  "Agriculture, Food",
  "Crypto / Blockchain",
  "Mobility, Logistics",
  "Cybersecurity, Cloud Infrastructure",
  "Gaming, Esports",
  "Travel & Hospitality",
  "Healthcare\nMedical Devices",
  "Payments | Banking",
  "Enterprise Software, Developer Tools",
  "Impact, Fintech",
  "Generalist, SaaS",
  "Sector Agnostic",
  "Generalist",
  "InsureTech, Deep Tech/Hard Science",
  "AR/VR, Gaming",
  "Government Technology",
  "B2C, Consumer Apps",
  "",
];
const UNPLACEABLE_INDUSTRIES = ["Impact", "Technology", "Social Good"];

const CHEQUES = [
  "$250K - $2M",
  "€1M-5M",
  "$50k",
  "up to $500K",
  "$5M+",
  "1-3MM",
  "",
  "TBD",
  "£100k–£750k",
  "$1M",
  "$5,000,000 - $15M",
  "1-3 Mio. €",
  "₹5 Cr",
];
const FUND_SIZES = ["$150M", "€80M", "$1.2B", "", "undisclosed", "500MM", "£60m"];

function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** Rows with an unplaceable value in a required column occur at this rate, per column. */
const UNPLACEABLE_RATE = 0.04;

export function messyInvestorCsv(rows: number, seed = 20261201): string {
  const random = generator(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const maybe = (good: readonly string[], bad: readonly string[]) =>
    random() < UNPLACEABLE_RATE ? pick(bad) : pick(good);
  const lines = [HEADER.join(",")];
  for (let index = 0; index < rows; index += 1) {
    if (index > 0 && index % 1000 === 0) lines.push(HEADER.join(","));
    const name = random() < 0.01 ? "" : `${pick(PREFIXES)} ${pick(SUFFIXES)} ${index}`;
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    lines.push(
      [
        name,
        maybe(LOCATIONS, UNPLACEABLE_LOCATIONS),
        maybe(STAGES, UNPLACEABLE_STAGES),
        maybe(INDUSTRIES, UNPLACEABLE_INDUSTRIES),
        pick(CHEQUES),
        pick(FUND_SIZES),
        random() < 0.7 ? `www.${slug}.com` : "",
        random() < 0.5 ? `linkedin.com/company/${slug}` : "",
        random() < 0.6 ? String(1990 + Math.floor(random() * 35)) : "",
      ]
        .map(quote)
        .join(","),
    );
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
