import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { BILLING_TEXTS } from "../../shared/billing-texts.js";
import { CHECKOUT_CALLBACK_PATH } from "../../shared/checkout-form.js";
import { CHECKOUT_ERROR_TYPE, checkoutRequestSchema } from "../../shared/schemas/billing.js";
import { noControlCharacters } from "../../shared/schemas/fields.js";
import { DomainError, ERROR_KINDS } from "../errors.js";
import { sendPopupPage } from "../http/popup-page.js";
import { ROUTE_LIMITS } from "../http/rate-limits.js";
import { htmlPage, redirect } from "../http/responses.js";
import type { BillingService } from "./service.js";

/** No control characters (no one types them into a form): a crafted post is refused with a 400. */
const checkoutFormSchema = z.object({
  plan: z
    .string()
    .max(40)
    .refine(...noControlCharacters("Plan"))
    .optional(),
  email: z
    .string()
    .max(2000)
    .refine(...noControlCharacters("Email"))
    .optional(),
});

/**
 * The subscribe page's plan form, posted by a browser before the app starts (issue 38, ADR 0066)
 * into the checkout window it names as its target: the same checkout the app's call starts
 * (/stripe/create-checkout-session), answered with a 303 to the checkout, or with the popup page
 * that posts the error to the subscribe page and says it. The API scope's cross-site check has
 * already refused a form posted from another site.
 */
export const billingFormRoutes =
  (billing: BillingService, linkOrigin: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 4 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    app.post(
      "/stripe/checkout_form",
      {
        schema: {
          body: checkoutFormSchema,
          response: {
            303: redirect("To the checkout, in the window the form named."),
            200: htmlPage("The checkout could not start: the page posts stripe-checkout-error to the subscribe page."),
          },
          description: "The subscribe page's plan form, posted before the app starts (or without JavaScript).",
        },
        config: { rateLimit: ROUTE_LIMITS.startPayment },
      },
      async (request, reply) => {
        const fail = (message: string) =>
          sendPopupPage(reply, {
            title: "FundMatch checkout",
            appOrigin: linkOrigin,
            message: { type: CHECKOUT_ERROR_TYPE, message },
            text: message,
          });
        const email = request.body.email?.trim();
        const parsed = checkoutRequestSchema.safeParse({
          plan: request.body.plan,
          successUrl: `${linkOrigin}${CHECKOUT_CALLBACK_PATH}`,
          cancelUrl: `${linkOrigin}/subscribe`,
          ...(email ? { email } : {}),
        });
        if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? BILLING_TEXTS.checkoutFallback);
        try {
          const url = await billing.createCheckout(request.user, parsed.data, linkOrigin);
          return reply.header("cache-control", "no-store").redirect(url, 303);
        } catch (error) {
          if (error instanceof DomainError && ERROR_KINDS[error.kind] < 500) return fail(error.message);
          throw error;
        }
      },
    );
  };
