import { setPasswordLinkFor } from "./outbox.js";
import { expect, type Page } from "./test.js";

/**
 * Makes `email` a monthly subscriber and signs it in in this page's browser context, as a guest
 * buyer becomes one: the demo checkout with the e-mail, then the e-mailed set-password link. Not
 * through registration: the server allows 10 registrations per 10 minutes per IP and other files
 * need theirs. The same steps through the pages (the subscribe page, the checkout popup, the
 * set-password page) are tested once, in billing.spec.ts; the other files need only the subscriber.
 */
export async function becomeSubscriber(page: Page, email: string, password = "Sup3rSecret1"): Promise<void> {
  const checkout = await page.request.post("/_api/stripe/create-checkout-session", {
    data: {
      plan: "monthly",
      successUrl: "http://127.0.0.1/subscribe",
      cancelUrl: "http://127.0.0.1/subscribe",
      email,
    },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  const paid = await page.request.post(`${new URL(url).pathname}/pay`, { form: {}, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const token = new URL(await setPasswordLinkFor(email), "http://link.invalid").searchParams.get("token");
  const signedIn = await page.request.post("/_api/auth/set-password", { data: { token, password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  await expect
    .poll(async () => (await (await page.request.get("/_api/user/account-status")).json()).subscriptionStatus)
    .toBe("active");
}
