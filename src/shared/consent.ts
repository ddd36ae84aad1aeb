/** The choice is kept per browser under this key, in this version. */
export const CONSENT_STORAGE_KEY = "cookie_consent";
export const CONSENT_VERSION = 1;

export type ConsentPreferences = { necessary: true; analytics: boolean; marketing: boolean };

export type ConsentRecord = {
  version: number;
  preferences: ConsentPreferences;
  /** When the choice was made (ISO 8601); the privacy policy keeps it for up to 12 months. */
  savedAt?: string;
};

export const DEFAULT_CONSENT: ConsentPreferences = { necessary: true, analytics: false, marketing: false };
export const ACCEPT_ALL: ConsentPreferences = { necessary: true, analytics: true, marketing: true };
export const REJECT_ALL: ConsentPreferences = DEFAULT_CONSENT;

/** The policy's "up to 12 months" for the stored choice: after that the banner asks again. */
export const CONSENT_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * A stored record counts only in the current version and for 12 months after it was made;
 * anything else (missing, malformed, another version, expired) shows the banner again.
 */
export function parseConsentRecord(raw: string | null, now = Date.now()): ConsentRecord | null {
  if (!raw) return null;
  let record: ConsentRecord | null;
  try {
    record = consentRecordOf(JSON.parse(raw));
  } catch {
    return null;
  }
  if (!record || record.version !== CONSENT_VERSION) return null;
  const savedAt = record.savedAt ? Date.parse(record.savedAt) : Number.NaN;
  if (record.savedAt !== undefined && (Number.isNaN(savedAt) || now - savedAt > CONSENT_MAX_AGE_MS)) return null;
  return record;
}

/**
 * The record's shape checked by hand, keeping only its own fields: this runs in the entry of every
 * page, where a schema library would cost the first load about 6.6 KB gzip (zod/mini) for three
 * fields. consent.test.ts holds it to the equivalent zod schema over arbitrary input.
 */
export function consentRecordOf(value: unknown): ConsentRecord | null {
  if (!isObject(value) || typeof value.version !== "number") return null;
  const preferences = value.preferences;
  if (
    !isObject(preferences) ||
    preferences.necessary !== true ||
    typeof preferences.analytics !== "boolean" ||
    typeof preferences.marketing !== "boolean"
  ) {
    return null;
  }
  if (value.savedAt !== undefined && typeof value.savedAt !== "string") return null;
  const record: ConsentRecord = {
    version: value.version,
    preferences: { necessary: true, analytics: preferences.analytics, marketing: preferences.marketing },
  };
  if (value.savedAt !== undefined) record.savedAt = value.savedAt;
  return record;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function consentRecord(preferences: ConsentPreferences, now = new Date()): ConsentRecord {
  return { version: CONSENT_VERSION, preferences: { ...preferences, necessary: true }, savedAt: now.toISOString() };
}

/** Cookie durations the privacy policy states. */
export const COOKIE_DURATIONS = {
  essential: "Session, or up to 30 days",
  analytics: "Up to 26 months",
  functional: "Up to 12 months",
} as const;

export const ANALYTICS_COOKIES = [
  { name: "_ga", purpose: "Distinguishes visitors (Google Analytics)", duration: "2 years" },
  { name: "_ga_<container-id>", purpose: "Keeps the session state (Google Analytics)", duration: "2 years" },
  { name: "_gid", purpose: "Distinguishes visitors (Google Analytics)", duration: "24 hours" },
  { name: "_gat", purpose: "Throttles the request rate (Google Analytics)", duration: "1 minute" },
] as const;
