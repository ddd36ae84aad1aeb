import type { MailMessage } from "./mailer.js";

/** The product's e-mails: plain text first (what most clients show in previews), and a simple HTML twin. */

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function htmlLayout(paragraphs: string[], action: { href: string; label: string }): string {
  const body = paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${paragraph}</p>`);
  const button =
    `<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" ` +
    'style="display:inline-block;padding:12px 20px;border-radius:8px;background:#4338ca;color:#ffffff;' +
    `text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>` +
    `<p style="margin:0 0 16px;font-size:13px;color:#475569">If the button does not work, copy this address into your browser:<br>` +
    `<a href="${escapeHtml(action.href)}" style="color:#4338ca;word-break:break-all">${escapeHtml(action.href)}</a></p>`;
  const [first, ...rest] = body;
  return [
    "<!doctype html>",
    '<html lang="en"><body style="margin:0;padding:24px;background:#f8fafc">',
    '<div style="max-width:560px;margin:0 auto;padding:32px;border-radius:16px;background:#ffffff;' +
      'font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.6;color:#0f172a">',
    first ?? "",
    button,
    ...rest,
    '<p style="margin:0;color:#475569">The FundMatch team</p>',
    "</div></body></html>",
  ].join("\n");
}

/**
 * After a guest checkout: the account exists, the person chooses its password through a one-time
 * link. `existingAccount`: the address already had an account that nobody had proven to own, so
 * the payment went to it and its sign-ins were ended (docs/security.md, "Proof of an address").
 */
export function setPasswordEmail(input: {
  to: string;
  link: string;
  planName: string;
  existingAccount?: boolean;
}): MailMessage {
  const { to, link, planName } = input;
  const accountLine = input.existingAccount
    ? `Your purchase is on the FundMatch account for this e-mail address (${to}). To use it, choose a password here (any earlier sign-in to that account has ended):`
    : `We created a FundMatch account for you with this e-mail address (${to}). To start using it, choose your password here:`;
  const accountHtml = input.existingAccount
    ? `Your purchase is on the FundMatch account for this e-mail address (${escapeHtml(to)}). ` +
      "To use it, choose a password (any earlier sign-in to that account has ended):"
    : `We created a FundMatch account for you with this e-mail address (${escapeHtml(to)}). ` +
      "To start using it, choose your password:";
  const text = [
    "Hello,",
    "",
    `Thank you for your purchase: your payment for FundMatch ${planName} went through.`,
    "",
    accountLine,
    "",
    link,
    "",
    "The link is valid for 24 hours and can be used once. If it has expired, reply to this e-mail and we will send you a new one.",
    "",
    "If you did not make this purchase, do not use the link: reply to this e-mail and we will look into it.",
    "",
    "The FundMatch team",
  ].join("\n");
  const html = htmlLayout(
    [
      `Thank you for your purchase: your payment for <strong>FundMatch ${escapeHtml(planName)}</strong> went through. ` +
        accountHtml,
      "The link is valid for 24 hours and can be used once. If it has expired, reply to this e-mail and we will send you a new one.",
      "If you did not make this purchase, do not use the link: reply to this e-mail and we will look into it.",
    ],
    { href: link, label: "Set your password" },
  );
  return { to, subject: "Set your FundMatch password", text, html };
}

/** A payment attached to an existing account: nothing to set up, just log in. */
export function purchaseConfirmationEmail(input: { to: string; planName: string; loginUrl: string }): MailMessage {
  const { to, planName, loginUrl } = input;
  const text = [
    "Hello,",
    "",
    `Thank you for your purchase: your payment went through and FundMatch ${planName} is now active on your account (${to}).`,
    "",
    `Log in to see every matching fund: ${loginUrl}`,
    "",
    "If you did not make this purchase, reply to this e-mail and we will look into it.",
    "",
    "The FundMatch team",
  ].join("\n");
  const html = htmlLayout(
    [
      `Thank you for your purchase: your payment went through and <strong>FundMatch ${escapeHtml(planName)}</strong> ` +
        `is now active on your account (${escapeHtml(to)}). Log in to see every matching fund.`,
      "If you did not make this purchase, reply to this e-mail and we will look into it.",
    ],
    { href: loginUrl, label: "Log in to FundMatch" },
  );
  return { to, subject: `Your FundMatch ${planName} is active`, text, html };
}

/** "Forgot password?": a one-hour, single-use link to choose a new password. */
export function passwordResetEmail(input: { to: string; link: string }): MailMessage {
  const { to, link } = input;
  const text = [
    "Hello,",
    "",
    `Someone (hopefully you) asked to reset the password of the FundMatch account for ${to}. Choose a new password here:`,
    "",
    link,
    "",
    "The link is valid for one hour and can be used once. Using it signs out every other device signed in to your account.",
    "",
    "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    "",
    "The FundMatch team",
  ].join("\n");
  const html = htmlLayout(
    [
      `Someone (hopefully you) asked to reset the password of the FundMatch account for ${escapeHtml(to)}. ` +
        "Choose a new password:",
      "The link is valid for one hour and can be used once. Using it signs out every other device signed in to your account.",
      "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    ],
    { href: link, label: "Choose a new password" },
  );
  return { to, subject: "Reset your FundMatch password", text, html };
}
