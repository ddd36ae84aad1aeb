import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { SAVED_SEARCHES_MAX } from "../../shared/saved-searches.js";
import {
  accountStatusResponseSchema,
  changePasswordRequestSchema,
  confirmationCodeResponseSchema,
  confirmPasswordRequestSchema,
  dataExportSchema,
  fundIdRequestSchema,
  messageResponseSchema,
  profileResponseSchema,
  savedFundsResponseSchema,
  savedFundUpdateRequestSchema,
  savedFundUpdateResponseSchema,
  saveFundResponseSchema,
  updateProfileRequestSchema,
} from "../../shared/schemas/account.js";
import { userResponseSchema } from "../../shared/schemas/auth.js";
import { startupProfileResponseSchema, startupProfileSchema } from "../../shared/schemas/match.js";
import {
  savedSearchCreateRequestSchema,
  savedSearchDeletedResponseSchema,
  savedSearchesResponseSchema,
  savedSearchParamsSchema,
  savedSearchResponseSchema,
  savedSearchUpdateRequestSchema,
} from "../../shared/schemas/saved-searches.js";
import { clientInfo } from "../auth/client-info.js";
import { toSessionUser } from "../auth/service.js";
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from "../auth/session-cookie.js";
import { requireUser } from "../http/guards.js";
import { ROUTE_LIMITS } from "../http/rate-limits.js";
import { fileDownload, sendJsonText } from "../http/responses.js";
import { PIPELINE_EXPORT_FORMATS, pipelineExportFile } from "./pipeline-export.js";
import type { AccountService } from "./service.js";

const pipelineExportQuerySchema = z.strictObject(
  {
    format: z.enum(PIPELINE_EXPORT_FORMATS, {
      error: `format must be one of: ${PIPELINE_EXPORT_FORMATS.join(", ")}.`,
    }),
  },
  { error: "Unknown query parameter(s). Send format=csv or format=xlsx." },
);

/**
 * Every call that checks a password or an e-mailed code is limited per IP too (the per-account
 * limits are in AuthService and ChangeConfirmation).
 */
const PASSWORD_CHECK_LIMIT = { rateLimit: ROUTE_LIMITS.passwordCheck };

/** The session token: a change is confirmed by how and when this session signed in. */
const sessionTokenOf = (request: FastifyRequest) => request.cookies[SESSION_COOKIE];

export const accountRoutes =
  (account: AccountService, publicOrigin: string | undefined): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook("onRequest", requireUser);

    // Sent pre-serialised (the index renders the fund JSON): the schema describes it.
    app.get("/user/saved-funds", { schema: { response: { 200: savedFundsResponseSchema } } }, async (request, reply) =>
      sendJsonText(reply, await account.savedFundsJson(requireUser.user(request).id, request.viewer)),
    );

    app.post(
      "/user/save-fund",
      { schema: { body: fundIdRequestSchema, response: { 200: saveFundResponseSchema } } },
      async (request) => {
        await account.save(requireUser.user(request).id, request.viewer, request.body.fundId);
        return { saved: true, fundId: request.body.fundId };
      },
    );

    app.post(
      "/user/unsave-fund",
      { schema: { body: fundIdRequestSchema, response: { 200: saveFundResponseSchema } } },
      async (request) => {
        await account.unsave(requireUser.user(request).id, request.body.fundId);
        return { saved: false, fundId: request.body.fundId };
      },
    );

    app.post(
      "/user/saved-fund/update",
      { schema: { body: savedFundUpdateRequestSchema, response: { 200: savedFundUpdateResponseSchema } } },
      async (request) => account.updatePipeline(requireUser.user(request).id, request.body),
    );

    // The pipeline as CSV or Excel, for every subscriber (402 otherwise); only the caller's own rows.
    app.get(
      "/user/pipeline/export",
      {
        schema: {
          querystring: pipelineExportQuerySchema,
          response: {
            200: {
              description: "The saved funds' pipeline: fund, status, note, next step, website, committed amount, fit.",
              content: {
                ...fileDownload("text/csv", "").content,
                ...fileDownload("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "").content,
              },
            },
          },
          description: "Subscribers (active or trial) only: 401 signed out, 402 without a subscription.",
        },
        config: { rateLimit: ROUTE_LIMITS.export },
      },
      async (request, reply) => {
        const pipeline = await account.pipelineExport(requireUser.user(request).id, request.viewer);
        const file = await pipelineExportFile(request.query.format, pipeline);
        // The file's bytes go out as they are; the response schema only describes them.
        const raw: FastifyReply = reply;
        return raw
          .type(file.contentType)
          .header("content-disposition", `attachment; filename="${file.fileName}"`)
          .header("cache-control", "no-store")
          .send(file.body);
      },
    );

    // Saved searches (issue 23): only ever the signed-in user's own; another person's id is not found.
    app.get(
      "/user/saved-searches",
      { schema: { response: { 200: savedSearchesResponseSchema } } },
      async (request) => ({ savedSearches: await account.savedSearches(requireUser.user(request).id) }),
    );

    app.post(
      "/user/saved-searches",
      {
        schema: {
          body: savedSearchCreateRequestSchema,
          response: { 201: savedSearchResponseSchema },
          description: `Subscribers (active or trial) only: 402 otherwise; 409 at ${SAVED_SEARCHES_MAX} saved searches.`,
        },
      },
      async (request, reply) => {
        const { name, search, alerts } = request.body;
        const savedSearch = await account.createSavedSearch(requireUser.user(request).id, request.viewer, {
          name,
          search: search as Record<string, unknown>,
          alerts,
        });
        return reply.code(201).send({ savedSearch });
      },
    );

    app.patch(
      "/user/saved-searches/:id",
      {
        schema: {
          params: savedSearchParamsSchema,
          body: savedSearchUpdateRequestSchema,
          response: { 200: savedSearchResponseSchema },
        },
      },
      async (request) => ({
        savedSearch: await account.updateSavedSearch(requireUser.user(request).id, request.params.id, request.body),
      }),
    );

    app.delete(
      "/user/saved-searches/:id",
      {
        schema: { params: savedSearchParamsSchema, response: { 200: savedSearchDeletedResponseSchema } },
        config: { documentedInput: { body: "none" } },
      },
      async (request) => {
        await account.deleteSavedSearch(requireUser.user(request).id, request.params.id);
        return { deleted: true as const, id: request.params.id };
      },
    );

    // The startup profile the match starts from: only ever the signed-in user's own.
    app.get("/user/startup-profile", { schema: { response: { 200: startupProfileResponseSchema } } }, async (request) =>
      account.startupProfile(requireUser.user(request).id),
    );

    app.put(
      "/user/startup-profile",
      { schema: { body: startupProfileSchema, response: { 200: startupProfileResponseSchema } } },
      async (request) => account.replaceStartupProfile(requireUser.user(request).id, request.body),
    );

    app.get("/user/account-status", { schema: { response: { 200: accountStatusResponseSchema } } }, async (request) => {
      const user = toSessionUser(requireUser.user(request));
      return { subscriptionStatus: user.subscriptionStatus, subscriptionType: user.subscriptionType };
    });

    app.post(
      "/user/update-profile",
      {
        schema: { body: updateProfileRequestSchema, response: { 200: userResponseSchema } },
        config: PASSWORD_CHECK_LIMIT,
      },
      async (request) => {
        const user = await account.updateProfile(requireUser.user(request), sessionTokenOf(request), request.body);
        return { user: toSessionUser(user) };
      },
    );

    app.post(
      "/user/change-password",
      {
        schema: { body: changePasswordRequestSchema, response: { 200: messageResponseSchema } },
        config: PASSWORD_CHECK_LIMIT,
      },
      async (request, reply) => {
        const signedIn = await account.changePassword(
          requireUser.user(request),
          sessionTokenOf(request),
          request.body,
          clientInfo(request),
        );
        setSessionCookie(request, reply, publicOrigin, signedIn.token, signedIn.expiresAt);
        return { message: "Password changed successfully." };
      },
    );

    app.post(
      "/user/deactivate-account",
      {
        schema: { body: confirmPasswordRequestSchema, response: { 200: messageResponseSchema } },
        config: PASSWORD_CHECK_LIMIT,
      },
      async (request, reply) => {
        await account.deactivate(requireUser.user(request), sessionTokenOf(request), request.body);
        clearSessionCookie(request, reply, publicOrigin);
        return { message: "Account deactivated. You have been logged out." };
      },
    );

    app.post(
      "/user/delete-account",
      {
        schema: { body: confirmPasswordRequestSchema, response: { 200: messageResponseSchema } },
        config: PASSWORD_CHECK_LIMIT,
      },
      async (request, reply) => {
        await account.delete(requireUser.user(request), sessionTokenOf(request), request.body);
        clearSessionCookie(request, reply, publicOrigin);
        return { message: "Account permanently deleted. You have been logged out." };
      },
    );

    // A JSON file for the person to keep, pretty-printed: sent as text, not through a serializer.
    app.get("/user/export-data", { schema: { response: { 200: dataExportSchema } } }, async (request, reply) =>
      sendJsonText(
        reply
          .header("content-disposition", 'attachment; filename="fundmatch-data-export.json"')
          .header("cache-control", "no-store"),
        JSON.stringify(await account.exportData(requireUser.user(request)), null, 2),
      ),
    );

    app.get("/user/profile", { schema: { response: { 200: profileResponseSchema } } }, async (request) => {
      const row = requireUser.user(request);
      const user = toSessionUser(row);
      const confirmation = await account.confirmationState(row, sessionTokenOf(request));
      return {
        displayName: user.displayName,
        email: user.email,
        role: user.role,
        subscriptionStatus: user.subscriptionStatus,
        hasPassword: row.passwordHash !== null,
        confirmation: confirmation.kind,
        recentSignInUntil: confirmation.recentSignInUntil?.toISOString() ?? null,
      };
    });

    // An account without a password confirms a change with this code once its sign-in is not recent.
    app.post(
      "/user/confirmation-code",
      {
        schema: { response: { 200: confirmationCodeResponseSchema } },
        config: { rateLimit: ROUTE_LIMITS.confirmationCode, documentedInput: { body: "none" } },
      },
      async (request) => {
        const sent = await account.sendConfirmationCode(requireUser.user(request));
        return { message: sent.message, expiresAt: sent.expiresAt.toISOString() };
      },
    );
  };
