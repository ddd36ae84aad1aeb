import { randomBytes } from "node:crypto";

export type PopupMessage =
  | { type: "OAUTH_TOKEN_SUCCESS"; token: string }
  | { type: "OAUTH_ERROR"; error: { code: string; message: string; details: Record<string, string> } };

/**
 * The page the sign-in popup lands on: it posts the result to its opener, on the app's own origin
 * only, and closes. Its one inline script runs under a nonce in its own CSP.
 */
export function popupPage(message: PopupMessage, appOrigin: string): { html: string; csp: string } {
  const nonce = randomBytes(16).toString("base64");
  // JSON in a script: escape "<" so that no value can close the script element.
  const payload = JSON.stringify(message).replaceAll("<", "\\u003c");
  const origin = JSON.stringify(appOrigin).replaceAll("<", "\\u003c");
  const text = message.type === "OAUTH_TOKEN_SUCCESS" ? "Signed in. You can close this window." : message.error.message;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="robots" content="noindex"><title>FundMatch sign-in</title></head>
<body style="font-family: system-ui, sans-serif; padding: 2rem; color: #0f172a">
<p>${text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)}</p>
<script nonce="${nonce}">
  (function () {
    var message = ${payload};
    if (window.opener) window.opener.postMessage(message, ${origin});
    window.close();
  })();
</script>
</body>
</html>`;
  return { html, csp: `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; base-uri 'none'` };
}
