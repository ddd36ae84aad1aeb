import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type Stripe from "stripe";
import { BILLING_TEXTS } from "../../shared/billing-texts.js";
import { messageResponseSchema } from "../../shared/schemas/account.js";
import {
  billingUrlResponseSchema,
  CHECKOUT_CANCELLED_TYPE,
  CHECKOUT_ERROR_TYPE,
  CHECKOUT_SUCCESS_TYPE,
  checkoutCallbackQuerySchema,
  checkoutRequestSchema,
  portalRequestSchema,
  resumeSubscriptionRequestSchema,
  stripeEventSchema,
  stripeSignatureHeadersSchema,
  upgradeRequestSchema,
  webhookResponseSchema,
} from "../../shared/schemas/billing.js";
import { errorResponseSchema } from "../../shared/schemas/fields.js";
import { DomainError, ERROR_KINDS } from "../errors.js";
import { sendPopupPage } from "../http/popup-page.js";
import { ROUTE_LIMITS } from "../http/rate-limits.js";
import { htmlPage } from "../http/responses.js";
import type { BillingGateway } from "./gateway.js";
import type { BillingService } from "./service.js";

/** Starting payments is cheap to ask for and costly to serve (a Stripe call each): limited per IP. */
const START_LIMIT = { rateLimit: ROUTE_LIMITS.startPayment };

export const billingRoutes =
  (billing: BillingService, gateway: BillingGateway, linkOrigin: string): FastifyPluginAsyncZod =>
  async (app) => {
    // Return addresses are the configured origin, never the request's Host header.
    const appOrigin = (_request: FastifyRequest) => linkOrigin;

    app.post(
      "/stripe/create-checkout-session",
      { schema: { body: checkoutRequestSchema, response: { 200: billingUrlResponseSchema } }, config: START_LIMIT },
      async (request) => ({ url: await billing.createCheckout(request.user, request.body, appOrigin(request)) }),
    );

    app.post(
      "/stripe/customer-portal",
      { schema: { body: portalRequestSchema, response: { 200: billingUrlResponseSchema } }, config: START_LIMIT },
      async (request) => ({
        url: await billing.createPortal(request.user, request.body.returnUrl, appOrigin(request)),
      }),
    );

    app.post(
      "/stripe/upgrade-to-lifetime",
      { schema: { body: upgradeRequestSchema, response: { 200: billingUrlResponseSchema } }, config: START_LIMIT },
      async (request) => ({ url: await billing.upgradeToLifetime(request.user, appOrigin(request)) }),
    );

    // The member's Resume on the subscribe page, for a plan set to end at the period's end.
    app.post(
      "/stripe/resume-subscription",
      {
        schema: { body: resumeSubscriptionRequestSchema, response: { 200: messageResponseSchema } },
        config: START_LIMIT,
      },
      async (request) => billing.resumeByMember(request.user),
    );

    app.get(
      "/checkout-callback",
      {
        schema: {
          querystring: checkoutCallbackQuerySchema,
          response: {
            200: htmlPage(
              "The checkout popup's last page: it posts CHECKOUT_SUCCESS (plan, guest, e-mail), stripe-checkout-error or stripe-checkout-cancelled to the app's window and closes.",
            ),
          },
        },
        config: START_LIMIT,
      },
      async (request, reply) => {
        const page = { title: "FundMatch checkout", appOrigin: appOrigin(request) };
        const sessionId = request.query.session_id;
        if (request.query.cancelled !== undefined || !sessionId) {
          return sendPopupPage(reply, {
            ...page,
            message: { type: CHECKOUT_CANCELLED_TYPE },
            text: "Checkout cancelled. You have not been charged; you can close this window.",
          });
        }
        try {
          const outcome = await billing.completeFromCallback(sessionId);
          return sendPopupPage(reply, {
            ...page,
            message: {
              type: CHECKOUT_SUCCESS_TYPE,
              plan: outcome.plan,
              guest: outcome.guest,
              ...(outcome.guest && { email: outcome.email }),
            },
            text: `${BILLING_TEXTS.paymentSuccess} You can close this window.`,
          });
        } catch (error) {
          const message =
            error instanceof DomainError && ERROR_KINDS[error.kind] < 500 ? error.message : BILLING_TEXTS.paymentFailed;
          if (!(error instanceof DomainError)) request.log.error({ err: error }, "checkout callback failed");
          return sendPopupPage(reply, { ...page, message: { type: CHECKOUT_ERROR_TYPE, message }, text: message });
        }
      },
    );

    // Stripe signs the exact bytes it sent, so this one route reads its body raw.
    await app.register(async (raw) => {
      raw.removeContentTypeParser("application/json");
      raw.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
      raw.post(
        "/stripe/webhook",
        {
          schema: { response: { 200: webhookResponseSchema, "4xx": errorResponseSchema, 503: errorResponseSchema } },
          config: {
            rateLimit: ROUTE_LIMITS.webhook,
            // Read as raw bytes (the signature covers them), so described rather than validated.
            documentedInput: {
              body: {
                contentType: "application/json",
                schema: stripeEventSchema,
                description: "A Stripe event, exactly as Stripe sent it.",
              },
              headers: stripeSignatureHeadersSchema,
            },
          },
        },
        async (request, reply) => {
          if (!gateway.webhookSecret) {
            return reply
              .status(404)
              .send({ error: "Webhooks are not used in demo mode: the demo provider applies payments itself." });
          }
          const signature = request.headers["stripe-signature"];
          if (typeof signature !== "string" || !Buffer.isBuffer(request.body)) {
            return reply.status(400).send({ error: "Missing Stripe-Signature header or body." });
          }
          let event: Stripe.Event;
          try {
            event = await gateway.stripe.webhooks.constructEventAsync(request.body, signature, gateway.webhookSecret);
          } catch {
            return reply.status(400).send({ error: "Invalid webhook signature." });
          }
          try {
            await billing.handleEvent(event);
          } catch (error) {
            // Stripe retries on any non-2xx answer, which is what a passing failure needs.
            request.log.error({ err: error, event: event.id, type: event.type }, "stripe event not applied");
            return reply.status(503).send({ error: "The event could not be applied now; Stripe will retry." });
          }
          return { received: true as const };
        },
      );
    });
  };
