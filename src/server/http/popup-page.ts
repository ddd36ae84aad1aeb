import { randomBytes } from "node:crypto";
import type { FastifyReply } from "fastify";
import { escapeHtml } from "./html-shell.js";

export type PopupPage = {
  /** Posted to the opener, on the app's own origin only. */
  message: unknown;
  /** What the window shows if it cannot close itself (opened directly, or blocked). */
  text: string;
  title: string;
  appOrigin: string;
};

/**
 * The last page of a popup (sign-in, checkout): it posts the result to its opener and closes. Its
 * one inline script runs under a nonce in its own CSP. The popup arrives here from another origin
 * (the identity provider, Stripe), so the opener policy must be unsafe-none: anything stricter
 * makes the browser cut the window from its opener and the result could not be posted back.
 */
export function sendPopupPage(reply: FastifyReply, page: PopupPage) {
  const nonce = randomBytes(16).toString("base64");
  // JSON in a script: escape "<" so that no value can close the script element.
  const payload = JSON.stringify(page.message).replaceAll("<", "\\u003c");
  const origin = JSON.stringify(page.appOrigin).replaceAll("<", "\\u003c");
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escapeHtml(page.title)}</title></head>
<body style="font-family: system-ui, sans-serif; padding: 2rem; color: #0f172a">
<p>${escapeHtml(page.text)}</p>
<script nonce="${nonce}">
  (function () {
    var message = ${payload};
    if (window.opener) window.opener.postMessage(message, ${origin});
    window.close();
  })();
</script>
</body>
</html>`;
  return reply
    .header(
      "content-security-policy",
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; base-uri 'none'`,
    )
    .header("cross-origin-opener-policy", "unsafe-none")
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(html);
}
