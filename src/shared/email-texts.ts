/**
 * The optional e-mails and the texts of their unsubscribe link. Zod-free: the /unsubscribe page and
 * the server's page keys import it without the contracts' validation library.
 */

/** The optional e-mails, each with its own switch. Transactional mail (passwords, payments) has none. */
export const EMAIL_KINDS = ["saved_search_alerts", "pipeline_reminders", "pitch_digest"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** What Settings shows for each kind. */
export const EMAIL_KIND_TEXTS: Record<EmailKind, { label: string; description: string }> = {
  saved_search_alerts: {
    label: "Saved search alerts",
    description: "An e-mail when new funds match one of your saved searches.",
  },
  pipeline_reminders: {
    label: "Pipeline reminders",
    description: "An e-mail when a next step in your fundraising pipeline is due.",
  },
  pitch_digest: {
    label: "New pitches digest",
    description: "A daily e-mail of the new pitches to the funds whose team you are on.",
  },
};

/**
 * What Settings says under "Saved search alerts": the switch stands for the saved searches' own
 * switches, so it says how many of them alert.
 */
export function savedSearchAlertsSummary({ total, alerting }: { total: number; alerting: number }): string {
  if (total === 0) return "You have no saved searches yet. Save a search from the results to get its weekly e-mail.";
  if (total === 1) return alerting === 1 ? "On for your saved search." : "Off for your saved search.";
  if (alerting === total) return `On for all ${total} of your saved searches.`;
  if (alerting === 0) return `Off for all ${total} of your saved searches.`;
  return `On for ${alerting} of your ${total} saved searches.`;
}

/** The link from Settings to where each saved search has its own switch. */
export const SAVED_SEARCHES_LINK = "Switch them one by one on your profile";

/** The /unsubscribe page: the link in an optional e-mail's footer lands here and asks first. */
export const UNSUBSCRIBE_TEXTS = {
  title: "Unsubscribe",
  intro:
    "Stop receiving this kind of e-mail from FundMatch? Other e-mails, such as those about your password and payments, are not affected.",
  confirm: "Unsubscribe",
  working: "Unsubscribing…",
  missingToken: "This unsubscribe link is incomplete. Turn the e-mail off in Account Settings, under E-mail.",
  failed: "We could not unsubscribe you just now. Please try again.",
  settingsLink: "E-mail settings",
} as const;

/**
 * What spending an unsubscribe link came to. A deleted account's link is `invalid`, like any link
 * the server cannot use: the answer tells nothing about the account.
 */
export type UnsubscribeOutcome =
  | { ok: true; kind: EmailKind }
  | { ok: false; reason: "used"; kind: EmailKind }
  | { ok: false; reason: "invalid" | "expired" };

/** The words for an outcome: the API's message (or error) and the page's. */
export function unsubscribeMessage(outcome: UnsubscribeOutcome): string {
  if (outcome.ok) return `Done: you will no longer receive ${EMAIL_KIND_TEXTS[outcome.kind].label.toLowerCase()}.`;
  if (outcome.reason === "used") {
    return `This unsubscribe link has already been used: ${EMAIL_KIND_TEXTS[outcome.kind].label.toLowerCase()} are off. Account Settings, under E-mail, shows your choices.`;
  }
  return outcome.reason === "expired"
    ? "This unsubscribe link has expired. Turn the e-mail off in Account Settings, under E-mail."
    : "This unsubscribe link is not valid. Turn the e-mail off in Account Settings, under E-mail.";
}

/**
 * The page's `result` query after a form post without JavaScript (the server answers it with a
 * redirect there): a closed list of values, so the server renders and keeps one page per outcome.
 */
export const UNSUBSCRIBE_RESULT_KEY = "result";

export function unsubscribeResultCode(outcome: UnsubscribeOutcome): string {
  if (outcome.ok) return `off-${outcome.kind}`;
  return outcome.reason === "used" ? `used-${outcome.kind}` : outcome.reason;
}

export const UNSUBSCRIBE_RESULT_CODES: readonly string[] = [
  ...EMAIL_KINDS.flatMap((kind) => [`off-${kind}`, `used-${kind}`]),
  "invalid",
  "expired",
];

/** The outcome a `result` value stands for; undefined for any other value. */
export function unsubscribeOutcomeOf(code: string | null): UnsubscribeOutcome | undefined {
  if (code === "invalid" || code === "expired") return { ok: false, reason: code };
  for (const kind of EMAIL_KINDS) {
    if (code === `off-${kind}`) return { ok: true, kind };
    if (code === `used-${kind}`) return { ok: false, reason: "used", kind };
  }
  return undefined;
}
