import { and, count, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { PipelineStatus } from "../../shared/pipeline.js";
import type { EmailPreferences, EmailPreferencesUpdate } from "../../shared/schemas/email-preferences.js";
import type { StartupProfile, StartupProfileResponse } from "../../shared/schemas/match.js";
import type { Db } from "../db/client.js";
import { confirmationCodes } from "../db/schema/confirmation-codes.js";
import { emailPreferences, usedEmailTokens } from "../db/schema/email-preferences.js";
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

/** The account's e-mail switches; no row = every kind on. */
export async function emailPreferencesOf(db: Db, userId: number): Promise<EmailPreferences> {
  const [row] = await db
    .select({
      saved_search_alerts: emailPreferences.savedSearchAlerts,
      pipeline_reminders: emailPreferences.pipelineReminders,
    })
    .from(emailPreferences)
    .where(eq(emailPreferences.userId, userId));
  return row ?? { saved_search_alerts: true, pipeline_reminders: true };
}

export async function updateEmailPreferences(
  db: Db,
  userId: number,
  update: EmailPreferencesUpdate,
): Promise<EmailPreferences> {
  const set = {
    ...(update.saved_search_alerts === undefined ? {} : { savedSearchAlerts: update.saved_search_alerts }),
    ...(update.pipeline_reminders === undefined ? {} : { pipelineReminders: update.pipeline_reminders }),
    updatedAt: new Date(),
  };
  await db
    .insert(emailPreferences)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: emailPreferences.userId, set });
  return emailPreferencesOf(db, userId);
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
