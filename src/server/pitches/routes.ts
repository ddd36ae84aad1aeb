import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import multipart from "@fastify/multipart";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { PITCH_DECK_MAX_BYTES, PITCH_TEXTS } from "../../shared/pitches.js";
import { messageResponseSchema } from "../../shared/schemas/account.js";
import { fundParamsSchema } from "../../shared/schemas/funds.js";
import {
  adminSpamPitchesResponseSchema,
  deckPagesRequestSchema,
  pitchAnswerRequestSchema,
  pitchAnswerResponseSchema,
  pitchCreatedResponseSchema,
  pitchFormFieldsSchema,
  pitchInboxQuerySchema,
  pitchInboxResponseSchema,
  pitchParamsSchema,
  pitchUploadFormSchema,
  userPitchesResponseSchema,
  userPitchParamsSchema,
} from "../../shared/schemas/pitches.js";
import { invalid, tooLarge, unsupportedMediaType } from "../errors.js";
import { requireUser } from "../http/guards.js";
import { PRIVATE_ANSWER } from "../http/private-answers.js";
import { ROUTE_LIMITS } from "../http/rate-limits.js";
import type { PitchesService, UploadedDeck } from "./service.js";

/** A deck is shown in the browser, never run: a sandbox without scripts, and nothing it may load. */
const DECK_CSP = "sandbox; default-src 'none'; frame-ancestors 'self'";

/** The text fields' largest size in bytes (2,000 characters of four bytes each, with room). */
const FIELD_MAX_BYTES = 16 * 1024;

type PitchForm = { fields: Record<string, unknown>; deck: UploadedDeck | undefined };

/**
 * Reads the pitch's multipart form: its text fields, and the deck spooled to a temporary file as it
 * arrives (counted by its bytes, refused past 20 MB), so that no upload is held whole in memory.
 */
async function readPitchForm(request: FastifyRequest, dir: string): Promise<PitchForm> {
  if (!request.isMultipart()) {
    throw unsupportedMediaType("Send the pitch as multipart/form-data: message, startupName and deck or deckUrl.");
  }
  const fields: Record<string, unknown> = {};
  let deck: UploadedDeck | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (part.fieldname !== "deck" || deck) {
          part.file.resume();
          continue;
        }
        const file = path.join(dir, "deck");
        let bytes = 0;
        part.file.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        await pipeline(part.file, createWriteStream(file));
        if (part.file.truncated) throw tooLarge(PITCH_TEXTS.tooLarge);
        // An empty file part is what a browser sends for a file input left empty.
        if (bytes > 0) deck = { path: file, bytes };
      } else if (["message", "startupName", "deckUrl"].includes(part.fieldname)) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge(PITCH_TEXTS.tooLarge);
    if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT" || code === "FST_FILES_LIMIT") {
      throw invalid("The pitch has too many parts: send message, startupName and deck or deckUrl.");
    }
    if (code === "FST_REQ_FIELD_TOO_LARGE" || (error as { name?: string }).name === "DomainError") throw error;
    request.log.debug({ err: error }, "pitch upload refused");
    throw invalid("The pitch could not be read; send it as multipart/form-data.");
  }
  return { fields, deck };
}

function sendDeck(reply: FastifyReply, deck: { stream: NodeJS.ReadableStream; bytes: number; fileName: string }) {
  return reply
    .header("content-type", "application/pdf")
    .header("content-length", String(deck.bytes))
    .header("content-disposition", `inline; filename="${deck.fileName}"`)
    .header("content-security-policy", DECK_CSP)
    .header("cache-control", PRIVATE_ANSWER)
    .header("x-content-type-options", "nosniff")
    .send(deck.stream);
}

/**
 * Pitching through FundMatch (issue 39), for signed-in accounts: the founder's pitch (multipart, its
 * deck streamed to disk, checked, then streamed into the deck store), list, withdraw and own deck;
 * the fund team's inbox, deck, answer and spam report. Every rule is the service's.
 */
export const pitchRoutes =
  (pitches: PitchesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook("onRequest", requireUser);
    // Multipart is parsed in this scope only, for the pitch's form.
    await app.register(multipart, {
      limits: {
        fileSize: PITCH_DECK_MAX_BYTES,
        files: 1,
        fields: 3,
        fieldSize: FIELD_MAX_BYTES,
        parts: 6,
        headerPairs: 50,
      },
    });

    app.post(
      "/funds/:id/pitches",
      {
        schema: { params: fundParamsSchema, response: { 201: pitchCreatedResponseSchema } },
        config: {
          rateLimit: ROUTE_LIMITS.pitch,
          documentedInput: {
            body: { contentType: "multipart/form-data", schema: pitchUploadFormSchema, description: "The pitch." },
          },
        },
      },
      async (request, reply) => {
        const fundId = request.params.id;
        // Every refusal that needs no upload comes before the upload is read.
        await pitches.assertCanPitch(request.viewer, fundId);
        const dir = await mkdtemp(path.join(tmpdir(), "fundmatch-deck-"));
        try {
          const form = await readPitchForm(request, dir);
          const parsed = pitchFormFieldsSchema.safeParse(form.fields);
          if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? "Invalid pitch.");
          if (form.deck && parsed.data.deckUrl) throw invalid(PITCH_TEXTS.deckOrUrl);
          if (!form.deck && !parsed.data.deckUrl) throw invalid(PITCH_TEXTS.deckRequired);
          const created = await pitches.send(request.viewer, fundId, parsed.data, form.deck);
          return reply.status(201).send(created);
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      },
    );

    app.get("/user/pitches", { schema: { response: { 200: userPitchesResponseSchema } } }, async (request) =>
      pitches.founderPitches(requireUser.user(request).id),
    );

    app.delete(
      "/user/pitches/:id",
      {
        schema: { params: userPitchParamsSchema, response: { 200: messageResponseSchema } },
        config: { documentedInput: { body: "none" } },
      },
      async (request) => pitches.withdraw(requireUser.user(request).id, request.params.id),
    );

    app.get(
      "/user/pitches/:id/deck",
      {
        schema: {
          params: userPitchParamsSchema,
          response: {
            200: { description: "The deck (application/pdf).", content: { "application/pdf": { schema: z.string() } } },
          },
        },
      },
      async (request, reply) =>
        sendDeck(reply, await pitches.openOwnDeck(requireUser.user(request).id, request.params.id)),
    );

    app.get(
      "/investor/funds/:id/pitches",
      {
        schema: {
          params: fundParamsSchema,
          querystring: pitchInboxQuerySchema,
          response: { 200: pitchInboxResponseSchema },
        },
      },
      async (request) => pitches.inbox(requireUser.user(request).id, request.params.id, request.query),
    );

    app.get(
      "/investor/funds/:id/pitches/:pitchId/deck",
      {
        schema: {
          params: pitchParamsSchema,
          response: {
            200: { description: "The deck (application/pdf).", content: { "application/pdf": { schema: z.string() } } },
          },
        },
      },
      async (request, reply) =>
        sendDeck(
          reply,
          await pitches.openFundDeck(requireUser.user(request).id, request.params.id, request.params.pitchId),
        ),
    );

    app.post(
      "/investor/funds/:id/pitches/:pitchId/deck/pages",
      { schema: { params: pitchParamsSchema, body: deckPagesRequestSchema, response: { 200: messageResponseSchema } } },
      async (request) =>
        pitches.recordPages(
          requireUser.user(request).id,
          request.params.id,
          request.params.pitchId,
          request.body.pages,
        ),
    );

    app.post(
      "/investor/funds/:id/pitches/:pitchId/answer",
      {
        schema: {
          params: pitchParamsSchema,
          body: pitchAnswerRequestSchema,
          response: { 200: pitchAnswerResponseSchema },
        },
      },
      async (request) => {
        const user = requireUser.user(request);
        return pitches.answer(
          { id: user.id, displayName: user.displayName },
          request.params.id,
          request.params.pitchId,
          request.body,
        );
      },
    );

    app.post(
      "/investor/funds/:id/pitches/:pitchId/spam",
      {
        schema: { params: pitchParamsSchema, response: { 200: messageResponseSchema } },
        config: { documentedInput: { body: "none" } },
      },
      async (request) => pitches.reportSpam(requireUser.user(request).id, request.params.id, request.params.pitchId),
    );
  };

/** Registered inside the admin scope (its guard answers 401/403 first): the pitches reported as spam. */
export const adminPitchRoutes =
  (pitches: PitchesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/pitch-spam-reports", { schema: { response: { 200: adminSpamPitchesResponseSchema } } }, async () =>
      pitches.spamReports(),
    );
  };
