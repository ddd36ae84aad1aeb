import type { ConsentPreferences } from "./consent.js";
/**
 * The consent UI's words, shared by the banner, the dialog and the privacy page.
 * Kept apart from consent.ts, which the entry chunk loads: these are only needed by lazy chunks.
 */
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
      "Keep you signed in, protect the site and remember this choice. The site cannot work without them, so they are always on.",
  },
  {
    id: "analytics",
    label: "Analytics",
    description:
      "Google Analytics (through Google Tag Manager) counts visits and searches, so we can see what works and improve it.",
  },
  {
    id: "marketing",
    label: "Marketing",
    description:
      "Would measure our advertising campaigns. We set no marketing cookies today; this keeps your choice for later.",
  },
];
