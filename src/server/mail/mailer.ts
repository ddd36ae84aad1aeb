import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { createTransport } from "nodemailer";
import type { Logger } from "pino";

/**
 * `headers`: extra ones, e.g. List-Unsubscribe on the optional e-mails. `replyTo`: where an answer
 * goes when it is not to FundMatch (a fund member's address on a pitch's meeting request).
 */
export type MailMessage = {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
};

export interface Mailer {
  /** Sends (or, without SMTP, files) the message; throws when that fails, after logging it. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export type MailerOptions = {
  /** smtp(s)://user:pass@host:port; unset = write each message to `outboxDir` and log it. */
  smtpUrl?: string | undefined;
  /** The From header, e.g. `FundMatch <no-reply@fundmatch.example>`. */
  from: string;
  outboxDir: string;
  logger: Pick<Logger, "info" | "error">;
};

/** Sending happens while someone waits (a checkout callback): fail in seconds rather than minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * The product's outgoing mail: through the SMTP server of SMTP_URL, or, without one (local use,
 * demo), as .eml files in the outbox directory plus a log line with the text, so that a link in
 * the message can be followed from the log.
 */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer({ ...options, smtpUrl: options.smtpUrl }) : outboxMailer(options);
}

function smtpMailer({ smtpUrl, from, logger }: MailerOptions & { smtpUrl: string }): Mailer {
  const transport = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }, { from });
  return {
    async send(message) {
      try {
        const info = await transport.sendMail(message);
        logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, "e-mail sent");
      } catch (error) {
        logger.error({ err: error, to: message.to, subject: message.subject }, "e-mail could not be sent");
        throw error;
      }
    },
    async close() {
      transport.close();
    },
  };
}

let outboxSequence = 0;

/** `2025-01-31T12-00-00-000Z-000001-3f9a1c.eml`: sorts by time, unique within and across processes. */
function outboxFileName(now: Date): string {
  outboxSequence = (outboxSequence + 1) % 1_000_000;
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  return `${stamp}-${String(outboxSequence).padStart(6, "0")}-${randomBytes(3).toString("hex")}.eml`;
}

function outboxMailer({ from, outboxDir, logger }: MailerOptions): Mailer {
  // Builds the full RFC 822 message (headers, MIME parts, encodings) without sending it anywhere.
  const composer = createTransport({ streamTransport: true, buffer: true, newline: "windows" }, { from });
  return {
    async send(message) {
      try {
        const info = await composer.sendMail(message);
        const raw = info.message;
        if (!Buffer.isBuffer(raw)) throw new Error("The message was not composed into a buffer");
        await mkdir(outboxDir, { recursive: true });
        const file = path.join(outboxDir, outboxFileName(new Date()));
        await writeFile(file, raw, { flag: "wx" });
        logger.info(
          { to: message.to, subject: message.subject, text: message.text, file },
          "e-mail written to the outbox (SMTP_URL is not set)",
        );
      } catch (error) {
        logger.error({ err: error, to: message.to, subject: message.subject }, "e-mail could not be written");
        throw error;
      }
    },
    async close() {
      composer.close();
    },
  };
}
