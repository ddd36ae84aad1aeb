import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/**
 * Accounts the browser benches measure signed-in pages with (issue 38): a subscriber made as a
 * guest buyer becomes one, and a pipeline as a founder's looks a few weeks in. Used by Lighthouse
 * (scripts/bench/lighthouse.ts) and the lost-taps scenario (scripts/bench/first-taps.ts).
 */

/**
 * A subscriber's session cookie on the fresh server, made as a guest buyer becomes one: the demo
 * checkout, then the set-password link the server wrote to DATA_DIR/outbox (no SMTP here).
 */
export async function subscriberCookie(baseUrl: string, dataDir: string): Promise<string> {
  const email = `lighthouse-${Date.now()}@example.com`;
  const post = (pathname: string, body: unknown) =>
    fetch(`${baseUrl}${pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/json", origin: baseUrl },
      body: JSON.stringify(body),
    });
  const checkout = await post("/_api/stripe/create-checkout-session", {
    plan: "monthly",
    successUrl: `${baseUrl}/subscribe`,
    cancelUrl: `${baseUrl}/subscribe`,
    email,
  });
  if (!checkout.ok) throw new Error(`the demo checkout answered ${checkout.status}`);
  const { url } = (await checkout.json()) as { url: string };
  const paid = await fetch(`${baseUrl}${new URL(url).pathname}/pay`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: baseUrl, "content-type": "application/x-www-form-urlencoded" },
    body: "",
  });
  if (paid.status !== 303) throw new Error(`the demo payment answered ${paid.status}`);
  const outbox = path.join(dataDir, "outbox");
  for (let attempt = 0; attempt < 100; attempt += 1) {
    for (const name of await readdir(outbox).catch(() => [] as string[])) {
      const text = (await readFile(path.join(outbox, name), "utf8")).replace(/=\r?\n/g, "").replaceAll("=3D", "=");
      const link = text.includes(email) ? /\/set-password\?token=([A-Za-z0-9_-]+)/.exec(text) : null;
      if (!link) continue;
      const signedIn = await post("/_api/auth/set-password", { token: link[1], password: "Lighthouse-pass-1" });
      const cookie = signedIn.headers
        .getSetCookie()
        .map((line) => line.split(";")[0] ?? "")
        .find((pair) => pair.startsWith("fundmatch_session="));
      if (!signedIn.ok || !cookie) throw new Error(`set-password answered ${signedIn.status}`);
      return cookie;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("no set-password e-mail in the outbox");
}

/**
 * The subscriber's pipeline, as a founder's board looks a few weeks in: eight shipped funds saved,
 * spread over the five columns, one with a next step and one committed.
 */
export async function fillPipeline(baseUrl: string, cookie: string): Promise<void> {
  const post = async (pathname: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl, cookie },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${await response.text()}`);
  };
  const search = await fetch(`${baseUrl}/_api/funds/search`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl, cookie },
    body: JSON.stringify({}),
  });
  if (!search.ok) throw new Error(`the search answered ${search.status}`);
  const ids = ((await search.json()) as { results: { id: number }[] }).results.slice(0, 8).map((fund) => fund.id);
  const statuses = ["to_contact", "to_contact", "contacted", "contacted", "in_conversation", "passed", "committed"];
  for (const [index, fundId] of ids.entries()) {
    await post("/_api/user/save-fund", { fundId });
    const status = statuses[index % statuses.length];
    await post("/_api/user/saved-fund/update", {
      fundId,
      status,
      ...(index === 2 ? { nextStepDate: "2027-01-15", note: "Intro call with the partner" } : {}),
      ...(status === "committed" ? { committedAmountUsd: 250000 } : {}),
    });
  }
}
