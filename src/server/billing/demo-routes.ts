import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  demoCheckoutChoiceParamsSchema,
  demoCheckoutParamsSchema,
  demoPortalActionParamsSchema,
  demoPortalParamsSchema,
} from "../../shared/schemas/billing.js";
import { htmlPage, redirect } from "../http/responses.js";
import { checkoutPageBody, PORTAL_BANNER, portalPageBody, sendDemoPage } from "./demo-pages.js";
import type { StripeEmulator } from "./stripe-emulator/emulator.js";

/**
 * The demo provider's hosted pages: what checkout.stripe.com and the billing portal are with real
 * keys. Registered only in demo mode; their actions go through the emulator, whose events reach the
 * billing service exactly as Stripe's webhooks would.
 */
export const demoBillingRoutes =
  (emulator: StripeEmulator): FastifyPluginAsyncZod =>
  async (app) => {
    // The pages' buttons are plain HTML forms; their (empty) bodies carry nothing to read.
    app.addContentTypeParser("application/x-www-form-urlencoded", (_request, payload, done) => {
      payload.resume();
      payload.on("end", () => done(null, undefined));
    });
    // The popup's chain (demo page → redirect → callback) must keep window.opener: a stricter opener
    // policy on any step, the redirects included, would cut it.
    app.addHook("onSend", async (_request, reply) => {
      reply.header("cross-origin-opener-policy", "unsafe-none");
    });
    const page = (description: string) => ({
      200: htmlPage(description),
      404: htmlPage("This demo page does not exist or has expired."),
    });
    const action = (description: string) => ({
      303: redirect(description),
      404: htmlPage("This demo page does not exist or has expired."),
    });
    // The buttons post empty forms: all a choice says is in its path.
    const NO_BODY = { documentedInput: { body: "none" as const } };
    const notFound = (reply: Parameters<typeof sendDemoPage>[0]) =>
      sendDemoPage(reply, "Not found", "<h1>Not found</h1><p>This demo page does not exist or has expired.</p>", 404);

    app.get(
      "/checkout/:id",
      {
        schema: {
          params: demoCheckoutParamsSchema,
          response: page("The demo checkout page: the plan, the price, Pay and Cancel."),
        },
      },
      async (request, reply) => {
        const session = await emulator.getCheckoutSession(request.params.id);
        if (!session) return notFound(reply);
        const customerId = typeof session.customer === "string" ? session.customer : session.customer?.id;
        const customer = customerId ? await emulator.getCustomer(customerId) : undefined;
        const email = session.customer_details?.email ?? session.customer_email ?? customer?.email ?? null;
        return sendDemoPage(reply, "Demo checkout", checkoutPageBody(session, email));
      },
    );

    app.post(
      "/checkout/:id/:choice",
      {
        schema: {
          params: demoCheckoutChoiceParamsSchema,
          response: action("Pay or cancel, then on to the checkout's success or cancel URL (the popup's last page)."),
        },
        config: NO_BODY,
      },
      async (request, reply) => {
        const session = await emulator.getCheckoutSession(request.params.id);
        if (!session) return notFound(reply);
        if (session.status !== "open") return reply.redirect(`/_api/billing/demo/checkout/${session.id}`, 303);
        if (request.params.choice === "cancel") {
          await emulator.expireCheckout(session.id);
          return reply.redirect(session.cancel_url ?? "/", 303);
        }
        const paid = await emulator.completeCheckout(session.id);
        return reply.redirect(paid.success_url ?? "/", 303);
      },
    );

    app.get(
      "/portal/:id",
      {
        schema: {
          params: demoPortalParamsSchema,
          response: page(
            "The demo billing portal: the customer's one-time payments (Lifetime), their subscriptions and what can be done with them.",
          ),
        },
      },
      async (request, reply) => {
        const portal = await emulator.getPortalSession(request.params.id);
        if (!portal) return notFound(reply);
        const customerId = typeof portal.customer === "string" ? portal.customer : "";
        const [customer, subscriptions, payments] = await Promise.all([
          emulator.getCustomer(customerId),
          emulator.listSubscriptions(customerId),
          emulator.listPayments(customerId),
        ]);
        return sendDemoPage(
          reply,
          "Demo billing portal",
          portalPageBody(portal, customer, subscriptions, payments),
          200,
          PORTAL_BANNER,
        );
      },
    );

    app.post(
      "/portal/:id/subscriptions/:subscriptionId/:action",
      {
        schema: {
          params: demoPortalActionParamsSchema,
          response: action("The action applied, back to the portal page."),
        },
        config: NO_BODY,
      },
      async (request, reply) => {
        const { id, subscriptionId, action } = request.params;
        const portal = await emulator.getPortalSession(id);
        const subscription = await emulator.getSubscription(subscriptionId);
        // A portal session acts only on its own customer's subscriptions.
        if (!portal || !subscription || subscription.customer !== portal.customer) return notFound(reply);
        if (subscription.status !== "canceled") {
          if (action === "cancel" || action === "keep")
            await emulator.setCancelAtPeriodEnd(subscriptionId, action === "cancel");
          else if (action === "renew") await emulator.renew(subscriptionId);
          else await emulator.failPayment(subscriptionId);
        }
        return reply.redirect(`/_api/billing/demo/portal/${id}`, 303);
      },
    );
  };
