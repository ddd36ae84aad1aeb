import { canExportPipeline, canSaveFunds, canSaveSearches, seesAllResults } from "../../shared/entitlements.js";
import { factDateText, factPublication, NOT_DISCLOSED, unsourcedFactText } from "../../shared/fund-facts.js";
import { formatFundSize } from "../../shared/fund-size.js";
import { startupProfileSummary } from "../../shared/match-texts.js";
import { PIPELINE_NOTE_MAX } from "../../shared/pipeline.js";
import { SAVED_SEARCHES_LIMIT_MESSAGE, SAVED_SEARCHES_MAX } from "../../shared/saved-searches.js";
import {
  type Pipeline,
  type SavedFundUpdateRequest,
  type SavedFundUpdateResponse,
  SUBSCRIPTION_REQUIRED,
} from "../../shared/schemas/account.js";
import { meetsPasswordRule, PASSWORD_RULE_MESSAGE } from "../../shared/schemas/auth.js";
import type { FundResult } from "../../shared/schemas/funds.js";
import type { FundMatchRequest, StartupProfile, StartupProfileResponse } from "../../shared/schemas/match.js";
import type { SavedSearch } from "../../shared/schemas/saved-searches.js";
import { AUTH_MESSAGES, type AuthService, type ClientInfo, type SignedIn } from "../auth/service.js";
import { subscriptionOf, type Viewer } from "../auth/viewer.js";
import type { BillingService } from "../billing/service.js";
import type { Db } from "../db/client.js";
import type { UserRow } from "../db/types.js";
import { conflict, invalid, notFound, paymentRequired } from "../errors.js";
import type { AudienceRecorder } from "../funds/audience/recorder.js";
import type { FundsIndexProvider } from "../funds/index-provider.js";
import type { FundReportsService } from "../funds/reports/service.js";
import type { Mailer } from "../mail/mailer.js";
import * as users from "../users/repository.js";
import { ChangeConfirmation, type ConfirmationInput, type ConfirmationState } from "./confirmation.js";
import type { PipelineExport, PipelineExportRow } from "./pipeline-export.js";
import * as repository from "./repository.js";

/** What the account asks of the pitches domain (a structural type: that domain imports this one). */
export type AccountPitches = {
  exportOf(userId: number): Promise<unknown[]>;
  deleteDecksOf(userId: number): Promise<void>;
};

export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly indexes: FundsIndexProvider,
    private readonly auth: AuthService,
    private readonly billing: Pick<BillingService, "cancelBeforeDeletion" | "stopRenewalForDeactivation">,
    private readonly fundReports: Pick<FundReportsService, "reportsForExport">,
    mailer: Mailer,
    /** Counts a save for the fund's team (issue 24): counts only, never who. */
    private readonly audience?: Pick<AudienceRecorder, "record">,
    /**
     * The founder's pitches (issue 39), owned by the pitches domain: listed in the data export, their
     * decks deleted with the account. Asked for when needed, since that domain is built after this one.
     */
    private readonly pitches?: () => AccountPitches,
  ) {
    this.confirmation = new ChangeConfirmation(db, auth, mailer);
  }

  private readonly confirmation: ChangeConfirmation;

  /** Which confirmation a sensitive change needs from this session (the settings page says it). */
  /** How many funds each account saved, by user id (the admin's list of accounts shows it). */
  savedFundCounts(): Promise<Map<number, number>> {
    return repository.savedFundCounts(this.db);
  }

  confirmationState(user: UserRow, sessionToken: string | undefined): Promise<ConfirmationState> {
    return this.confirmation.state(user, sessionToken);
  }

  /** E-mails a one-time code to an account without a password (ChangeConfirmation). */
  sendConfirmationCode(user: UserRow): Promise<{ message: string; expiresAt: Date }> {
    return this.confirmation.sendCode(user);
  }

  async updateProfile(
    user: UserRow,
    sessionToken: string | undefined,
    input: { displayName: string; email: string } & ConfirmationInput,
  ): Promise<UserRow> {
    await this.confirmation.confirm(user, sessionToken, input, "Password is required to confirm changes.");
    const other = await users.findUserByEmail(this.db, input.email);
    if (other && other.id !== user.id) throw conflict(AUTH_MESSAGES.emailInUse);
    const updated = await users.updateUser(this.db, user.id, {
      displayName: input.displayName,
      email: input.email,
    });
    if (!updated) throw notFound("Account not found.");
    await this.auth.userChanged(user.id);
    return updated;
  }

  /**
   * Changes the password; for an account without one, sets it, confirmed like any other change
   * (no current password exists to ask for).
   */
  async changePassword(
    user: UserRow,
    sessionToken: string | undefined,
    input: { currentPassword?: string | undefined; code?: string | undefined; newPassword: string },
    client: ClientInfo,
  ): Promise<SignedIn> {
    await this.confirmation.confirm(
      user,
      sessionToken,
      { password: input.currentPassword, code: input.code },
      "Current password is required.",
    );
    if (!meetsPasswordRule(input.newPassword)) throw invalid(PASSWORD_RULE_MESSAGE);
    return this.auth.changePassword(user, input.newPassword, client);
  }

  /**
   * Disables the account and ends every session; an admin can reactivate it. A monthly plan stops
   * renewing first (ADR 0012): a disabled account is never charged again. If the payment provider
   * cannot be reached, nothing changes.
   */
  async deactivate(user: UserRow, sessionToken: string | undefined, input: ConfirmationInput): Promise<void> {
    await this.confirmation.confirm(user, sessionToken, input, "Password is required.");
    await this.billing.stopRenewalForDeactivation(user);
    await users.updateUser(this.db, user.id, { accountStatus: "deactivated" });
    await this.auth.endAllSessions(user.id);
  }

  /**
   * Erases the user at once, after stopping their subscription; sessions and saved funds go with
   * the row (foreign keys cascade).
   */
  async delete(user: UserRow, sessionToken: string | undefined, input: ConfirmationInput): Promise<void> {
    await this.confirmation.confirm(user, sessionToken, input, "Password is required.");
    await this.billing.cancelBeforeDeletion(user);
    // The decks first: an object store has no foreign key for the deletion to cascade along.
    await this.pitches?.().deleteDecksOf(user.id);
    await users.deleteUser(this.db, user.id);
    await this.auth.userChanged(user.id);
  }

  /**
   * A pitch's step in the founder's own pipeline (issue 39), from the pitches domain: sent puts the
   * fund at Contacted (saving it when absent), a meeting at In conversation, a pass at Passed with
   * the reason in the note. A line already further on (committed) stays where it is.
   */
  async recordPitchStep(userId: number, fundId: number, step: "sent" | "meeting" | "pass", noteLine?: string) {
    const next =
      step === "sent"
        ? { status: "contacted" as const, keepIf: ["contacted", "in_conversation", "passed", "committed"] as const }
        : step === "meeting"
          ? { status: "in_conversation" as const, keepIf: ["committed"] as const }
          : { status: "passed" as const, keepIf: ["committed"] as const };
    await repository.recordPitchStep(this.db, userId, fundId, {
      ...next,
      noteLine: noteLine ?? null,
      max: PIPELINE_NOTE_MAX,
    });
  }

  /** Everything stored about the user, without password hashes or session tokens. */
  async exportData(user: UserRow) {
    // The funds' names come from the fund index (the funds domain owns that table).
    const [saved, index, sessionList, identities, fundReports, startupProfile, searches, pitches] = await Promise.all([
      repository.savedFundsForExport(this.db, user.id),
      this.indexes.current(),
      this.auth.sessionsOf(user.id),
      this.auth.identitiesOf(user.id),
      this.fundReports.reportsForExport(user.id),
      repository.startupProfileOf(this.db, user.id),
      repository.savedSearchesOf(this.db, user.id),
      this.pitches?.().exportOf(user.id) ?? Promise.resolve([]),
    ]);
    return {
      exportedAt: new Date().toISOString(),
      profile: {
        id: user.id,
        email: user.email,
        displayName: user.displayName,
        avatarUrl: user.avatarUrl,
        role: user.role,
        accountStatus: user.accountStatus,
        hasPassword: user.passwordHash !== null,
        createdAt: user.createdAt.toISOString(),
        updatedAt: user.updatedAt.toISOString(),
      },
      subscription: {
        status: user.subscriptionStatus,
        type: user.subscriptionType,
        endDate: user.subscriptionEndDate?.toISOString() ?? null,
        cancelAtPeriodEnd: user.subscriptionCancelAtPeriodEnd,
        renewalStoppedOnDeactivation: user.subscriptionStoppedOnDeactivation,
        stripeCustomerId: user.stripeCustomerId,
      },
      // The startup profile the match and the round progress read (null until saved).
      startupProfile,
      // Each saved fund with its place in the founder's pipeline: status, private note, next step.
      savedFunds: saved.flatMap(({ fundId, ...row }) => {
        const fund = index.row(fundId);
        if (!fund) return [];
        return [
          {
            fundId,
            name: fund.name,
            country: fund.country,
            ...row,
            savedAt: row.savedAt.toISOString(),
            updatedAt: row.updatedAt.toISOString(),
          },
        ];
      }),
      // Each saved search: its name, the search's filters, the alerts switch and when it last alerted.
      savedSearches: searches.map(savedSearchOf),
      signInProviders: identities.map((row) => ({ issuer: row.issuer, linkedAt: row.linkedAt.toISOString() })),
      sessions: sessionList.map((row) => ({
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        userAgent: row.userAgent,
        ipAddress: row.ipAddress,
      })),
      fundReports,
      // Each pitch sent through FundMatch: to which fund, what it said, and the fund's answer.
      pitches,
    };
  }

  /**
   * `{funds}` as JSON, each fund with its `pipeline`. What a user saved is never dropped, but it is
   * shown through the same gate as search: after a subscription ends, the list and the pipeline
   * (the person's own notes) stay, and the premium fields are withheld.
   */
  /** The user's own startup profile (null until saved): the key is the signed-in user, never a parameter. */
  async startupProfile(userId: number): Promise<StartupProfileResponse> {
    return { profile: await repository.startupProfileOf(this.db, userId) };
  }

  /** PUT replaces the whole profile: what the body leaves out is cleared. */
  async replaceStartupProfile(userId: number, profile: StartupProfile): Promise<StartupProfileResponse> {
    return { profile: await repository.replaceStartupProfile(this.db, userId, profile) };
  }

  async savedFundsJson(userId: number, viewer: Viewer): Promise<string> {
    const [rows, index] = await Promise.all([repository.savedFundsOf(this.db, userId), this.indexes.current()]);
    const includePremium = seesAllResults(subscriptionOf(viewer));
    const items: string[] = [];
    for (const row of rows) {
      // The index renders the fund exactly as search does; a fund it no longer has is left out.
      const fund = index.fundsJson([row.fundId], includePremium);
      if (fund === "[]") continue;
      const pipeline = pipelineOf(row);
      // `[{…}]` → `{…,"pipeline":{…}}` without parsing; any other shape is parsed and rebuilt.
      items.push(
        fund.startsWith("[{") && fund.endsWith("}]")
          ? `${fund.slice(1, -2)},"pipeline":${JSON.stringify(pipeline)}}`
          : JSON.stringify({ ...(JSON.parse(fund) as object[])[0], pipeline }),
      );
    }
    return `{"funds":[${items.join(",")}]}`;
  }

  /**
   * The rows of the pipeline export, most recently saved first: subscribers only (402 otherwise).
   * Fund names and websites come from the search index through the same gate as the saved-funds
   * list, so a trial exports no premium field it could not see. Fit is the match's fit (0–100) of
   * the fund against the saved startup profile: empty without a profile that describes the startup,
   * and for a fund the profile excludes. `fitFor` names that profile (when it was saved, what it
   * says), for the column's header.
   */
  async pipelineExport(userId: number, viewer: Viewer): Promise<PipelineExport> {
    if (!canExportPipeline(subscriptionOf(viewer))) throw paymentRequired(SUBSCRIPTION_REQUIRED);
    const [rows, index, profile] = await Promise.all([
      repository.savedFundsOf(this.db, userId),
      this.indexes.current(),
      repository.startupProfileOf(this.db, userId),
    ]);
    const includePremium = seesAllResults(subscriptionOf(viewer));
    const request = profile ? matchRequestOf(profile) : undefined;
    const fits = request
      ? index.matchFits(
          request,
          rows.map((row) => row.fundId),
        )
      : new Map<number, number>();
    const out: PipelineExportRow[] = [];
    for (const row of rows) {
      const [fund] = JSON.parse(index.fundsJson([row.fundId], includePremium)) as FundResult[];
      if (!fund) continue;
      out.push({
        fund: fund.name,
        status: row.status,
        note: row.note,
        nextStepDate: row.nextStepDate,
        // Withheld (undefined) stays empty; unknown reads as the pages say it.
        website: fund.website === undefined ? null : (fund.website ?? NOT_DISCLOSED),
        committedAmountUsd: row.committedAmountUsd,
        fit: fits.get(row.fundId) ?? null,
        ...fundSizeColumns(fund),
      });
    }
    const fitFor: PipelineExport["fitFor"] = !profile
      ? "no profile"
      : !request
        ? "nothing to match"
        : { savedOn: profile.updatedAt.slice(0, 10), summary: startupProfileSummary(profile) };
    return { rows: out, fitFor };
  }

  /**
   * Changes the status, note or next-step date of one of the user's saved funds. Another person's
   * saved fund, or a fund this user has not saved, is simply not found. Allowed after a
   * subscription ends: the pipeline is the person's own record, not premium fund data.
   */
  async updatePipeline(userId: number, input: SavedFundUpdateRequest): Promise<SavedFundUpdateResponse> {
    const { fundId, ...changes } = input;
    const row = await repository.updatePipeline(this.db, userId, fundId, changes);
    if (!row) throw notFound("Saved fund not found. Save the fund first.");
    return { fundId, pipeline: pipelineOf(row) };
  }

  async save(userId: number, viewer: Viewer, fundId: number): Promise<void> {
    if (!canSaveFunds(subscriptionOf(viewer))) throw paymentRequired(SUBSCRIPTION_REQUIRED);
    if (!(await this.indexes.current()).has(fundId)) throw notFound("Fund not found.");
    await repository.saveFund(this.db, userId, fundId);
    // Admins are not founders; the fund's own team is left out when the count is written.
    if (viewer.kind === "user" && viewer.role !== "admin") this.audience?.record("save", { userId }, [fundId]);
  }

  /** The user's own saved searches, newest first; kept and listed after a subscription ends. */
  async savedSearches(userId: number): Promise<SavedSearch[]> {
    return (await repository.savedSearchesOf(this.db, userId)).map(savedSearchOf);
  }

  /**
   * Saves a search (already held to the search's own rules by the contract): subscribers only (402),
   * at most SAVED_SEARCHES_MAX per account (409). For the alert job, createdAt is the baseline: a
   * search's new funds are those added or changed after max(createdAt, lastAlertAt).
   */
  async createSavedSearch(
    userId: number,
    viewer: Viewer,
    input: { name: string; search: Record<string, unknown>; alerts: boolean },
  ): Promise<SavedSearch> {
    if (!canSaveSearches(subscriptionOf(viewer))) throw paymentRequired(SUBSCRIPTION_REQUIRED);
    const row = await repository.insertSavedSearch(this.db, userId, input, SAVED_SEARCHES_MAX);
    if (!row) throw conflict(SAVED_SEARCHES_LIMIT_MESSAGE);
    return savedSearchOf(row);
  }

  /**
   * Renames a saved search or switches its alerts. Allowed after a subscription ends (it is the
   * person's own record; the alert job sends nothing without canSaveSearches). Another person's
   * search is not found, exactly like one that does not exist.
   */
  async updateSavedSearch(
    userId: number,
    id: number,
    changes: { name?: string | undefined; alerts?: boolean | undefined },
  ): Promise<SavedSearch> {
    const row = await repository.updateSavedSearch(this.db, userId, id, {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.alerts !== undefined ? { alerts: changes.alerts } : {}),
    });
    if (!row) throw notFound(SAVED_SEARCH_NOT_FOUND);
    return savedSearchOf(row);
  }

  /** Deletes one of the user's saved searches, with or without a subscription. */
  async deleteSavedSearch(userId: number, id: number): Promise<void> {
    if (!(await repository.deleteSavedSearch(this.db, userId, id))) throw notFound(SAVED_SEARCH_NOT_FOUND);
  }

  /** Unsaving what is not saved is harmless, and allowed without a subscription. */
  async unsave(userId: number, fundId: number): Promise<void> {
    await repository.unsaveFund(this.db, userId, fundId);
  }
}

const SAVED_SEARCH_NOT_FOUND = "Saved search not found.";

function savedSearchOf(row: repository.SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    search: row.search,
    alerts: row.alerts,
    createdAt: row.createdAt.toISOString(),
    lastAlertAt: row.lastAlertAt?.toISOString() ?? null,
  };
}

function pipelineOf(row: repository.PipelineRow): Pipeline {
  return {
    status: row.status,
    note: row.note,
    nextStepDate: row.nextStepDate,
    committedAmountUsd: row.committedAmountUsd,
    savedAt: row.savedAt.toISOString(),
  };
}

/** The saved profile as the match's question; undefined when it names nothing the match uses. */
function matchRequestOf(profile: NonNullable<StartupProfileResponse["profile"]>): FundMatchRequest | undefined {
  const request: FundMatchRequest = {
    ...(profile.stage ? { stage: profile.stage } : {}),
    ...(profile.sectors.length > 0 ? { sectors: profile.sectors } : {}),
    ...(profile.country ? { country: profile.country } : {}),
    ...(profile.raiseAmountUsd !== null ? { raiseAmountUsd: profile.raiseAmountUsd } : {}),
    ...(profile.needsLead !== null ? { needsLead: profile.needsLead } : {}),
    ...(profile.description ? { description: profile.description } : {}),
  };
  return Object.keys(request).length > 0 ? request : undefined;
}

/** The fund size with its source and date, worded as on the fund page and the cards (issue 36). */
function fundSizeColumns(
  fund: Pick<FundResult, "fundSize" | "currency" | "fundSizeSource" | "source" | "curatedOn">,
): Pick<PipelineExportRow, "fundSize" | "fundSizeSource" | "fundSizeDate"> {
  const size = formatFundSize(fund.fundSize, fund.currency);
  if (fund.fundSize === null) return { fundSize: size, fundSizeSource: null, fundSizeDate: null };
  const stated = fund.fundSizeSource;
  if (!stated) return { fundSize: size, fundSizeSource: unsourcedFactText(fund), fundSizeDate: null };
  return {
    fundSize: size,
    fundSizeSource: stated.sourceUrl ?? factPublication(stated),
    fundSizeDate: factDateText(stated) ?? null,
  };
}
