import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import type { Logger } from "pino";
import { canAnswerPitches, canFetchDeck, canPitchFunds } from "../../shared/entitlements.js";
import {
  DECK_UPLOADS_PER_HOUR,
  type PassReason,
  PITCH_REPEAT_DAYS,
  PITCH_TEXTS,
  PITCH_WINDOW_DAYS,
  PITCHES_PER_WINDOW,
  pitchInboxPath,
} from "../../shared/pitches.js";
import type { InboxPitch, PitchAnswerRequest, PitchFormFields, UserPitch } from "../../shared/schemas/pitches.js";
import { formatUsdAmount } from "../../shared/search-params.js";
import { stageLabel } from "../../shared/stages.js";
import type { EmailPreferencesService } from "../account/email-preferences.js";
import { firstLine } from "../account/pipeline-reminders.js";
import type { AccountService } from "../account/service.js";
import { subscriptionOf, type Viewer } from "../auth/viewer.js";
import type { Db } from "../db/client.js";
import type { PitchDeckViewRow, PitchRow, UserRow } from "../db/types.js";
import { conflict, forbidden, notFound, paymentRequired, rateLimited, unauthenticated } from "../errors.js";
import type { FundPitchStats } from "../funds/fund-team-view.js";
import type { FundsService } from "../funds/service.js";
import type { InvestorsService } from "../investors/service.js";
import type { Mailer } from "../mail/mailer.js";
import { type DigestPitch, pitchAnswerEmail, pitchDigestEmail } from "../mail/templates.js";
import { findUsersByIds } from "../users/repository.js";
import { inspectDeck } from "./deck-check.js";
import type { DeckStore } from "./deck-store.js";
import * as repository from "./repository.js";
import { computePitchStats, statsWindowStart } from "./stats.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** An uploaded deck spooled to a temporary file by the route: its path and size in bytes. */
export type UploadedDeck = { path: string; bytes: number };

export type PitchesDeps = {
  funds: Pick<FundsService, "fundsByIds">;
  investors: Pick<InvestorsService, "memberFundIds" | "membersOfFund">;
  /** The founder's pipeline (the account domain owns it). */
  pipeline: Pick<AccountService, "recordPitchStep" | "startupProfile">;
  mailer: Mailer;
  /** The daily digest is list mail: sent with its one-click unsubscribe, unless turned off. */
  emailPreferences: Pick<EmailPreferencesService, "sendListMail">;
  decks: DeckStore;
  origin: string;
  logger: Pick<Logger, "error" | "info" | "warn">;
  /** After answer records changed: this instance's fund results are rebuilt at once (others by the trigger). */
  statsChanged?: () => void;
};

/** A pitch's random id: 16 bytes, base64url (22 characters): never guessable, never a count. */
export const newPitchId = () => randomBytes(16).toString("base64url");

/** The inbox's filters (any combination). */
export type InboxFilters = { status?: string; stage?: string; sector?: string; country?: string };

/**
 * Pitching through FundMatch (issue 39, docs/decisions/0065): the founder's pitch with its deck, the
 * fund team's inbox, deck and answer, and what each side sees of the other.
 */
export class PitchesService {
  constructor(
    private readonly db: Db,
    private readonly deps: PitchesDeps,
  ) {}

  /** The fund as the pitch rules read it; 404 for no such fund. */
  private async fund(fundId: number) {
    const fund = (await this.deps.funds.fundsByIds([fundId])).get(fundId);
    if (!fund) throw notFound("Fund not found.");
    return fund;
  }

  /**
   * The checks a pitch passes before its upload is even read, in the order the issue lists their
   * answers: signed in (401), a subscriber (402), a fund that accepts pitches (409), a startup
   * profile (409), no pitch to this fund in 90 days (409), at most 20 pitches in 30 days (429).
   * `send` checks the limits again under the founder's lock.
   */
  async assertCanPitch(viewer: Viewer, fundId: number, now = new Date()): Promise<void> {
    if (viewer.kind !== "user") throw unauthenticated("Not authenticated");
    if (!canPitchFunds(subscriptionOf(viewer))) throw paymentRequired(PITCH_TEXTS.subscriptionRequired);
    const fund = await this.fund(fundId);
    if (fund.pitchRoute !== "fundmatch") throw conflict(PITCH_TEXTS.notAccepting);
    const { profile } = await this.deps.pipeline.startupProfile(viewer.userId);
    if (!profile) throw conflict(PITCH_TEXTS.profileRequired);
    await this.checkLimits(this.db, viewer.userId, fundId, false, now);
  }

  private async checkLimits(db: Db, founderId: number, fundId: number, withDeck: boolean, now: Date) {
    if (
      await repository.hasLivePitchSince(db, founderId, fundId, new Date(now.getTime() - PITCH_REPEAT_DAYS * DAY_MS))
    ) {
      throw conflict(PITCH_TEXTS.repeat);
    }
    const since = new Date(now.getTime() - PITCH_WINDOW_DAYS * DAY_MS);
    if ((await repository.countFounderPitchesSince(db, founderId, since)) >= PITCHES_PER_WINDOW) {
      throw rateLimited(PITCH_TEXTS.tooMany);
    }
    if (
      withDeck &&
      (await repository.countFounderDecksSince(db, founderId, new Date(now.getTime() - HOUR_MS))) >=
        DECK_UPLOADS_PER_HOUR
    ) {
      throw rateLimited(PITCH_TEXTS.tooManyUploads);
    }
  }

  /**
   * Sends a pitch: the deck is checked by its bytes (a PDF, its pages counted), then the pitch and
   * the deck's bytes are stored together, under the founder's lock so that parallel pitches cannot
   * all pass the limits. The fund then stands at Contacted in the founder's pipeline.
   */
  async send(
    viewer: Viewer,
    fundId: number,
    fields: PitchFormFields,
    deck: UploadedDeck | undefined,
    now = new Date(),
  ): Promise<{ pitch: { id: string; status: "sent"; fundId: number; sentAt: string } }> {
    await this.assertCanPitch(viewer, fundId, now);
    if (viewer.kind !== "user") throw unauthenticated("Not authenticated");
    const founderId = viewer.userId;
    const inspected = deck ? await inspectDeck(deck.path, deck.bytes) : undefined;
    const { profile } = await this.deps.pipeline.startupProfile(founderId);
    const id = newPitchId();
    const store = this.deps.decks;
    const stored = deck ? { pitchId: id, key: store.keyFor(id) } : undefined;
    try {
      await this.db.transaction(async (tx) => {
        await repository.lockFounder(tx, founderId);
        await this.checkLimits(tx, founderId, fundId, deck !== undefined, now);
        await repository.insertPitch(tx, {
          id,
          fundId,
          founderId,
          status: "sent",
          startupName: fields.startupName,
          stage: profile?.stage ?? null,
          sectors: profile?.sectors ?? [],
          country: profile?.country ?? null,
          raiseAmountUsd: profile?.raiseAmountUsd ?? null,
          description: profile?.description ?? null,
          message: fields.message,
          deckUrl: deck ? null : (fields.deckUrl ?? null),
          deckStorage: deck ? store.kind : null,
          deckKey: stored?.key ?? null,
          deckPages: inspected?.pages ?? null,
          deckBytes: deck?.bytes ?? null,
          sentAt: now,
        });
        if (deck && stored) await store.write(tx, stored, deck.path, deck.bytes);
      });
    } catch (error) {
      // An object already written to the bucket must not outlive a pitch that was never stored.
      if (stored && store.kind === "s3") await store.remove(this.db, [stored]).catch(() => {});
      throw error;
    }
    await this.deps.pipeline.recordPitchStep(founderId, fundId, "sent");
    return { pitch: { id, status: "sent", fundId, sentAt: now.toISOString() } };
  }

  /** Throws `forbidden` unless the account is on the fund's team; `notFound` for no such fund. */
  private async assertMember(userId: number, fundId: number) {
    const fund = await this.fund(fundId);
    if (!canAnswerPitches(await this.deps.investors.memberFundIds(userId), fundId)) {
      throw forbidden(PITCH_TEXTS.notMember);
    }
    return fund;
  }

  /** A pitch of this fund the team sees (not withdrawn); 404 otherwise, whoever asks. */
  private async fundPitch(fundId: number, pitchId: string): Promise<PitchRow> {
    const pitch = await repository.findPitch(this.db, pitchId);
    if (!pitch || pitch.fundId !== fundId || pitch.status === "withdrawn") throw notFound(PITCH_TEXTS.notFound);
    return pitch;
  }

  private async names(userIds: Iterable<number | null>): Promise<Map<number, UserRow>> {
    const ids = [...new Set([...userIds].filter((id): id is number => id !== null))];
    return new Map((await findUsersByIds(this.db, ids)).map((user) => [user.id, user]));
  }

  private inboxPitch(pitch: PitchRow, views: readonly PitchDeckViewRow[], people: Map<number, UserRow>): InboxPitch {
    const nameOf = (id: number | null) => (id === null ? null : (people.get(id)?.displayName ?? null));
    const history: InboxPitch["history"] = [{ at: pitch.sentAt.toISOString(), event: "sent", by: null }];
    for (const view of views)
      history.push({ at: view.viewedAt.toISOString(), event: "viewed", by: nameOf(view.userId) });
    if (pitch.answeredAt && pitch.decision) {
      history.push({
        at: pitch.answeredAt.toISOString(),
        event: pitch.decision === "meeting" ? "meeting" : "passed",
        by: nameOf(pitch.answeredBy),
      });
    }
    return {
      id: pitch.id,
      status: pitch.status,
      startup: {
        name: pitch.startupName,
        stage: pitch.stage as InboxPitch["startup"]["stage"],
        sectors: pitch.sectors as InboxPitch["startup"]["sectors"],
        country: pitch.country,
        raiseAmountUsd: pitch.raiseAmountUsd,
        description: pitch.description,
      },
      message: pitch.message,
      deck:
        pitch.deckPages !== null && pitch.deckBytes !== null
          ? { pages: pitch.deckPages, bytes: pitch.deckBytes }
          : null,
      deckUrl: pitch.deckUrl,
      sentAt: pitch.sentAt.toISOString(),
      answeredAt: pitch.answeredAt?.toISOString() ?? null,
      decision: pitch.decision,
      reason: pitch.reason,
      note: pitch.note,
      spamReported: pitch.spamReportedAt !== null,
      history,
    };
  }

  private async inboxPitches(rows: readonly PitchRow[]): Promise<InboxPitch[]> {
    const views = await repository.viewsOf(
      this.db,
      rows.map((row) => row.id),
    );
    const people = await this.names([...views.map((view) => view.userId), ...rows.map((row) => row.answeredBy)]);
    return rows.map((row) =>
      this.inboxPitch(
        row,
        views.filter((view) => view.pitchId === row.id),
        people,
      ),
    );
  }

  /** The fund's inbox for a member of its team: 404 for no such fund, 403 for anyone else. */
  async inbox(userId: number, fundId: number, filters: InboxFilters = {}): Promise<{ pitches: InboxPitch[] }> {
    await this.assertMember(userId, fundId);
    const country = filters.country?.toLowerCase();
    const rows = (await repository.fundPitches(this.db, fundId)).filter(
      (row) =>
        (!filters.status || row.status === filters.status) &&
        (!filters.stage || row.stage === filters.stage) &&
        (!filters.sector || row.sectors.includes(filters.sector)) &&
        (!country || row.country?.toLowerCase() === country),
    );
    return { pitches: await this.inboxPitches(rows) };
  }

  /**
   * A member opens the deck: its bytes as a stream, and the view recorded (who, when) for the
   * founder's count and the inbox's history; a new pitch becomes 'reviewing'.
   */
  async openFundDeck(userId: number, fundId: number, pitchId: string, now = new Date()) {
    await this.assertMember(userId, fundId);
    const pitch = await this.fundPitch(fundId, pitchId);
    const stream = await this.deckStream(pitch, { userId, memberFundIds: [fundId] });
    await repository.insertView(this.db, pitch.id, userId, now);
    await repository.markReviewing(this.db, pitch.id);
    return stream;
  }

  /** The founder reads their own deck (never counted as a view). */
  async openOwnDeck(userId: number, pitchId: string) {
    const pitch = await repository.findPitch(this.db, pitchId);
    if (!pitch || pitch.founderId !== userId) throw notFound(PITCH_TEXTS.notFound);
    return this.deckStream(pitch, { userId, memberFundIds: [] });
  }

  private async deckStream(
    pitch: PitchRow,
    viewer: { userId: number; memberFundIds: number[] },
  ): Promise<{ stream: Readable; bytes: number; fileName: string }> {
    // The callers found the pitch through the viewer's own fund or account; the one rule says so again.
    if (!canFetchDeck(viewer, pitch)) throw notFound(PITCH_TEXTS.notFound);
    if (!pitch.deckKey || pitch.deckBytes === null) throw notFound(PITCH_TEXTS.noDeckFile);
    const stream = await this.deps.decks.read(this.db, { pitchId: pitch.id, key: pitch.deckKey });
    const fileName = `${pitch.startupName.replace(/[^A-Za-z0-9 ._-]+/g, "").trim() || "deck"}.pdf`;
    return { stream, bytes: pitch.deckBytes, fileName };
  }

  /** The pages a member looked at in the app's viewer, added to their latest view of the deck. */
  async recordPages(
    userId: number,
    fundId: number,
    pitchId: string,
    pages: readonly number[],
  ): Promise<{ message: string }> {
    await this.assertMember(userId, fundId);
    const pitch = await this.fundPitch(fundId, pitchId);
    const valid = pages.filter((page) => pitch.deckPages !== null && page <= pitch.deckPages);
    if (!(await repository.addViewedPages(this.db, pitch.id, userId, valid))) {
      throw conflict("Open the deck before reporting the pages viewed.");
    }
    return { message: "Pages recorded." };
  }

  /**
   * The team's answer: a meeting request (the founder's e-mail names the member and replies reach
   * them) or a pass with its reason and note. Once only; the founder's pipeline follows it.
   */
  async answer(
    member: { id: number; displayName: string },
    fundId: number,
    pitchId: string,
    input: PitchAnswerRequest,
    now = new Date(),
  ): Promise<{ pitch: InboxPitch }> {
    const fund = await this.assertMember(member.id, fundId);
    const pitch = await this.fundPitch(fundId, pitchId);
    const answered = await repository.answerPitch(this.db, pitch.id, {
      status: input.decision === "meeting" ? "meeting" : "passed",
      decision: input.decision,
      reason: input.decision === "pass" ? (input.reason ?? null) : null,
      note: input.note ?? null,
      answeredBy: member.id,
      answeredAt: now,
    });
    if (!answered) throw conflict(PITCH_TEXTS.alreadyAnswered);
    const reason = answered.reason as PassReason | null;
    await this.deps.pipeline.recordPitchStep(
      answered.founderId,
      fundId,
      input.decision,
      input.decision === "pass"
        ? `Passed through FundMatch: ${reason}${answered.note ? ` (${answered.note})` : ""}`
        : undefined,
    );
    const [founder] = await findUsersByIds(this.db, [answered.founderId]);
    if (founder) {
      const memberAddress =
        (await this.deps.investors.membersOfFund(fundId)).find((row) => row.userId === member.id)?.email ?? null;
      const pitchesUrl = `${this.deps.origin}/profile#pitches`;
      try {
        await this.deps.mailer.send(
          await pitchAnswerEmail(
            input.decision === "meeting"
              ? {
                  to: founder.email,
                  fundName: fund.name,
                  startupName: answered.startupName,
                  decision: "meeting",
                  memberName: member.displayName,
                  memberEmail: memberAddress ?? "",
                  pitchesUrl,
                }
              : {
                  to: founder.email,
                  fundName: fund.name,
                  startupName: answered.startupName,
                  decision: "pass",
                  reason: reason ?? "Other",
                  note: answered.note,
                  pitchesUrl,
                },
          ),
        );
      } catch (error) {
        // The answer stands: the founder sees it on /profile either way.
        this.deps.logger.error({ err: error, pitchId }, "could not e-mail a pitch's answer");
      }
    }
    const [view] = await this.inboxPitches([answered]);
    if (!view) throw notFound(PITCH_TEXTS.notFound);
    return { pitch: view };
  }

  /** A member reports a pitch as spam: the admins see it in their list. */
  async reportSpam(userId: number, fundId: number, pitchId: string, now = new Date()): Promise<{ message: string }> {
    await this.assertMember(userId, fundId);
    const pitch = await this.fundPitch(fundId, pitchId);
    await repository.reportSpam(this.db, pitch.id, userId, now);
    return { message: PITCH_TEXTS.reported };
  }

  /** The founder's pitches with each answer and how the fund's team opened the deck. */
  async founderPitches(userId: number): Promise<{ pitches: UserPitch[] }> {
    const rows = await repository.founderPitches(this.db, userId);
    const [funds, views] = await Promise.all([
      this.deps.funds.fundsByIds(rows.map((row) => row.fundId)),
      repository.viewsOf(
        this.db,
        rows.map((row) => row.id),
      ),
    ]);
    return {
      pitches: rows.flatMap((row) => {
        const fund = funds.get(row.fundId);
        if (!fund) return [];
        const own = views.filter((view) => view.pitchId === row.id);
        const pages = new Set(own.flatMap((view) => view.pages));
        const last = own.at(-1);
        return [
          {
            id: row.id,
            fundId: row.fundId,
            fundName: fund.name,
            status: row.status,
            sentAt: row.sentAt.toISOString(),
            answeredAt: row.answeredAt?.toISOString() ?? null,
            decision: row.decision,
            reason: row.reason,
            note: row.note,
            deckViews: {
              opened: own.length,
              pagesViewed: pages.size,
              lastViewedAt: last?.viewedAt.toISOString() ?? null,
            },
          },
        ];
      }),
    };
  }

  /** The founder withdraws a pitch before any answer: the fund no longer sees it and its deck is deleted. */
  async withdraw(userId: number, pitchId: string, now = new Date()): Promise<{ message: string }> {
    const pitch = await repository.findPitch(this.db, pitchId);
    if (!pitch || pitch.founderId !== userId) throw notFound(PITCH_TEXTS.notFound);
    const withdrawn = await repository.withdrawPitch(this.db, pitch.id, userId, now);
    if (!withdrawn) throw conflict(pitch.status === "withdrawn" ? PITCH_TEXTS.withdrawn : PITCH_TEXTS.alreadyAnswered);
    if (withdrawn.deckKey) {
      try {
        await this.deps.decks.remove(this.db, [{ pitchId: withdrawn.id, key: withdrawn.deckKey }]);
        await repository.clearDeck(this.db, withdrawn.id);
      } catch (error) {
        // The pitch is withdrawn either way (the fund can no longer fetch its deck); the key stays on the
        // row, so the deck is deleted with the account at the latest.
        this.deps.logger.error({ err: error, pitchId }, "could not delete a withdrawn pitch's deck");
      }
    }
    return { message: PITCH_TEXTS.withdrawn };
  }

  /** The data export's pitches: what the founder sent and what came back. */
  async exportOf(userId: number) {
    const { pitches } = await this.founderPitches(userId);
    const rows = new Map((await repository.founderPitches(this.db, userId)).map((row) => [row.id, row]));
    return pitches.map((pitch) => {
      const row = rows.get(pitch.id);
      return {
        ...pitch,
        startupName: row?.startupName ?? null,
        message: row?.message ?? null,
        deckUrl: row?.deckUrl ?? null,
        deck: row?.deckBytes ? { pages: row.deckPages, bytes: row.deckBytes } : null,
      };
    });
  }

  /**
   * Deletes the decks of an account about to be deleted (its pitches go with the account's row): the
   * object store has no foreign key to cascade along.
   */
  async deleteDecksOf(userId: number): Promise<void> {
    const decks = await repository.deckKeysOfFounder(this.db, userId);
    const stored = decks.flatMap((deck) => (deck.deckKey ? [{ pitchId: deck.id, key: deck.deckKey }] : []));
    await this.deps.decks.remove(this.db, stored);
  }

  /** The admins' list of pitches reported as spam. */
  async spamReports(limit = 200) {
    const rows = await repository.spamReported(this.db, limit);
    const [funds, people] = await Promise.all([
      this.deps.funds.fundsByIds(rows.map((row) => row.fundId)),
      this.names([...rows.map((row) => row.founderId), ...rows.map((row) => row.spamReportedBy)]),
    ]);
    return {
      pitches: rows.flatMap((row) => {
        const fund = funds.get(row.fundId);
        const founder = people.get(row.founderId);
        if (!fund || !founder || !row.spamReportedAt) return [];
        return [
          {
            id: row.id,
            fund: { id: fund.id, name: fund.name },
            founder: { id: founder.id, displayName: founder.displayName, email: founder.email },
            startupName: row.startupName,
            message: row.message,
            sentAt: row.sentAt.toISOString(),
            reportedAt: row.spamReportedAt.toISOString(),
            reportedBy: row.spamReportedBy === null ? null : (people.get(row.spamReportedBy)?.displayName ?? null),
          },
        ];
      }),
    };
  }

  /**
   * The daily `pitch-digest` job: each fund's new pitches, e-mailed to every member of its team who
   * has the digest on (list mail, with its one-click unsubscribe). A fund's pitches are marked sent
   * once every member's e-mail went out; when one failed they stay, and the queue's retry sends the
   * fund's digest again (a member may then get it twice, rather than one never).
   */
  async sendDigest(now = new Date()): Promise<{ sent: number; failed: number }> {
    const waiting = await repository.undigestedPitches(this.db);
    const byFund = new Map<number, PitchRow[]>();
    for (const pitch of waiting) byFund.set(pitch.fundId, [...(byFund.get(pitch.fundId) ?? []), pitch]);
    const funds = await this.deps.funds.fundsByIds(byFund.keys());
    let sent = 0;
    let failed = 0;
    let lastError: unknown;
    for (const [fundId, rows] of byFund) {
      const fund = funds.get(fundId);
      if (!fund) continue;
      const members = await this.deps.investors.membersOfFund(fundId);
      const accounts = await this.names(members.map((member) => member.userId));
      const items: DigestPitch[] = rows.map((row) => ({
        id: row.id,
        startupName: row.startupName,
        facts: [
          row.stage ? stageLabel(row.stage) : null,
          row.country,
          row.raiseAmountUsd ? `raising ${formatUsdAmount(row.raiseAmountUsd)}` : null,
        ]
          .filter(Boolean)
          .join(" · "),
        messageLine: firstLine(row.message),
      }));
      let fundFailed = false;
      for (const member of members) {
        const account = accounts.get(member.userId);
        if (account?.accountStatus !== "active") continue;
        try {
          const delivered = await this.deps.emailPreferences.sendListMail({
            // The account's own address: the one it chose for FundMatch's mail.
            to: account.email,
            userId: account.id,
            kind: "pitch_digest",
            template: ({ unsubscribeUrl }) =>
              pitchDigestEmail({
                fundName: fund.name,
                pitches: items,
                inboxUrl: `${this.deps.origin}${pitchInboxPath(fundId)}`,
                unsubscribeUrl,
              }),
          });
          if (delivered) sent++;
        } catch (error) {
          failed++;
          fundFailed = true;
          lastError = error;
        }
      }
      if (!fundFailed) {
        await repository.markDigested(
          this.db,
          rows.map((row) => row.id),
          now,
        );
      }
    }
    if (failed > 0) throw new Error(`${failed} pitch digest(s) could not be sent (${sent} sent)`, { cause: lastError });
    return { sent, failed };
  }

  /** On shutdown: the deck store's connections (the S3 client's sockets). */
  close(): void {
    this.deps.decks.close?.();
  }

  /**
   * The `pitch-stats` job: every fund's answer record over the last 12 months, written where it
   * changed (a write rebuilds the fund results on every instance). Returns how many records changed.
   */
  async refreshPitchStats(now = new Date()): Promise<{ changed: number }> {
    const fresh = computePitchStats(await repository.pitchTimesSince(this.db, statsWindowStart(now)));
    const stored = new Map((await repository.storedPitchStats(this.db)).map((row) => [row.fundId, row]));
    const upserts = fresh.filter((row) => {
      const old = stored.get(row.fundId);
      return (
        !old ||
        old.received !== row.received ||
        old.answered !== row.answered ||
        old.medianDaysToAnswer !== row.medianDaysToAnswer
      );
    });
    const keep = new Set(fresh.map((row) => row.fundId));
    const removed = [...stored.keys()].filter((fundId) => !keep.has(fundId));
    if (upserts.length > 0 || removed.length > 0) {
      await repository.replacePitchStats(this.db, upserts, removed, now);
      this.deps.statsChanged?.();
    }
    return { changed: upserts.length + removed.length };
  }
}

/**
 * Every fund's answer record, for the funds' index: read with the funds' snapshot on the snapshot's
 * own transaction `db` (services.ts hands it to the index provider).
 */
export async function pitchStatsForIndex(db: Db): Promise<FundPitchStats> {
  return new Map(
    (await repository.storedPitchStats(db)).map((row) => [
      row.fundId,
      { received: row.received, answered: row.answered, medianDaysToAnswer: row.medianDaysToAnswer },
    ]),
  );
}
