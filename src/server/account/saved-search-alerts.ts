import type { Logger } from "pino";
import {
  canSaveSearches,
  effectiveSubscriptionStatus,
  type SubscriptionStatus,
  type SubscriptionType,
  seesAllResults,
} from "../../shared/entitlements.js";
import { fundPath } from "../../shared/fund-page.js";
import type { FundSearchQuery } from "../../shared/schemas/funds.js";
import { savedSearchSearchSchema } from "../../shared/schemas/saved-searches.js";
import { searchRequestHref, searchStateFromRequest, searchSummary } from "../../shared/search-params.js";
import { subscriptionOf, type Viewer } from "../auth/viewer.js";
import type { Db } from "../db/client.js";
import type { FundsService } from "../funds/service.js";
import { type AlertFund, type AlertSearch, savedSearchAlertEmail } from "../mail/templates.js";
import { activeAccountsByIds, type MailAccountRow } from "../users/repository.js";
import { factChangeLines, type RecordedChange } from "./alert-news.js";
import type { EmailPreferencesService } from "./email-preferences.js";
import * as repository from "./repository.js";

/** Accounts read per page: three queries each, whatever the number of subscribers. */
const ACCOUNTS_PER_PAGE = 200;
/** Funds listed per search in one e-mail; the rest are counted, and the search's link shows them. */
export const FUNDS_PER_SEARCH = 10;

type News = {
  /** The funds' data version the news was read at: the search must see at least this. */
  dataVersion: number;
  /** Fund id → when it was added. */
  added: Map<number, Date>;
  /** Fund id → its fact changes in the window, oldest first. */
  changes: Map<number, RecordedChange[]>;
};

type Claim = { id: number; lastAlertAt: Date | null };

/** One active account the alerts may write to, with its searches whose alerts are on. */
type AlertAccount = MailAccountRow & { searches: repository.SavedSearchRow[] };

export type AlertRunResult = { sent: number; failed: number; lost: number };

/**
 * The weekly saved-search alerts (issue 23; docs/decisions/0030-saved-search-alerts.md): one e-mail
 * per account per run, grouping its saved searches, each with the funds it matches that were added
 * or had a fact changed after the search's baseline, max(created_at, last_alert_at). The search is
 * the real one, as the subscriber sees it (FundsService.alertMatches). At most once: a search's
 * last_alert_at moves before the e-mail leaves, so a retried or repeated run never sends the same
 * news again.
 */
export class SavedSearchAlerts {
  constructor(
    private readonly db: Db,
    private readonly funds: Pick<FundsService, "alertMatches" | "newsBetween">,
    private readonly emailPreferences: Pick<EmailPreferencesService, "sendListMail">,
    private readonly origin: string,
  ) {}

  /**
   * One run, the queue's clock at `clock`. Returns how many e-mails were sent; throws after the whole
   * run when some could not be sent (their news is kept for the retry), so the queue retries it.
   */
  async run(clock: Date, logger: Pick<Logger, "info" | "warn" | "error">): Promise<AlertRunResult> {
    const result: AlertRunResult = { sent: 0, failed: 0, lost: 0 };
    // The window ends at the database's clock, which stamped everything it is compared with; the
    // queue's clock (`clock`) decides only whose subscription is still running.
    const now = await repository.databaseNow(this.db);
    const since = await this.earliestBaseline();
    if (!since || since >= now) return result;
    // One read of what happened since the earliest baseline, for every account of the run.
    const news = indexNews(await this.funds.newsBetween(since, now));
    if (news.added.size === 0 && news.changes.size === 0) return result;

    let after = 0;
    for (;;) {
      const userIds = await repository.alertUserIdsPage(this.db, after, ACCOUNTS_PER_PAGE);
      if (userIds.length === 0) break;
      after = userIds[userIds.length - 1] ?? after;
      for (const account of await this.activeAccounts(userIds)) {
        const outcome = await this.alertAccount(account, news, now, clock, logger);
        if (outcome) result[outcome] += 1;
      }
    }
    if (result.failed > 0) {
      throw new Error(
        `${result.failed} saved-search alert(s) could not be sent (kept for the retry); ${result.sent} sent.`,
      );
    }
    return result;
  }

  /** The earliest baseline among the active accounts' searches the alerts may write about. */
  private async earliestBaseline(): Promise<Date | undefined> {
    const baselines = await repository.alertBaselinesByUser(this.db);
    const active = new Set(
      (
        await activeAccountsByIds(
          this.db,
          baselines.map((row) => row.userId),
        )
      ).map((account) => account.id),
    );
    let earliest: Date | undefined;
    for (const { userId, at } of baselines) {
      if (active.has(userId) && (!earliest || at < earliest)) earliest = at;
    }
    return earliest;
  }

  /**
   * A page of accounts with their alert-on searches: the active ones (from the users repository) and
   * then their searches, one query each for the whole page.
   */
  private async activeAccounts(userIds: readonly number[]): Promise<AlertAccount[]> {
    const accounts = await activeAccountsByIds(this.db, userIds);
    const searches = await repository.alertSearchesOf(
      this.db,
      accounts.map((account) => account.id),
    );
    return accounts.map((account) => ({ ...account, searches: searches.get(account.id) ?? [] }));
  }

  private async alertAccount(
    account: AlertAccount,
    news: News,
    now: Date,
    clock: Date,
    logger: Pick<Logger, "info" | "warn" | "error">,
  ): Promise<keyof AlertRunResult | undefined> {
    const status = effectiveSubscriptionStatus(
      { subscriptionStatus: account.subscriptionStatus, subscriptionPauseAt: account.subscriptionPauseAt },
      clock,
    );
    const subscription = { subscriptionStatus: status, subscriptionType: account.subscriptionType };
    // Lapsed (or paused, or never subscribed): their searches are kept, and nothing is sent.
    if (!canSaveSearches(subscription)) return undefined;
    // The viewer the search would see: this account, its subscription as it stands on the queue's clock.
    const viewer: Viewer = {
      kind: "user",
      userId: account.id,
      role: "user",
      subscriptionStatus: status as SubscriptionStatus | null,
      subscriptionType: account.subscriptionType as SubscriptionType | null,
    };

    const found: Array<{ claim: Claim; search: AlertSearch }> = [];
    for (const saved of account.searches) {
      const search = await this.searchNews(saved, viewer, news, now, logger);
      if (search) found.push({ claim: { id: saved.id, lastAlertAt: saved.lastAlertAt }, search });
    }
    if (found.length === 0) return undefined;

    // The claim is committed before sending: from here, no run will send this news again.
    const claims = found.map((item) => item.claim);
    const claimed = new Set(await repository.claimSavedSearchAlerts(this.db, claims, now));
    const owned = found.filter((item) => claimed.has(item.claim.id));
    if (owned.length === 0) return undefined;

    try {
      const sent = await this.emailPreferences.sendListMail({
        to: account.email,
        userId: account.id,
        kind: "saved_search_alerts",
        template: ({ unsubscribeUrl }) =>
          savedSearchAlertEmail({
            to: account.email,
            searches: owned.map((item) => item.search),
            alertedBefore: owned.some((item) => item.claim.lastAlertAt !== null),
            settingsUrl: `${this.origin}/account-settings`,
            unsubscribeUrl,
          }),
      });
      return sent ? "sent" : undefined;
    } catch (error) {
      if (mayHaveBeenAccepted(error)) {
        // Perhaps delivered: sending it again could repeat it, so the news stays claimed (at most once).
        logger.error({ err: error, userId: account.id }, "saved-search alert perhaps not delivered; not resent");
        return "lost";
      }
      await repository.releaseSavedSearchAlerts(
        this.db,
        owned.map((item) => item.claim),
        now,
      );
      logger.warn({ err: error, userId: account.id }, "saved-search alert not sent; kept for the retry");
      return "failed";
    }
  }

  /** One saved search's part of the e-mail, or undefined when nothing new matches it. */
  private async searchNews(
    saved: repository.SavedSearchRow,
    viewer: Viewer,
    news: News,
    now: Date,
    logger: Pick<Logger, "warn">,
  ): Promise<AlertSearch | undefined> {
    const baseline = Math.max(saved.createdAt.getTime(), saved.lastAlertAt?.getTime() ?? 0);
    if (baseline >= now.getTime()) return undefined;
    const candidates = new Map<number, "new" | RecordedChange[]>();
    for (const [fundId, addedAt] of news.added) {
      if (addedAt.getTime() > baseline) candidates.set(fundId, "new");
    }
    for (const [fundId, changes] of news.changes) {
      if (candidates.has(fundId)) continue;
      const recent = changes.filter((change) => change.recordedAt.getTime() > baseline);
      if (recent.length > 0) candidates.set(fundId, recent);
    }
    if (candidates.size === 0) return undefined;

    const parsed = savedSearchSearchSchema.safeParse(saved.search);
    if (!parsed.success) {
      // Saved under rules that have changed since: the search itself would refuse it now.
      logger.warn({ savedSearch: saved.id }, "saved search no longer valid; no alert for it");
      return undefined;
    }
    const query = parsed.data as FundSearchQuery;
    const includePremium = seesAllResults(subscriptionOf(viewer));
    const matches = await this.funds.alertMatches(query, viewer, new Set(candidates.keys()), news.dataVersion);
    const listed: AlertFund[] = [];
    let total = 0;
    for (const { row, reasons } of matches) {
      const change = candidates.get(row.id);
      if (change === undefined) continue;
      let fund: AlertFund;
      if (change === "new") fund = { name: row.name, url: "", reasons, change: { kind: "new" } };
      else {
        const facts = factChangeLines(change, includePremium);
        // Changed and changed back within the window: nothing to tell.
        if (facts.length === 0) continue;
        fund = { name: row.name, url: "", reasons, change: { kind: "changed", facts } };
      }
      total += 1;
      if (listed.length < FUNDS_PER_SEARCH) listed.push({ ...fund, url: `${this.origin}${fundPath(row)}` });
    }
    if (total === 0) return undefined;
    return {
      name: saved.name,
      summary: searchSummary(searchStateFromRequest(parsed.data)),
      url: `${this.origin}${searchRequestHref(parsed.data)}`,
      funds: listed,
      more: total - listed.length,
    };
  }
}

function indexNews(read: {
  dataVersion: number;
  added: ReadonlyArray<{ id: number; createdAt: Date }>;
  changes: readonly RecordedChange[];
}): News {
  const added = new Map(read.added.map((fund) => [fund.id, fund.createdAt]));
  const changes = new Map<number, RecordedChange[]>();
  for (const change of read.changes) {
    const list = changes.get(change.fundId);
    if (list) list.push(change);
    else changes.set(change.fundId, [change]);
  }
  return { dataVersion: read.dataVersion, added, changes };
}

/**
 * Whether a failed send may still have reached the recipient. The SMTP server's refusal (a
 * response code), a connection never made, and the outbox file not written (a file system error)
 * mean it did not; anything else (a connection lost after the message went out) may have, and is
 * then not retried: sending twice is what the alerts promise never to do.
 */
export function mayHaveBeenAccepted(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return true;
  const { responseCode, code, syscall, command } = error as Record<string, unknown>;
  if (typeof responseCode === "number" && responseCode >= 400) return false;
  if (typeof syscall === "string") return false;
  if (command === "CONN" || code === "ECONNECTION" || code === "EDNS" || code === "EAUTH" || code === "ETLS") {
    return false;
  }
  return true;
}
