/**
 * The product's e-mails, one react-email template each (src/server/mail/templates/): the HTML
 * part and the plain-text part are rendered from the same template, inside one layout whose
 * footer names the sender. Rendering is asynchronous, so each builder returns a promise.
 */
export { confirmationCodeEmail } from "./templates/confirmation-code.js";
export { fundClaimDecisionEmail } from "./templates/fund-claim-decision.js";
export { fundClaimVerificationEmail } from "./templates/fund-claim-verification.js";
export { passwordResetEmail } from "./templates/password-reset.js";
export { pipelineReminderEmail } from "./templates/pipeline-reminder.js";
export { purchaseConfirmationEmail } from "./templates/purchase-confirmation.js";
export { reportClosedEmail } from "./templates/report-closed.js";
export { savedSearchAlertEmail } from "./templates/saved-search-alert.js";
export { setPasswordEmail } from "./templates/set-password.js";
