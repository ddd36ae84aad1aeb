import type { SavedSearchAlerts } from "../account/saved-search-alerts.js";
import type { AuthService } from "../auth/service.js";
import type { JobQueue } from "./service.js";

/** The product's jobs, registered on the queue before it starts. */
export function registerProductJobs(
  queue: JobQueue,
  { auth, savedSearchAlerts }: { auth: AuthService; savedSearchAlerts: SavedSearchAlerts },
): void {
  queue.register({
    name: "expired-records-sweep",
    schedule: "0 * * * *",
    description: "Deletes expired sessions, sign-in flows and tokens.",
    // Expired rows are never honoured (every read checks the expiry): this is about space and about
    // keeping no more personal data (IP addresses, user agents) than the product uses.
    runOnFirstStart: true,
    handler: async ({ now, logger }) => {
      const deleted = await auth.purgeExpired(now);
      const handled = Object.values(deleted).reduce((sum, count) => sum + count, 0);
      if (handled > 0) logger.info({ deleted }, "expired records deleted");
      return { handled };
    },
  });
  queue.register({
    name: "saved-search-alerts",
    schedule: "0 8 * * 1",
    description: "E-mails each saved search's new matching funds (weekly).",
    // Handled = e-mails sent. A run that could not send some throws after the others, and the
    // queue's retry sends only those (docs/decisions/0030-saved-search-alerts.md).
    handler: async ({ now, logger }) => {
      const { sent, lost } = await savedSearchAlerts.run(now, logger);
      if (sent > 0 || lost > 0) logger.info({ sent, lost }, "saved-search alerts sent");
      return { handled: sent };
    },
  });
  queue.register({
    name: "pipeline-reminders",
    schedule: "0 7 * * *",
    description: "Reminds founders of pipeline follow-ups that are due (daily).",
    // Deliberately empty: the reminders' e-mail arrives in the next change, which fills this handler
    // in. Until then it sends nothing and says so (0 handled).
    handler: async () => ({ handled: 0 }),
  });
}
