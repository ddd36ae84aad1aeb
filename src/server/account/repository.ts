import { and, asc, count, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { PipelineStatus } from "../../shared/pipeline.js";
import type { EmailPreferences, EmailPreferencesUpdate } from "../../shared/schemas/email-preferences.js";
import type { StartupProfile, StartupProfileResponse } from "../../shared/schemas/match.js";
import type { Db } from "../db/client.js";
import { confirmationCodes } from "../db/schema/confirmation-codes.js";
import { emailPreferences, usedEmailTokens } from "../db/schema/email-preferences.js";
import { pipelineReminderDays } from "../db/schema/pipeline-reminders.js";
import { savedFunds } from "../db/schema/saved-funds.js";
import { savedSearches } from "../db/schema/saved-searches.js";
import { startupProfiles } from "../db/schema/startup-profiles.js";
import { lockUser } from "../users/repository.js";

/** A saved fund's line in the pipeline, as stored. */
export type PipelineRow = {
  fundId: number;
  status: PipelineStatus;
  note: string;
  nextStepDate: string | null;
  committedAmountUsd: number | null;
  savedAt: Date;
  updatedAt: Date;
};

const pipelineColumns = {
  fundId: savedFunds.fundId,
  status: savedFunds.status,
  note: savedFunds.note,
  nextStepDate: savedFunds.nextStepDate,
  committedAmountUsd: savedFunds.committedAmountUsd,
  savedAt: savedFunds.createdAt,
  updatedAt: savedFunds.updatedAt,
};

/** The user's saved funds with their pipeline, most recently saved first. */
export async function savedFundsOf(db: Db, userId: number): Promise<PipelineRow[]> {
  return db
    .select(pipelineColumns)
    .from(savedFunds)
    .where(eq(savedFunds.userId, userId))
    .orderBy(desc(savedFunds.createdAt), desc(savedFunds.fundId));
}

/** Saving twice is harmless: the second insert does nothing, and the pipeline is kept. */
export async function saveFund(db: Db, userId: number, fundId: number): Promise<void> {
  await db.insert(savedFunds).values({ userId, fundId }).onConflictDoNothing();
}

export async function unsaveFund(db: Db, userId: number, fundId: number): Promise<void> {
  await db.delete(savedFunds).where(and(eq(savedFunds.userId, userId), eq(savedFunds.fundId, fundId)));
}

export type PipelineChanges = {
  status?: PipelineStatus;
  note?: string;
  nextStepDate?: string | null;
  committedAmountUsd?: number | null;
};

/**
 * Changes the pipeline of one of the user's own saved funds; undefined when that user has not saved
 * that fund (the key is the pair, so nobody reaches another person's row).
 */
export async function updatePipeline(
  db: Db,
  userId: number,
  fundId: number,
  changes: PipelineChanges,
): Promise<PipelineRow | undefined> {
  const [row] = await db
    .update(savedFunds)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(savedFunds.userId, userId), eq(savedFunds.fundId, fundId)))
    .returning(pipelineColumns);
  return row;
}

/**
 * A pitch's step in the founder's pipeline (issue 39): the fund is saved when absent, and its status
 * moves to `status` unless it already stands at one of `keepIf` (a pitch never moves a line
 * backwards: a fund already in conversation stays so when the founder pitches it). A line of text
 * is added to the note, cut to the note's limit.
 */
export async function recordPitchStep(
  db: Db,
  userId: number,
  fundId: number,
  step: { status: PipelineStatus; keepIf: readonly PipelineStatus[]; noteLine: string | null; max: number },
): Promise<void> {
  const keep = sql.join(
    step.keepIf.map((status) => sql`${status}`),
    sql`, `,
  );
  const line = step.noteLine ?? "";
  await db
    .insert(savedFunds)
    .values({ userId, fundId, status: step.status, note: line.slice(0, step.max) })
    .onConflictDoUpdate({
      target: [savedFunds.userId, savedFunds.fundId],
      set: {
        status: step.keepIf.length
          ? sql`case when ${savedFunds.status} in (${keep}) then ${savedFunds.status} else ${step.status} end`
          : step.status,
        note: line
          ? sql`left(case when ${savedFunds.note} = '' then ${line} else ${savedFunds.note} || E'\n' || ${line} end, ${step.max})`
          : sql`${savedFunds.note}`,
        updatedAt: new Date(),
      },
    });
}

/** The user's saved funds with dates and pipeline, for the data export (the service adds the funds' names). */
export async function savedFundsForExport(db: Db, userId: number) {
  return db
    .select({
      fundId: savedFunds.fundId,
      savedAt: savedFunds.createdAt,
      status: savedFunds.status,
      note: savedFunds.note,
      nextStepDate: savedFunds.nextStepDate,
      committedAmountUsd: savedFunds.committedAmountUsd,
      updatedAt: savedFunds.updatedAt,
    })
    .from(savedFunds)
    .where(eq(savedFunds.userId, userId))
    .orderBy(desc(savedFunds.createdAt));
}

/** How many funds each account saved, by user id (accounts with none are absent), for the admin list. */
export async function savedFundCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ userId: savedFunds.userId, value: count() })
    .from(savedFunds)
    .groupBy(savedFunds.userId);
  return new Map(rows.map((row) => [row.userId, row.value]));
}

/** Stores the user's new confirmation code, replacing any earlier one (and its count of tries). */
export async function replaceConfirmationCode(
  db: Db,
  values: { userId: number; codeHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db
    .insert(confirmationCodes)
    .values({ ...values, attempts: 0 })
    .onConflictDoUpdate({
      target: confirmationCodes.userId,
      set: { codeHash: values.codeHash, expiresAt: values.expiresAt, createdAt: values.createdAt, attempts: 0 },
    });
}

/**
 * Counts one try against the user's live code, if it has tries left, in one statement (two racing
 * tries both count): the stored hash and the tries so far, or undefined (none, expired or used up).
 */
export async function tryConfirmationCode(db: Db, userId: number, now: Date, maxAttempts: number) {
  const [row] = await db
    .update(confirmationCodes)
    .set({ attempts: sql`${confirmationCodes.attempts} + 1` })
    .where(
      and(
        eq(confirmationCodes.userId, userId),
        gt(confirmationCodes.expiresAt, now),
        lt(confirmationCodes.attempts, maxAttempts),
      ),
    )
    .returning({ codeHash: confirmationCodes.codeHash, attempts: confirmationCodes.attempts });
  return row;
}

/** Deletes the user's code if it is still the one with this hash: of two racing uses, one gets true. */
export async function spendConfirmationCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .delete(confirmationCodes)
    .where(and(eq(confirmationCodes.userId, userId), eq(confirmationCodes.codeHash, codeHash)))
    .returning({ userId: confirmationCodes.userId });
  return rows.length > 0;
}

type StoredStartupProfile = NonNullable<StartupProfileResponse["profile"]>;

const startupProfileColumns = {
  stage: startupProfiles.stage,
  sectors: startupProfiles.sectors,
  country: startupProfiles.country,
  raiseAmountUsd: startupProfiles.raiseAmountUsd,
  needsLead: startupProfiles.needsLead,
  description: startupProfiles.description,
  roundTargetUsd: startupProfiles.roundTargetUsd,
  updatedAt: startupProfiles.updatedAt,
};

function toStoredProfile(row: {
  stage: string | null;
  sectors: string[];
  country: string | null;
  raiseAmountUsd: number | null;
  needsLead: boolean | null;
  description: string | null;
  roundTargetUsd: number | null;
  updatedAt: Date;
}): StoredStartupProfile {
  return {
    ...row,
    stage: row.stage as StoredStartupProfile["stage"],
    sectors: row.sectors as StoredStartupProfile["sectors"],
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The user's startup profile, or null before they save one. */
export async function startupProfileOf(db: Db, userId: number): Promise<StoredStartupProfile | null> {
  const [row] = await db.select(startupProfileColumns).from(startupProfiles).where(eq(startupProfiles.userId, userId));
  return row ? toStoredProfile(row) : null;
}

/** Replaces the whole profile in one statement: a field the body leaves out is cleared. */
export async function replaceStartupProfile(
  db: Db,
  userId: number,
  profile: StartupProfile,
): Promise<StoredStartupProfile> {
  const values = {
    stage: profile.stage ?? null,
    sectors: profile.sectors ?? [],
    country: profile.country ?? null,
    raiseAmountUsd: profile.raiseAmountUsd ?? null,
    needsLead: profile.needsLead ?? null,
    // An empty description is no description.
    description: profile.description ? profile.description : null,
    roundTargetUsd: profile.roundTargetUsd ?? null,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(startupProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: startupProfiles.userId, set: values })
    .returning(startupProfileColumns);
  return toStoredProfile(row as NonNullable<typeof row>);
}

/** A saved search as stored. */
export type SavedSearchRow = {
  id: number;
  name: string;
  search: Record<string, unknown>;
  alerts: boolean;
  createdAt: Date;
  lastAlertAt: Date | null;
  updatedAt: Date;
};

const savedSearchColumns = {
  id: savedSearches.id,
  name: savedSearches.name,
  search: savedSearches.search,
  alerts: savedSearches.alerts,
  createdAt: savedSearches.createdAt,
  lastAlertAt: savedSearches.lastAlertAt,
  updatedAt: savedSearches.updatedAt,
};

/** The user's saved searches, newest first. */
export async function savedSearchesOf(db: Db, userId: number): Promise<SavedSearchRow[]> {
  return db
    .select(savedSearchColumns)
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
}

/**
 * Stores a saved search unless the user already has `max`: undefined then. The user's row is locked
 * for the count and the insert, so two racing saves cannot both take the last place.
 */
export async function insertSavedSearch(
  db: Db,
  userId: number,
  values: { name: string; search: Record<string, unknown>; alerts: boolean },
  max: number,
): Promise<SavedSearchRow | undefined> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [counted] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
    if ((counted?.n ?? 0) >= max) return undefined;
    const [row] = await tx
      .insert(savedSearches)
      .values({ userId, ...values })
      .returning(savedSearchColumns);
    return row;
  });
}

/** Renames or switches the alerts of one of the user's own saved searches; undefined for anyone else's. */
export async function updateSavedSearch(
  db: Db,
  userId: number,
  id: number,
  changes: { name?: string; alerts?: boolean },
): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .update(savedSearches)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning(savedSearchColumns);
  return row;
}

/** Deletes one of the user's own saved searches: false when the user has none with that id. */
export async function deleteSavedSearch(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/**
 * The account's e-mail switches: pipeline reminders from its preferences row (no row = on), saved
 * search alerts from the saved searches themselves (on while one of them alerts), the one truth the
 * profile's switches show too.
 */
export async function emailPreferencesOf(db: Db, userId: number): Promise<EmailPreferences> {
  const [row] = await db
    .select({ pipelineReminders: emailPreferences.pipelineReminders, pitchDigest: emailPreferences.pitchDigest })
    .from(emailPreferences)
    .where(eq(emailPreferences.userId, userId));
  const [searches] = await db
    .select({
      total: count(),
      alerting: sql<number>`count(*) filter (where ${savedSearches.alerts})`.mapWith(Number),
    })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId));
  const alerting = searches?.alerting ?? 0;
  return {
    saved_search_alerts: alerting > 0,
    pipeline_reminders: row?.pipelineReminders ?? true,
    pitch_digest: row?.pitchDigest ?? true,
    saved_searches: { total: searches?.total ?? 0, alerting },
  };
}

/**
 * Sets the given switches: `saved_search_alerts` switches every saved search of the account. The
 * account's row is locked meanwhile, so it cannot be deleted half-way; undefined when there is no
 * such account (a deleted account's e-mailed link), and nothing is written.
 */
export async function updateEmailPreferences(
  db: Db,
  userId: number,
  update: EmailPreferencesUpdate,
): Promise<EmailPreferences | undefined> {
  return db.transaction(async (tx) => {
    if (!(await lockUser(tx, userId))) return undefined;
    if (update.saved_search_alerts !== undefined) {
      await tx
        .update(savedSearches)
        .set({ alerts: update.saved_search_alerts, updatedAt: new Date() })
        .where(
          and(
            eq(savedSearches.userId, userId),
            sql`${savedSearches.alerts} is distinct from ${update.saved_search_alerts}`,
          ),
        );
    }
    if (update.pipeline_reminders !== undefined || update.pitch_digest !== undefined) {
      const set = {
        ...(update.pipeline_reminders !== undefined ? { pipelineReminders: update.pipeline_reminders } : {}),
        ...(update.pitch_digest !== undefined ? { pitchDigest: update.pitch_digest } : {}),
        updatedAt: new Date(),
      };
      await tx
        .insert(emailPreferences)
        .values({ userId, ...set })
        .onConflictDoUpdate({ target: emailPreferences.userId, set });
    }
    return emailPreferencesOf(tx, userId);
  });
}

/**
 * Marks an unsubscribe token used; false when it already was (a replay). The row lives until the
 * token would have expired anyway; older ones are swept on the way.
 */
export async function spendEmailToken(db: Db, jti: string, expiresAt: Date): Promise<boolean> {
  await db.delete(usedEmailTokens).where(lt(usedEmailTokens.expiresAt, new Date()));
  const inserted = await db
    .insert(usedEmailTokens)
    .values({ jti, expiresAt })
    .onConflictDoNothing()
    .returning({ jti: usedEmailTokens.jti });
  return inserted.length === 1;
}

/**
 * A pipeline line whose next step is due. The account's address and subscription come from the users
 * repository and the fund's name from the funds domain: this repository reads its own tables only.
 */
export type DueNextStepRow = {
  userId: number;
  fundId: number;
  status: PipelineStatus;
  note: string;
  nextStepDate: string;
};

/**
 * Every open pipeline line whose next step falls on or before `today` (YYYY-MM-DD, UTC), of accounts
 * that have pipeline reminders on and were not yet reminded today; by account, then oldest step
 * first. Passed and committed lines are left out (`closedStatuses`): nothing is left to chase.
 * Whether the account is active and entitled is decided by the caller, from the users repository.
 */
export async function dueNextSteps(
  db: Db,
  today: string,
  closedStatuses: readonly PipelineStatus[],
): Promise<DueNextStepRow[]> {
  const rows = await db
    .select({
      userId: savedFunds.userId,
      fundId: savedFunds.fundId,
      status: savedFunds.status,
      note: savedFunds.note,
      nextStepDate: savedFunds.nextStepDate,
    })
    .from(savedFunds)
    .leftJoin(emailPreferences, eq(emailPreferences.userId, savedFunds.userId))
    .leftJoin(pipelineReminderDays, eq(pipelineReminderDays.userId, savedFunds.userId))
    .where(
      and(
        sql`${savedFunds.nextStepDate} <= ${today}::date`,
        closedStatuses.length > 0
          ? sql`${savedFunds.status} <> all(${sql.param([...closedStatuses])}::text[])`
          : undefined,
        sql`coalesce(${emailPreferences.pipelineReminders}, true)`,
        sql`(${pipelineReminderDays.lastSentOn} is null or ${pipelineReminderDays.lastSentOn} < ${today}::date)`,
      ),
    )
    .orderBy(asc(savedFunds.userId), asc(savedFunds.nextStepDate), asc(savedFunds.fundId));
  return rows.map((row) => ({ ...row, nextStepDate: row.nextStepDate ?? today }));
}

/**
 * Claims `today`'s reminder for the account: true for the first caller that day only (one
 * statement, so two runs racing each other cannot both win). Returns the day it replaced, to give
 * the claim back if the e-mail then fails.
 */
export async function claimReminderDay(
  db: Db,
  userId: number,
  today: string,
): Promise<{ claimed: boolean; previous: string | null }> {
  // The account's row is locked for the claim: an account deleted since the run read it is not
  // claimed (its day row would have no account to belong to), and the run goes on with the others.
  return db.transaction(async (tx) => {
    if (!(await lockUser(tx, userId))) return { claimed: false, previous: null };
    const [before] = await tx
      .select({ lastSentOn: pipelineReminderDays.lastSentOn })
      .from(pipelineReminderDays)
      .where(eq(pipelineReminderDays.userId, userId));
    const claimed = await tx
      .insert(pipelineReminderDays)
      .values({ userId, lastSentOn: today, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: pipelineReminderDays.userId,
        set: { lastSentOn: today, updatedAt: new Date() },
        setWhere: sql`${pipelineReminderDays.lastSentOn} < ${today}::date`,
      })
      .returning({ userId: pipelineReminderDays.userId });
    return { claimed: claimed.length > 0, previous: before?.lastSentOn ?? null };
  });
}

/** Gives a day's claim back (the e-mail was not sent): the previous day, or no row at all. */
export async function releaseReminderDay(
  db: Db,
  userId: number,
  today: string,
  previous: string | null,
): Promise<void> {
  const mine = and(eq(pipelineReminderDays.userId, userId), sql`${pipelineReminderDays.lastSentOn} = ${today}::date`);
  if (previous === null) await db.delete(pipelineReminderDays).where(mine);
  else await db.update(pipelineReminderDays).set({ lastSentOn: previous, updatedAt: new Date() }).where(mine);
}

/**
 * The searches the saved-search alerts may write about, at this repository's level: alerts on (the
 * one switch: Settings and the unsubscribe link set it on every search of the account). Whether the
 * account is active comes from the users repository, and the subscription rule (canSaveSearches) is
 * applied by the service, in one place with the product's.
 */
const alertsWanted = eq(savedSearches.alerts, true);

/** A saved search's alert baseline: max(created_at, last_alert_at). */
const alertBaseline = sql`greatest(${savedSearches.createdAt}, coalesce(${savedSearches.lastAlertAt}, ${savedSearches.createdAt}))`;

/**
 * The database's clock: the alerts' window ends at it, since every time the window is compared with
 * (funds added, facts changed, searches saved) is stamped by the database.
 */
export async function databaseNow(db: Db): Promise<Date> {
  const [row] = rowsOf<{ now: string | Date }>(await db.execute(sql`select now() as now`));
  return new Date(row?.now ?? Date.now());
}

/**
 * The earliest baseline of each account's searches the alerts may write about (accounts with none
 * are absent); the caller keeps the active accounts' and takes the earliest.
 */
export async function alertBaselinesByUser(db: Db): Promise<Array<{ userId: number; at: Date }>> {
  const rows = await db
    .select({ userId: savedSearches.userId, at: sql<string | Date>`min(${alertBaseline})` })
    .from(savedSearches)
    .where(alertsWanted)
    .groupBy(savedSearches.userId);
  return rows.map((row) => ({ userId: row.userId, at: new Date(row.at) }));
}

/**
 * The next `limit` accounts after `afterUserId` (by id) with searches the alerts may write about,
 * active or not (the caller asks the users repository which are): the run pages through these ids.
 */
export async function alertUserIdsPage(db: Db, afterUserId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: savedSearches.userId })
    .from(savedSearches)
    .where(and(alertsWanted, gt(savedSearches.userId, afterUserId)))
    .orderBy(asc(savedSearches.userId))
    .limit(limit);
  return rows.map((row) => row.userId);
}

/** The alert-on searches of these accounts, by user id, oldest first: one query for a page of accounts. */
export async function alertSearchesOf(db: Db, userIds: readonly number[]): Promise<Map<number, SavedSearchRow[]>> {
  const byUser = new Map<number, SavedSearchRow[]>();
  if (userIds.length === 0) return byUser;
  const searches = await db
    .select({ userId: savedSearches.userId, ...savedSearchColumns })
    .from(savedSearches)
    .where(and(inArray(savedSearches.userId, [...userIds]), eq(savedSearches.alerts, true)))
    .orderBy(asc(savedSearches.userId), asc(savedSearches.createdAt), asc(savedSearches.id));
  for (const { userId, ...search } of searches) {
    const list = byUser.get(userId);
    if (list) list.push(search);
    else byUser.set(userId, [search]);
  }
  return byUser;
}

/**
 * Moves the searches' last_alert_at to `at`, each only if it still holds the value the run read
 * (compare-and-set, to the millisecond JavaScript reads it with): the ids returned are the searches this run now owns the news of; a search
 * another run moved meanwhile is left out. Committed before the e-mail is sent (at most once).
 */
export async function claimSavedSearchAlerts(
  db: Db,
  claims: ReadonlyArray<{ id: number; lastAlertAt: Date | null }>,
  at: Date,
): Promise<number[]> {
  if (claims.length === 0) return [];
  const rows = await db.execute(sql`
    update ${savedSearches} set last_alert_at = ${at.toISOString()}::timestamptz
    from unnest(${sql.param(claims.map((claim) => claim.id))}::int4[],
                ${sql.param(claims.map((claim) => claim.lastAlertAt?.toISOString() ?? null))}::timestamptz[]) as t(id, previous)
    where ${savedSearches.id} = t.id
      and date_trunc('milliseconds', ${savedSearches.lastAlertAt}) is not distinct from t.previous
    returning ${savedSearches.id} as id`);
  return rowsOf<{ id: number | string }>(rows).map((row) => Number(row.id));
}

/** Undoes a claim whose e-mail was not sent, where the claim still stands (the retry sends it). */
export async function releaseSavedSearchAlerts(
  db: Db,
  claims: ReadonlyArray<{ id: number; lastAlertAt: Date | null }>,
  at: Date,
): Promise<void> {
  if (claims.length === 0) return;
  await db.execute(sql`
    update ${savedSearches} set last_alert_at = t.previous
    from unnest(${sql.param(claims.map((claim) => claim.id))}::int4[],
                ${sql.param(claims.map((claim) => claim.lastAlertAt?.toISOString() ?? null))}::timestamptz[]) as t(id, previous)
    where ${savedSearches.id} = t.id and ${savedSearches.lastAlertAt} = ${at.toISOString()}::timestamptz`);
}

/** The rows of a raw statement: both drivers answer `{rows}`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
