import type { Logger } from "pino";
import {
  EMAIL_KIND_TEXTS,
  type EmailKind,
  type EmailPreferences,
  type EmailPreferencesUpdate,
} from "../../shared/schemas/email-preferences.js";
import { CONTACT_EMAIL } from "../../shared/site.js";
import type { Db } from "../db/client.js";
import { invalid } from "../errors.js";
import { signUnsubscribeToken, verifyUnsubscribeToken } from "../mail/email-token.js";
import type { Mailer, MailMessage } from "../mail/mailer.js";
import { signingKeyFromDatabase } from "../mail/signing-keys.js";
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

  update(userId: number, update: EmailPreferencesUpdate): Promise<EmailPreferences> {
    return updateEmailPreferences(this.db, userId, update);
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
   * refused; so is a token already used, so that a leaked link cannot be replayed.
   */
  async unsubscribe(token: string): Promise<{ kind: EmailKind; message: string }> {
    const check = verifyUnsubscribeToken(await this.signingSecret(), token);
    if (!check.ok) {
      throw invalid(
        check.reason === "expired"
          ? "This unsubscribe link has expired. Turn the e-mail off in Account Settings, under E-mail."
          : "This unsubscribe link is not valid. Turn the e-mail off in Account Settings, under E-mail.",
      );
    }
    const { userId, kind, jti, expiresAt } = check.claims;
    const label = EMAIL_KIND_TEXTS[kind].label;
    return this.db.transaction(async (tx) => {
      if (!(await spendEmailToken(tx, jti, expiresAt))) {
        throw invalid(
          `This unsubscribe link has already been used: ${label.toLowerCase()} are off. Account Settings, under E-mail, shows your choices.`,
        );
      }
      // A deleted account has no row to change and nothing to send: the answer is the same.
      await updateEmailPreferences(tx, userId, { [kind]: false });
      this.options.logger.info({ userId, kind }, "unsubscribed through an e-mailed link");
      return { kind, message: `Done: you will no longer receive ${label.toLowerCase()}.` };
    });
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
