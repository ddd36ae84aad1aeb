import { z } from "zod/mini";

/** Spec sections 3 and 9: the choice is kept per browser under this key, in this version. */
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
});

export type ConsentPreferences = z.infer<typeof consentPreferencesSchema>;
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

export const DEFAULT_CONSENT: ConsentPreferences = { necessary: true, analytics: false, marketing: false };
export const ACCEPT_ALL: ConsentPreferences = { necessary: true, analytics: true, marketing: true };
export const REJECT_ALL: ConsentPreferences = DEFAULT_CONSENT;

/** A stored record counts only in the current version; anything else shows the banner again. */
export function parseConsentRecord(raw: string | null): ConsentRecord | null {
  if (!raw) return null;
  try {
    const parsed = consentRecordSchema.safeParse(JSON.parse(raw));
    if (!parsed.success || parsed.data.version !== CONSENT_VERSION) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

export function consentRecord(preferences: ConsentPreferences): ConsentRecord {
  return { version: CONSENT_VERSION, preferences: { ...preferences, necessary: true } };
}

/** Cookie durations the privacy policy states (spec section 9). */
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

/** The consent UI's words (spec section 2); the banner, the dialog, the privacy page and tests share them. */
export const CONSENT_TEXTS = {
  bannerTitle: "Cookies on FundMatch",
  managePreferences: "Manage Preferences",
  rejectAll: "Reject All",
  acceptAll: "Accept All",
  savePreferences: "Save Preferences",
  cancel: "Cancel",
  close: "Close",
  preferencesTitle: "Cookie Preferences",
  manageCookiePreferences: "Manage Cookie Preferences",
  alwaysOn: "Always on",
} as const;

export type ConsentCategory = keyof ConsentPreferences;

export const CONSENT_CATEGORIES: ReadonlyArray<{ id: ConsentCategory; label: string; description: string }> = [
  {
    id: "necessary",
    label: "Necessary",
    description:
      "Keep you signed in, protect the site against abuse and remember this choice. The site cannot work without them, so they are always on.",
  },
  {
    id: "analytics",
    label: "Analytics",
    description:
      "Google Analytics, loaded through Google Tag Manager, counts visits and searches so that we can see what works and improve it.",
  },
  {
    id: "marketing",
    label: "Marketing",
    description:
      "Would measure our advertising campaigns. We set no marketing cookies today; this keeps your choice for later.",
  },
];
