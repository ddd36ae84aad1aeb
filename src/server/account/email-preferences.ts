import type { Logger } from "pino";
import { type UnsubscribeOutcome, unsubscribeMessage } from "../../shared/email-texts.js";
import type { EmailKind, EmailPreferences, EmailPreferencesUpdate } from "../../shared/schemas/email-preferences.js";
import { CONTACT_EMAIL } from "../../shared/site.js";
import type { Db } from "../db/client.js";
import { invalid, notFound } from "../errors.js";
import { signUnsubscribeToken, verifyUnsubscribeToken } from "../mail/email-token.js";
import type { Mailer, MailMessage } from "../mail/mailer.js";
import { signingKeyFromDatabase } from "../mail/signing-keys.js";
import { lockUser } from "../users/repository.js";
import { emailPreferencesOf, spendEmailToken, updateEmailPreferences } from "./repository.js";

/** What an optional e-mail's template gets: the page that turns this kind off, for its footer. */
export type ListMailLinks = { unsubscribeUrl: string };
export type ListMailTemplate = (links: ListMailLinks) => Promise<Omit<MailMessage, "to" | "headers">>;

export type EmailPreferencesOptions = {
  /** EMAIL_TOKEN_SECRET; unset = a key generated once and kept in the database. */
  secret: string | undefined;
  /** Where links in e-mails point (PUBLIC_ORIGIN, or this server's local address). */
  origin: string;
  logger: Pick<Logger, "info">;
};

/**
 * Each account's switches for the optional e-mails (alerts, reminders), the one-click
 * unsubscribe (RFC 8058) and the sending of those e-mails. Transactional mail does not pass here:
 * it is always sent.
 */
export class EmailPreferencesService {
  private secret: Promise<string> | undefined;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly options: EmailPreferencesOptions,
  ) {}

  private signingSecret(): Promise<string> {
    this.secret ??= this.options.secret
      ? Promise.resolve(this.options.secret)
      : signingKeyFromDatabase(this.db, "unsubscribe").catch((error: unknown) => {
          this.secret = undefined;
          throw error;
        });
    return this.secret;
  }

  get(userId: number): Promise<EmailPreferences> {
    return emailPreferencesOf(this.db, userId);
  }

  async update(userId: number, update: EmailPreferencesUpdate): Promise<EmailPreferences> {
    const saved = await updateEmailPreferences(this.db, userId, update);
    if (!saved) throw notFound("This account no longer exists.");
    return saved;
  }

  /**
   * The two addresses of one fresh token: the page a person opens from the e-mail's footer (it
   * asks before doing anything), and the URL of the List-Unsubscribe header, which mail clients
   * POST to (RFC 8058).
   */
  async unsubscribeLinks(userId: number, kind: EmailKind): Promise<{ page: string; oneClick: string }> {
    const token = encodeURIComponent(signUnsubscribeToken(await this.signingSecret(), { userId, kind }));
    return {
      page: `${this.options.origin}/unsubscribe?token=${token}`,
      oneClick: `${this.options.origin}/_api/email/unsubscribe?token=${token}`,
    };
  }

  /**
   * Turns the token's kind off for the token's account. Forged, altered and expired tokens are
   * refused; so is a token already used, so that a leaked link cannot be replayed. A deleted
   * account's token is refused as not valid, like any token there is nothing to do with: nothing is
   * written (the token is not spent either), and the answer does not tell that the account existed.
   */
  async unsubscribe(token: string): Promise<UnsubscribeOutcome> {
    const check = verifyUnsubscribeToken(await this.signingSecret(), token);
    if (!check.ok) return { ok: false, reason: check.reason };
    const { userId, kind, jti, expiresAt } = check.claims;
    return this.db.transaction(async (tx): Promise<UnsubscribeOutcome> => {
      // Locked first, so the account cannot go between the check and the write.
      if (!(await lockUser(tx, userId))) return { ok: false, reason: "invalid" };
      if (!(await spendEmailToken(tx, jti, expiresAt))) return { ok: false, reason: "used", kind };
      await updateEmailPreferences(tx, userId, { [kind]: false });
      this.options.logger.info({ userId, kind }, "unsubscribed through an e-mailed link");
      return { ok: true, kind };
    });
  }

  /** The one-click answer: `{kind, message}`, or a 400 with the outcome's words. */
  async unsubscribeOrThrow(token: string): Promise<{ kind: EmailKind; message: string }> {
    const outcome = await this.unsubscribe(token);
    if (!outcome.ok) throw invalid(unsubscribeMessage(outcome));
    return { kind: outcome.kind, message: unsubscribeMessage(outcome) };
  }

  /**
   * Sends one optional e-mail with its List-Unsubscribe headers (RFC 2369 and RFC 8058 one-click),
   * unless the account turned that kind off. Returns whether it was sent.
   */
  async sendListMail(input: {
    to: string;
    userId: number;
    kind: EmailKind;
    template: ListMailTemplate;
  }): Promise<boolean> {
    const preferences = await this.get(input.userId);
    if (!preferences[input.kind]) return false;
    const links = await this.unsubscribeLinks(input.userId, input.kind);
    const message = await input.template({ unsubscribeUrl: links.page });
    await this.mailer.send({
      ...message,
      to: input.to,
      headers: {
        "List-Unsubscribe": `<${links.oneClick}>, <mailto:${CONTACT_EMAIL}?subject=unsubscribe>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });
    return true;
  }
}
