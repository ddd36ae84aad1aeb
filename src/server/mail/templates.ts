/**
 * The product's e-mails, one react-email template each (src/server/mail/templates/): the HTML
 * part and the plain-text part are rendered from the same template, inside one layout whose
 * footer names the sender. Rendering is asynchronous, so each builder returns a promise.
 *
 * Each builder loads its template on its first e-mail, not when the module graph is loaded: the
 * templates bring react-email's components and renderer, about half a second of every test file's
 * import of the server (each file imports it afresh), which most files never use. The bundled server
 * (scripts/build-server.mjs) still loads them at start: esbuild hoists the imports of external
 * packages to the top of the bundle. Callers import the builders from here, not from the templates.
 */
import type * as ConfirmationCode from "./templates/confirmation-code.js";
import type * as FundClaimDecision from "./templates/fund-claim-decision.js";
import type * as FundClaimVerification from "./templates/fund-claim-verification.js";
import type * as PasswordReset from "./templates/password-reset.js";
import type * as PipelineReminder from "./templates/pipeline-reminder.js";
import type * as PurchaseConfirmation from "./templates/purchase-confirmation.js";
import type * as ReportClosed from "./templates/report-closed.js";
import type * as SavedSearchAlert from "./templates/saved-search-alert.js";
import type * as SetPassword from "./templates/set-password.js";

export type { ReminderItem } from "./templates/pipeline-reminder.js";
export type { AlertFactChange, AlertFund, AlertSearch } from "./templates/saved-search-alert.js";

export async function confirmationCodeEmail(...args: Parameters<typeof ConfirmationCode.confirmationCodeEmail>) {
  return (await import("./templates/confirmation-code.js")).confirmationCodeEmail(...args);
}

export async function fundClaimDecisionEmail(...args: Parameters<typeof FundClaimDecision.fundClaimDecisionEmail>) {
  return (await import("./templates/fund-claim-decision.js")).fundClaimDecisionEmail(...args);
}

export async function fundClaimVerificationEmail(
  ...args: Parameters<typeof FundClaimVerification.fundClaimVerificationEmail>
) {
  return (await import("./templates/fund-claim-verification.js")).fundClaimVerificationEmail(...args);
}

export async function passwordResetEmail(...args: Parameters<typeof PasswordReset.passwordResetEmail>) {
  return (await import("./templates/password-reset.js")).passwordResetEmail(...args);
}

export async function pipelineReminderEmail(...args: Parameters<typeof PipelineReminder.pipelineReminderEmail>) {
  return (await import("./templates/pipeline-reminder.js")).pipelineReminderEmail(...args);
}

export async function purchaseConfirmationEmail(
  ...args: Parameters<typeof PurchaseConfirmation.purchaseConfirmationEmail>
) {
  return (await import("./templates/purchase-confirmation.js")).purchaseConfirmationEmail(...args);
}

export async function reportClosedEmail(...args: Parameters<typeof ReportClosed.reportClosedEmail>) {
  return (await import("./templates/report-closed.js")).reportClosedEmail(...args);
}

export async function savedSearchAlertEmail(...args: Parameters<typeof SavedSearchAlert.savedSearchAlertEmail>) {
  return (await import("./templates/saved-search-alert.js")).savedSearchAlertEmail(...args);
}

export async function setPasswordEmail(...args: Parameters<typeof SetPassword.setPasswordEmail>) {
  return (await import("./templates/set-password.js")).setPasswordEmail(...args);
}
