/**
 * The product's e-mails, one react-email template each (src/server/mail/templates/): the HTML
 * part and the plain-text part are rendered from the same template, inside one layout whose
 * footer names the sender. Rendering is asynchronous, so each builder returns a promise.
 *
 * Each builder loads its template on its first e-mail, not when the module graph is loaded: the
 * templates bring react-email's components and renderer, about half a second of every test file's
 * import of the server (each file imports it afresh), which most files never use. The bundled server
 * (scripts/build-server.mjs) is split at these imports, so it too loads them on the first e-mail.
 * Callers import the builders from here, not from the templates.
 */
export type { ReminderItem } from "./templates/pipeline-reminder.js";
export type { AlertFactChange, AlertFund, AlertSearch } from "./templates/saved-search-alert.js";

type Builder = (...args: never[]) => Promise<unknown>;

/** The builder `name` of a template module, which is imported when the builder is first called. */
function onFirstUse<M extends Record<K, Builder>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return async (...args: Parameters<M[K]>): Promise<Awaited<ReturnType<M[K]>>> =>
    (await (await load())[name](...args)) as Awaited<ReturnType<M[K]>>;
}

export const confirmationCodeEmail = onFirstUse(
  () => import("./templates/confirmation-code.js"),
  "confirmationCodeEmail",
);
export const fundClaimDecisionEmail = onFirstUse(
  () => import("./templates/fund-claim-decision.js"),
  "fundClaimDecisionEmail",
);
export const fundClaimVerificationEmail = onFirstUse(
  () => import("./templates/fund-claim-verification.js"),
  "fundClaimVerificationEmail",
);
export const passwordResetEmail = onFirstUse(() => import("./templates/password-reset.js"), "passwordResetEmail");
export const pipelineReminderEmail = onFirstUse(
  () => import("./templates/pipeline-reminder.js"),
  "pipelineReminderEmail",
);
export const purchaseConfirmationEmail = onFirstUse(
  () => import("./templates/purchase-confirmation.js"),
  "purchaseConfirmationEmail",
);
export const reportClosedEmail = onFirstUse(() => import("./templates/report-closed.js"), "reportClosedEmail");
export const savedSearchAlertEmail = onFirstUse(
  () => import("./templates/saved-search-alert.js"),
  "savedSearchAlertEmail",
);
export const setPasswordEmail = onFirstUse(() => import("./templates/set-password.js"), "setPasswordEmail");
export const pitchAnswerEmail = onFirstUse(() => import("./templates/pitch-answer.js"), "pitchAnswerEmail");
export type { DigestPitch } from "./templates/pitch-digest.js";
export const pitchDigestEmail = onFirstUse(() => import("./templates/pitch-digest.js"), "pitchDigestEmail");
