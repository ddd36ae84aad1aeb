import type { FastifyReply } from "fastify";
import type Stripe from "stripe";
import { escapeHtml } from "../http/html-shell.js";

/**
 * The pages Stripe would host (checkout, customer portal), as the demo provider shows them. They are
 * plain server-rendered HTML with forms: no script, so their CSP allows none.
 */
function page(title: string, banner: string, body: string): string {
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
  h1 { font-size: 1.25rem; margin: 1.25rem 0 .25rem; } h2 { font-size: 1rem; margin: 0 0 .5rem; }
  .price { font-size: 2rem; font-weight: 700; margin: .25rem 0; } .muted { color: #475569; font-size: .875rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem .75rem; margin: .5rem 0 0; font-size: .875rem; } dt { color: #475569; }
  form { display: inline; } .actions { display: flex; flex-wrap: wrap; gap: .5rem; margin-top: 1rem; }
  button, a.button { font: inherit; border-radius: .5rem; padding: .6rem 1rem; border: 1px solid #cbd5e1; background: #fff; color: #0f172a; cursor: pointer; text-decoration: none; }
  button.primary { background: #1d4ed8; border-color: #1d4ed8; color: #fff; font-weight: 600; }
</style>
</head>
<body><main>
<p class="banner" role="note">${escapeHtml(banner)}</p>
${body}
</main></body>
</html>`;
}

export const CHECKOUT_BANNER = "Demo checkout: no card is charged";
export const PORTAL_BANNER = "Demo billing portal: no card is charged";

export function sendDemoPage(reply: FastifyReply, title: string, body: string, status = 200, banner = CHECKOUT_BANNER) {
  return reply
    .status(status)
    .header(
      "content-security-policy",
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    )
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(page(title, banner, body));
}

const usd = (cents: number | null | undefined) => `$${((cents ?? 0) / 100).toFixed((cents ?? 0) % 100 === 0 ? 0 : 2)}`;

const date = (seconds: number | null | undefined) =>
  seconds
    ? new Date(seconds * 1000).toLocaleDateString("en-US", {
        year: "numeric",
        month: "long",
        day: "numeric",
        timeZone: "UTC",
      })
    : "N/A";

export function checkoutPageBody(session: Stripe.Checkout.Session, email: string | null): string {
  const monthly = session.mode === "subscription";
  const plan = monthly ? "FundMatch Premium" : "FundMatch Lifetime";
  if (session.status !== "open") {
    return `<h1>${escapeHtml(plan)}</h1><div class="card"><p>This checkout is ${escapeHtml(session.status ?? "closed")}. You can close this window.</p></div>`;
  }
  const base = `/_api/billing/demo/checkout/${encodeURIComponent(session.id)}`;
  return `<h1>${escapeHtml(plan)}</h1>
<div class="card">
  <p class="price">${usd(session.amount_total)}${monthly ? '<span class="muted"> / month</span>' : ""}</p>
  <p class="muted">${monthly ? "Billed monthly. Cancel anytime." : "One-time payment for lifetime access."}</p>
  <dl><dt>E-mail</dt><dd>${escapeHtml(email ?? "—")}</dd><dt>Card</dt><dd>Demo card, nothing is charged</dd></dl>
  <div class="actions">
    <form method="post" action="${base}/pay"><button class="primary" type="submit">Pay ${usd(session.amount_total)}</button></form>
    <form method="post" action="${base}/cancel"><button type="submit">Cancel</button></form>
  </div>
</div>`;
}

/**
 * The portal: one-time payments first (a Lifetime purchase, with its date and amount: otherwise a
 * member who upgraded would see only their old monthly plan, canceled), then the subscriptions.
 */
export function portalPageBody(
  portal: { id: string; return_url: string | null },
  customer: { email: string | null } | undefined,
  subscriptions: Stripe.Subscription[],
  payments: Pick<Stripe.PaymentIntent, "amount_received" | "created" | "metadata">[] = [],
): string {
  const paid = payments.map(
    (
      payment,
    ) => `<div class="card"><h2>${payment.metadata?.plan === "lifetime" ? "FundMatch Lifetime" : "FundMatch"} · ${usd(payment.amount_received)} one-time payment</h2>
<dl><dt>Status</dt><dd>paid</dd><dt>Paid on</dt><dd>${date(payment.created)}</dd></dl>
${payment.metadata?.plan === "lifetime" ? '<p class="muted">Lifetime access: nothing renews and there is nothing to cancel.</p>' : ""}</div>`,
  );
  const base = `/_api/billing/demo/portal/${encodeURIComponent(portal.id)}/subscriptions`;
  const rows = subscriptions.map((subscription) => {
    const item = subscription.items.data[0];
    const end = item?.current_period_end;
    const action = (name: string, label: string) =>
      `<form method="post" action="${base}/${encodeURIComponent(subscription.id)}/${name}"><button type="submit">${label}</button></form>`;
    const live = subscription.status !== "canceled";
    // Set to end instead of renewing: at the period's end, or on a scheduled date.
    const ending = subscription.cancel_at_period_end || subscription.cancel_at != null;
    const actions = live
      ? [
          ending ? action("keep", "Don't cancel") : action("cancel", "Cancel at period end"),
          action("renew", "Simulate a renewal"),
          action("fail", "Simulate a failed payment"),
        ].join("")
      : "";
    return `<div class="card"><h2>FundMatch Premium · ${usd(item?.price.unit_amount)} / month</h2>
<dl><dt>Status</dt><dd>${escapeHtml(subscription.status)}${subscription.pause_collection ? " (paused at period end)" : ""}</dd>
<dt>${live ? (ending ? "Ends on" : "Renews on") : "Ended"}</dt><dd>${date(live ? (subscription.cancel_at ?? end) : subscription.ended_at)}</dd></dl>
${actions ? `<div class="actions">${actions}</div>` : ""}</div>`;
  });
  const back = portal.return_url
    ? `<p class="actions"><a class="button" href="${escapeHtml(portal.return_url)}">Return to FundMatch</a></p>`
    : "";
  return `<h1>Billing</h1><p class="muted">${escapeHtml(customer?.email ?? "")}</p>
${paid.join("")}
${paid.length > 0 && rows.length > 0 ? '<h2 style="margin-top:1.5rem">Subscriptions</h2>' : ""}
${rows.join("") || (paid.length > 0 ? "" : '<div class="card"><p>No subscriptions. Lifetime access is a one-time payment: there is nothing to manage.</p></div>')}
${back}`;
}
