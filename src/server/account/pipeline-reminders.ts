import { effectiveSubscriptionStatus, receivesPipelineReminders } from "../../shared/entitlements.js";
import { fundPath } from "../../shared/fund-page.js";
import { isClosedStatus, PIPELINE_STATUSES } from "../../shared/pipeline.js";
import { graphemePrefix } from "../../shared/text-cut.js";
import type { Db } from "../db/client.js";
import type { FundsService } from "../funds/service.js";
import { pipelineReminderEmail, type ReminderItem } from "../mail/templates.js";
import { activeAccountsByIds, type MailAccountRow } from "../users/repository.js";
import type { EmailPreferencesService } from "./email-preferences.js";
import { claimReminderDay, type DueNextStepRow, dueNextSteps, releaseReminderDay } from "./repository.js";

/** A due line with the fund's name, as the e-mail lists it. */
type DueLine = DueNextStepRow & { fundName: string };

/** Lines with a closed status (passed, committed) are never chased: the conversation is over. */
const CLOSED_STATUSES = PIPELINE_STATUSES.filter(isClosedStatus);

/** The longest first line of a note an e-mail quotes; the rest is on the pipeline page. */
const NOTE_LINE_MAX = 140;

/** The UTC calendar day of a moment, YYYY-MM-DD: the day a next-step date is compared with. */
export function utcDay(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/**
 * A note's first non-blank line, shortened to NOTE_LINE_MAX characters (code points, like the
 * note's limit), cut between two graphemes.
 */
export function firstLine(note: string): string {
  const line = (note.split(/\r\n|\r|\n/).find((candidate) => candidate.trim() !== "") ?? "").trim();
  const chars = [...line];
  if (chars.length <= NOTE_LINE_MAX) return line;
  // The UTF-16 length of the first NOTE_LINE_MAX - 1 code points, cut back to a grapheme's start.
  return `${graphemePrefix(line, chars.slice(0, NOTE_LINE_MAX - 1).join("").length)}…`;
}

export type PipelineRemindersOptions = { origin: string };

/**
 * The daily `pipeline-reminders` job's work: one e-mail per account that has next steps due today
 * or overdue, listing them all. Each account's day is claimed before its e-mail goes out (and given
 * back if sending fails), so a second run or a retry the same day sends nothing to those already
 * reminded (docs/decisions/0032-pipeline-reminders.md).
 */
export class PipelineReminders {
  constructor(
    private readonly db: Db,
    private readonly emailPreferences: Pick<EmailPreferencesService, "sendListMail">,
    private readonly funds: Pick<FundsService, "fundsByIds">,
    private readonly options: PipelineRemindersOptions,
  ) {}

  /**
   * Sends today's reminders; returns how many went out. When some could not be sent, it throws after
   * trying everyone, so the queue retries: the retry reaches only the accounts still unclaimed.
   */
  async send(now: Date): Promise<{ sent: number; failed: number }> {
    const today = utcDay(now);
    const due = await dueNextSteps(this.db, today, CLOSED_STATUSES);
    // The accounts (active ones only) from the users repository and the funds' names from the funds
    // domain, each in one read for the whole run: this domain's repository reads its own tables.
    const [accounts, funds] = await Promise.all([
      activeAccountsByIds(this.db, [...new Set(due.map((row) => row.userId))]),
      this.funds.fundsByIds(due.map((row) => row.fundId)),
    ]);
    const accountById = new Map(accounts.map((account) => [account.id, account]));
    const byUser = new Map<number, { account: MailAccountRow; rows: DueLine[] }>();
    for (const row of due) {
      const account = accountById.get(row.userId);
      const fund = funds.get(row.fundId);
      if (!account || !fund) continue;
      const line = { ...row, fundName: fund.name };
      const entry = byUser.get(row.userId);
      if (entry) entry.rows.push(line);
      else byUser.set(row.userId, { account, rows: [line] });
    }
    // Within an account: oldest step first, then by fund name and id.
    for (const { rows } of byUser.values()) rows.sort(byStepThenFund);
    let sent = 0;
    let failed = 0;
    let lastError: unknown;
    for (const [userId, { account, rows }] of byUser) {
      const subscription = {
        subscriptionStatus: effectiveSubscriptionStatus(account, now),
        subscriptionType: account.subscriptionType,
      };
      if (!receivesPipelineReminders(subscription)) continue;
      const claim = await claimReminderDay(this.db, userId, today);
      if (!claim.claimed) continue;
      try {
        const delivered = await this.emailPreferences.sendListMail({
          to: account.email,
          userId,
          kind: "pipeline_reminders",
          template: ({ unsubscribeUrl }) =>
            pipelineReminderEmail({
              items: rows.map((row) => this.itemOf(row, today)),
              today,
              pipelineUrl: `${this.options.origin}/profile`,
              unsubscribeUrl,
            }),
        });
        if (delivered) sent++;
        // Turned off between the query and now: nothing was sent, so nothing is recorded.
        else await releaseReminderDay(this.db, userId, today, claim.previous);
      } catch (error) {
        await releaseReminderDay(this.db, userId, today, claim.previous);
        failed++;
        lastError = error;
      }
    }
    if (failed > 0) {
      throw new Error(`${failed} pipeline reminder(s) could not be sent (${sent} sent)`, { cause: lastError });
    }
    return { sent, failed };
  }

  private itemOf(row: DueLine, today: string): ReminderItem {
    return {
      fundName: row.fundName,
      fundUrl: `${this.options.origin}${fundPath({ id: row.fundId, name: row.fundName })}`,
      status: row.status,
      noteLine: firstLine(row.note),
      date: row.nextStepDate,
      overdue: row.nextStepDate < today,
    };
  }
}

function byStepThenFund(a: DueLine, b: DueLine): number {
  if (a.nextStepDate !== b.nextStepDate) return a.nextStepDate < b.nextStepDate ? -1 : 1;
  if (a.fundName !== b.fundName) return a.fundName < b.fundName ? -1 : 1;
  return a.fundId - b.fundId;
}
