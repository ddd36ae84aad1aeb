import type { MailMessage } from "./mailer.js";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The one-time code that confirms a sensitive change to an account without a password (update
 * profile, set a password, deactivate, delete). A message of its own, not in templates.ts: it
 * carries a code to type, not a link to follow.
 */
export function confirmationCodeEmail(input: { to: string; code: string; validMinutes: number }): MailMessage {
  const { to, code, validMinutes } = input;
  const text = [
    "Hello,",
    "",
    "A change to your FundMatch account was asked for. To confirm it, use this code:",
    "",
    code,
    "",
    `The code is valid for ${validMinutes} minutes and works once. Type it on the Account Settings page.`,
    "",
    "If you did not ask for it, someone may be using a browser where you are signed in: do not pass the code on to anyone. Without the code, nothing changes.",
    "",
    "The FundMatch team",
  ].join("\n");
  const html = [
    "<!doctype html>",
    '<html lang="en"><body style="margin:0;padding:24px;background:#f8fafc">',
    '<div style="max-width:560px;margin:0 auto;padding:32px;border-radius:16px;background:#ffffff;' +
      'font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.6;color:#0f172a">',
    '<p style="margin:0 0 16px">A change to your FundMatch account was asked for. To confirm it, use this code:</p>',
    `<p style="margin:24px 0;font-size:28px;font-weight:700;letter-spacing:6px;font-family:ui-monospace,Menlo,Consolas,monospace">${escapeHtml(code)}</p>`,
    `<p style="margin:0 0 16px">The code is valid for ${validMinutes} minutes and works once. Type it on the Account Settings page.</p>`,
    '<p style="margin:0 0 16px">If you did not ask for it, someone may be using a browser where you are signed in: do not pass the code on to anyone. Without the code, nothing changes.</p>',
    '<p style="margin:0;color:#475569">The FundMatch team</p>',
    "</div></body></html>",
  ].join("\n");
  return { to, subject: `Your FundMatch confirmation code: ${code}`, text, html };
}
