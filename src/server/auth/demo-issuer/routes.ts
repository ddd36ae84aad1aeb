import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  demoAuthorizeFormSchema,
  demoAuthorizeQuerySchema,
  demoTokenFormSchema,
} from "../../../shared/schemas/auth.js";
import { emailSchema, hasControlCharacters } from "../../../shared/schemas/fields.js";
import { graphemePrefix } from "../../../shared/text-cut.js";
import { invalid } from "../../errors.js";
import { htmlPage, redirect } from "../../http/responses.js";
import { type DemoIssuer, issuerFor } from "./issuer.js";
import { errorPageBody, type FormState, sendIssuerPage, signInPageBody } from "./pages.js";

const TITLE = "Demo sign-in";
const FORM_LIMIT = 16 * 1024;
const EMAIL_MESSAGE = "Enter a valid e-mail address.";
const demoEmail = emailSchema(EMAIL_MESSAGE);
const userinfoHeadersSchema = z.object({ authorization: z.string().describe("Bearer <access_token>") });

/**
 * The demo sign-in provider over HTTP (registered only with OIDC_MODE=demo, under
 * /_api/auth/demo-issuer): the page the popup shows and its form, plus discovery, JWKS, token and
 * userinfo for any OpenID client (the app's own client calls those in-process).
 */
export const demoIssuerRoutes =
  (issuer: DemoIssuer, appOrigin: string): FastifyPluginAsyncZod =>
  async (app) => {
    // OAuth's forms; a parameter given twice is refused, as OAuth says.
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: FORM_LIMIT },
      (_request, body, done) => {
        const fields = new Map<string, string>();
        for (const [key, value] of new URLSearchParams(String(body))) {
          if (fields.has(key)) return done(invalid(`The parameter ${graphemePrefix(key, 40)} is repeated.`), undefined);
          fields.set(key, value);
        }
        // fromEntries makes own properties, so a "__proto__" field is just a field.
        done(null, Object.fromEntries(fields));
      },
    );
    // The popup's chain (app → this page → the app's callback) must keep window.opener.
    app.addHook("onSend", async (_request, reply) => {
      reply.header("cross-origin-opener-policy", "unsafe-none");
    });
    const issuerOf = (_request: FastifyRequest) => issuerFor(appOrigin);

    /** Hands a machine endpoint's request to the issuer as a Fetch request, and its answer back. */
    const forward = async (
      request: FastifyRequest,
      reply: FastifyReply,
      path: string,
      form?: Record<string, unknown>,
    ) => {
      const headers = new Headers();
      const authorization = request.headers.authorization;
      if (authorization) headers.set("authorization", authorization);
      let body: string | undefined;
      if (form) {
        headers.set("content-type", "application/x-www-form-urlencoded");
        body = new URLSearchParams(
          Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
        ).toString();
      }
      const answer = await issuer.fetch(
        new Request(`${issuerOf(request)}${path}`, {
          method: request.method,
          headers,
          ...(body !== undefined && { body }),
        }),
      );
      for (const [name, value] of answer.headers) reply.header(name, value);
      return reply.status(answer.status).send(await answer.text());
    };

    // The machine endpoints answer what OpenID Connect defines; the issuer writes them.
    const oidcAnswer = (description: string) => z.looseObject({}).describe(description);
    const FORM = ["application/x-www-form-urlencoded"];
    const signInPage = htmlPage("The demo sign-in page: an e-mail address, a name, Continue or Cancel.");
    const backToClient = redirect("Back to the client's redirect_uri with a code (or an error).");

    app.get(
      "/.well-known/openid-configuration",
      { schema: { response: { 200: oidcAnswer("The OpenID Connect discovery document.") } } },
      (request, reply) => forward(request, reply, "/.well-known/openid-configuration"),
    );
    app.get(
      "/jwks",
      { schema: { response: { 200: oidcAnswer("The issuer's public signing keys (JWKS).") } } },
      (request, reply) => forward(request, reply, "/jwks"),
    );
    app.post(
      "/token",
      {
        schema: {
          body: demoTokenFormSchema,
          consumes: FORM,
          response: { 200: oidcAnswer("The token response: access_token, id_token, token_type, expires_in.") },
        },
      },
      (request, reply) => forward(request, reply, "/token", request.body),
    );
    app.get(
      "/userinfo",
      {
        schema: { response: { 200: oidcAnswer("The signed-in person's claims: sub, email, name.") } },
        config: { documentedInput: { headers: userinfoHeadersSchema } },
      },
      (request, reply) => forward(request, reply, "/userinfo"),
    );

    app.get(
      "/authorize",
      {
        schema: {
          querystring: demoAuthorizeQuerySchema,
          response: {
            200: signInPage,
            303: backToClient,
            400: htmlPage("The request cannot be answered: why, as a page."),
          },
        },
      },
      async (request, reply) => {
        const check = issuer.checkAuthorization(request.query, issuerOf(request));
        if (!check.ok) {
          return "redirect" in check
            ? reply.redirect(check.redirect, 303)
            : sendIssuerPage(reply, TITLE, errorPageBody(check.message), 400);
        }
        return sendIssuerPage(reply, TITLE, signInPageBody(check.request, { email: "", name: "", errors: {} }));
      },
    );

    app.post(
      "/authorize",
      {
        schema: {
          body: demoAuthorizeFormSchema,
          consumes: FORM,
          response: {
            303: backToClient,
            400: htmlPage("The sign-in page again with what to correct, or why the request cannot be answered."),
          },
        },
      },
      async (request, reply) => {
        const { body } = request;
        const issuerId = issuerOf(request);
        const check = issuer.checkAuthorization(body, issuerId);
        if (!check.ok) {
          return "redirect" in check
            ? reply.redirect(check.redirect, 303)
            : sendIssuerPage(reply, TITLE, errorPageBody(check.message), 400);
        }
        if (body.decision === "deny") return reply.redirect(issuer.deny(check.request, issuerId), 303);
        const form = identityForm(body.email ?? "", body.name ?? "");
        if (form.errors.email || form.errors.name) {
          return sendIssuerPage(reply, TITLE, signInPageBody(check.request, form), 400);
        }
        const email = demoEmail.parse(form.email);
        const name = form.name || nameFromEmail(email);
        return reply.redirect(await issuer.approve(check.request, { email, name }, issuerId), 303);
      },
    );
  };

/** The form's two fields, checked: the shared e-mail rule, and a name of plain text. */
function identityForm(email: string, name: string): FormState {
  const errors: FormState["errors"] = {};
  if (!demoEmail.safeParse(email).success) errors.email = EMAIL_MESSAGE;
  const trimmed = name.trim();
  if (trimmed.length > 100 || hasControlCharacters(trimmed)) {
    errors.name = "Names are plain text of up to 100 characters.";
  }
  return { email: graphemePrefix(email, 254), name: graphemePrefix(trimmed, 100), errors };
}

/** "jane.doe@example.com" reads "Jane Doe". */
function nameFromEmail(email: string): string {
  const local = email.split("@")[0] ?? "";
  const words = local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return graphemePrefix(words.join(" "), 100) || "Demo Founder";
}
