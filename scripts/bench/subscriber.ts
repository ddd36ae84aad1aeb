import { setTimeout as delay } from "node:timers/promises";

/**
 * A signed-in subscriber on a running server, made the way a person becomes one in demo mode:
 * registration, a monthly checkout, and 'Pay' on the demo provider's checkout page. Returns the
 * session cookie. The advanced-filter scenario searches with it (the server refuses those filters
 * to anyone else).
 */
export async function createSubscriber(baseUrl: string, email: string): Promise<string> {
  const registered = await fetch(`${baseUrl}/_api/auth/register_with_password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "Bench-pass-1", displayName: "Bench Subscriber" }),
  });
  if (registered.status !== 201)
    throw new Error(`registration answered ${registered.status}: ${await registered.text()}`);
  const cookie = (registered.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const checkout = await fetch(`${baseUrl}/_api/stripe/create-checkout-session`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ plan: "monthly", successUrl: `${baseUrl}/subscribe`, cancelUrl: `${baseUrl}/subscribe` }),
  });
  if (!checkout.ok) throw new Error(`checkout answered ${checkout.status}: ${await checkout.text()}`);
  const { url } = (await checkout.json()) as { url: string };
  const paid = await fetch(`${url}/pay`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: "",
    redirect: "manual",
  });
  if (paid.status !== 303) throw new Error(`the demo checkout's Pay answered ${paid.status}`);
  // The demo provider delivers its events in-process, a moment after the payment.
  for (let attempt = 0; attempt < 100; attempt++) {
    const status = await fetch(`${baseUrl}/_api/user/account-status`, { headers: { cookie } });
    const body = (await status.json()) as { subscriptionStatus?: string | null };
    if (body.subscriptionStatus === "active") return cookie;
    await delay(100);
  }
  throw new Error("the demo payment never made the account a subscriber");
}
