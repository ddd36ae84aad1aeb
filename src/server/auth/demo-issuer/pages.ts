import type { FastifyReply } from "fastify";
import { escapeHtml } from "../../http/html-shell.js";
import { type AuthorizationRequest, DEMO_ISSUER_PATH } from "./issuer.js";

/**
 * The demo sign-in provider's page, where Google's sign-in would be: plain server-rendered HTML
 * with a form, labelled as a demo on every view. No script, so its CSP allows none.
 */

export const DEMO_SIGN_IN_BANNER = "Demo sign-in provider: no real account is used";

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, -apple-system, sans-serif; margin: 0; background: #f8fafc; color: #0f172a; }
  main { max-width: 26rem; margin: 0 auto; padding: 1.5rem; }
  .banner { background: #fef3c7; color: #78350f; border: 1px solid #f59e0b; border-radius: .5rem; padding: .75rem 1rem; font-weight: 600; }
  .card { background: #fff; border: 1px solid #e2e8f0; border-radius: .75rem; padding: 1.25rem; margin-top: 1rem; }
  h1 { font-size: 1.25rem; margin: 1.25rem 0 .25rem; }
  p { line-height: 1.45; } .muted { color: #475569; font-size: .875rem; }
  label { display: block; font-size: .875rem; font-weight: 600; margin: .9rem 0 .3rem; }
  input[type=email], input[type=text] { box-sizing: border-box; width: 100%; font: inherit; padding: .6rem .75rem; border: 1px solid #94a3b8; border-radius: .5rem; }
  input:focus-visible, button:focus-visible { outline: 2px solid #1d4ed8; outline-offset: 2px; }
  .error { color: #b91c1c; font-size: .875rem; margin: .35rem 0 0; }
  .actions { display: flex; flex-wrap: wrap; gap: .5rem; margin-top: 1.25rem; }
  button { font: inherit; border-radius: .5rem; padding: .6rem 1rem; border: 1px solid #cbd5e1; background: #fff; color: #0f172a; cursor: pointer; }
  button.primary { background: #1d4ed8; border-color: #1d4ed8; color: #fff; font-weight: 600; }
</style>
</head>
<body><main>
<p class="banner" role="note">${escapeHtml(DEMO_SIGN_IN_BANNER)}</p>
${body}
</main></body>
</html>`;
}

export function sendIssuerPage(reply: FastifyReply, title: string, body: string, status = 200) {
  return reply
    .status(status)
    .header(
      "content-security-policy",
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    )
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(page(title, body));
}

export type FormState = { email: string; name: string; errors: { email?: string; name?: string } };

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

/** The sign-in form: any e-mail address, an optional name, Continue or Cancel. */
export function signInPageBody(request: AuthorizationRequest, form: FormState): string {
  const emailError = form.errors.email ? `<p class="error" id="email-error">${escapeHtml(form.errors.email)}</p>` : "";
  const nameError = form.errors.name ? `<p class="error" id="name-error">${escapeHtml(form.errors.name)}</p>` : "";
  return `<h1>Sign in to FundMatch</h1>
<p class="muted">This built-in provider stands in for Google while no OpenID keys are configured. It vouches for any
e-mail address you type, so FundMatch only lets it open accounts it created itself. Try the address of an account
that has a password to see what happens then.</p>
<form class="card" method="post" action="${DEMO_ISSUER_PATH}/authorize">
  ${hidden("client_id", request.clientId)}${hidden("redirect_uri", request.redirectUri)}${hidden("response_type", "code")}
  ${hidden("scope", request.scope)}${hidden("state", request.state)}${hidden("nonce", request.nonce)}
  ${hidden("code_challenge", request.codeChallenge)}${hidden("code_challenge_method", "S256")}
  <label for="email">E-mail address</label>
  <input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(form.email)}"${form.errors.email ? ' aria-invalid="true" aria-describedby="email-error" autofocus' : ""}>
  ${emailError}
  <label for="name">Name <span class="muted">(optional)</span></label>
  <input id="name" name="name" type="text" autocomplete="name" maxlength="100" value="${escapeHtml(form.name)}"${form.errors.name ? ' aria-invalid="true" aria-describedby="name-error"' : ""}>
  ${nameError}
  <div class="actions">
    <button class="primary" type="submit" name="decision" value="approve">Continue</button>
    <button type="submit" name="decision" value="deny" formnovalidate>Cancel</button>
  </div>
</form>`;
}

export function errorPageBody(message: string): string {
  return `<h1>This sign-in cannot continue</h1><div class="card"><p>${escapeHtml(message)}</p>
<p class="muted">Close this window and start the sign-in again from FundMatch.</p></div>`;
}
