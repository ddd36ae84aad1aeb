import type { Logger } from "pino";
import type { AuthService } from "./service.js";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Deletes expired sessions, sign-in flows and tokens: once at start, then every hour. Expired rows
 * are never honoured (every read checks the expiry), so this is about space and about keeping no
 * more personal data (IP addresses, user agents) than the product uses.
 */
export class ExpirySweeper {
  private timer: NodeJS.Timeout | undefined;
  /** The sweep at start; tests wait on it instead of on time. */
  firstSweep: Promise<void> = Promise.resolve();

  constructor(
    private readonly auth: AuthService,
    private readonly logger: Logger,
    private readonly intervalMs = HOUR_MS,
  ) {}

  start(): void {
    this.firstSweep = this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.intervalMs);
    // Never the reason the process stays alive.
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.firstSweep;
  }

  private async sweep(): Promise<void> {
    try {
      const deleted = await this.auth.purgeExpired();
      if (Object.values(deleted).some((count) => count > 0)) this.logger.info({ deleted }, "expired records deleted");
    } catch (error) {
      this.logger.warn({ err: error }, "expired records could not be deleted; next try in an hour");
    }
  }
}
