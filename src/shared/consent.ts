import { z } from "zod/mini";

/** The choice is kept per browser under this key, in this version. */
export const CONSENT_STORAGE_KEY = "cookie_consent";
export const CONSENT_VERSION = 1;

export const consentPreferencesSchema = z.object({
  necessary: z.literal(true),
  analytics: z.boolean(),
  marketing: z.boolean(),
});

export const consentRecordSchema = z.object({
  version: z.number(),
  preferences: consentPreferencesSchema,
  /** When the choice was made (ISO 8601); the privacy policy keeps it for up to 12 months. */
  savedAt: z.optional(z.string()),
});

export type ConsentPreferences = z.infer<typeof consentPreferencesSchema>;
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

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
  try {
    const parsed = consentRecordSchema.safeParse(JSON.parse(raw));
    if (!parsed.success || parsed.data.version !== CONSENT_VERSION) return null;
    const savedAt = parsed.data.savedAt ? Date.parse(parsed.data.savedAt) : Number.NaN;
    if (parsed.data.savedAt !== undefined && (Number.isNaN(savedAt) || now - savedAt > CONSENT_MAX_AGE_MS)) return null;
    return parsed.data;
  } catch {
    return null;
  }
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
