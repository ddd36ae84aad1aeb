import { isConvertedCurrency } from "./currency-rates.js";
import { isIndustryCode } from "./industries.js";
import { isStageCode } from "./stages.js";
import { graphemePrefix } from "./text-cut.js";

/**
 * The /match page's profile in its URL (issue 37: "Back from a fund page to /match shows the same
 * shortlist at the same place"): a run is a URL, so Back, a reload and a shared link show the same
 * shortlist, for visitors and subscribers alike. The keys are the form's own field names, so the
 * form's plain GET submit (before the app's scripts run) lands on the same URL. Amounts stay as the
 * founder typed them ('€3m'): the one amount reader (money-text.ts) reads them on both sides.
 * Zod-free: the server's page cache key and the client's form read it.
 */
export type ProfileQuery = {
  stage: string;
  sectors: string[];
  country: string;
  raise: string;
  /** The currency an amount is in when its text names none; USD unless chosen. */
  currency: string;
  needsLead: boolean;
  description: string;
  roundTarget: string;
  activelyInvesting: boolean;
  /** The shortlist's page, from 1 (subscribers page through every match). */
  page: number;
};

export const PROFILE_QUERY_KEYS = [
  "stage",
  "sectors",
  "country",
  "raise",
  "currency",
  "needsLead",
  "description",
  "roundTarget",
  "activelyInvesting",
  "page",
] as const;

/** The keys that describe the startup: a URL with none of them is the empty form, no run. */
const PROFILE_KEYS = ["stage", "sectors", "country", "raise", "needsLead", "description"] as const;

const TEXT_MAX = 300;
/** The most pages a URL may ask for; far beyond any shortlist, and a bound on the offset sent. */
const PAGE_MAX = 10_000;
/** The form's sector limit (STARTUP_SECTORS_MAX in schemas/match.ts, which is zod). */
const SECTORS_MAX = 3;

const on = (value: string | null) => value === "1" || value === "on" || value === "true";
const text = (value: string | null) => graphemePrefix((value ?? "").trim(), TEXT_MAX);

/**
 * The profile a URL names, or null when it names nothing about the startup. Unknown codes are
 * dropped and long texts cut rather than refused: a hand-edited link still opens the form, and the
 * form's own rules say what is wrong with what is left.
 */
export function profileFromQuery(params: URLSearchParams): ProfileQuery | null {
  if (!PROFILE_KEYS.some((key) => (params.get(key) ?? "").trim() !== "")) return null;
  const currency = (params.get("currency") ?? "").trim().toUpperCase();
  const page = Number(params.get("page") ?? "1");
  return {
    stage: isStageCode(params.get("stage") ?? "") ? (params.get("stage") as string) : "",
    // Several `sectors` keys, or one with commas (both are what a hand-written link might say).
    sectors: [
      ...new Set(
        params
          .getAll("sectors")
          .flatMap((value) => value.split(","))
          .map((value) => value.trim())
          .filter(isIndustryCode),
      ),
    ].slice(0, SECTORS_MAX),
    country: graphemePrefix((params.get("country") ?? "").trim(), 100),
    raise: text(params.get("raise")),
    currency: isConvertedCurrency(currency) ? currency : "USD",
    needsLead: on(params.get("needsLead")),
    description: text(params.get("description")),
    roundTarget: text(params.get("roundTarget")),
    activelyInvesting: on(params.get("activelyInvesting")),
    page: Number.isInteger(page) && page >= 1 && page <= PAGE_MAX ? page : 1,
  };
}

/** A profile to its URL query: empty fields, USD, off switches and the first page are left out. */
export function profileToQuery(profile: ProfileQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (profile.stage) params.set("stage", profile.stage);
  for (const sector of profile.sectors) params.append("sectors", sector);
  if (profile.country.trim()) params.set("country", profile.country.trim());
  if (profile.raise.trim()) params.set("raise", profile.raise.trim());
  if (profile.currency && profile.currency !== "USD") params.set("currency", profile.currency);
  if (profile.needsLead) params.set("needsLead", "1");
  if (profile.description.trim()) params.set("description", profile.description.trim());
  if (profile.roundTarget.trim()) params.set("roundTarget", profile.roundTarget.trim());
  if (profile.activelyInvesting) params.set("activelyInvesting", "1");
  if (profile.page > 1) params.set("page", String(profile.page));
  return params;
}
