import type { PipelineReminders } from "../account/pipeline-reminders.js";
import type { SavedSearchAlerts } from "../account/saved-search-alerts.js";
import type { AuthService } from "../auth/service.js";
import type { PitchesService } from "../pitches/service.js";
import type { JobQueue } from "./service.js";

/** The services the jobs call: each job's work lives in its domain; this file only wires it to a schedule. */
export type JobServices = {
  auth: AuthService;
  pitches: Pick<PitchesService, "refreshPitchStats" | "sendDigest">;
  pipelineReminders: Pick<PipelineReminders, "send">;
  savedSearchAlerts: Pick<SavedSearchAlerts, "run">;
};

/** The product's jobs, registered on the queue before it starts. */
export function registerProductJobs(
  queue: JobQueue,
  { auth, pitches, pipelineReminders, savedSearchAlerts }: JobServices,
): void {
  // "Forgot password?" e-mails: the request only records itself, a worker here sends the link.
  queue.registerWorker({ name: "password-reset-mail", takeOne: (now) => auth.handleResetRequest(now) });
  auth.onResetRequested(() => void queue.poke());
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
    // Handled = e-mails sent. Each account is sent at most one a UTC day, however often this runs
    // (docs/decisions/0032-pipeline-reminders.md).
    handler: async ({ now, logger }) => {
      const { sent, failed } = await pipelineReminders.send(now);
      if (sent > 0 || failed > 0) logger.info({ sent, failed }, "pipeline reminders sent");
      return { handled: sent };
    },
  });
  queue.register({
    name: "pitch-stats",
    schedule: "20 * * * *",
    description: "Computes each fund's answer record to pitches over the last 12 months (hourly).",
    // Handled = records changed. A pitch's answer shows in the record within the hour; the fund page
    // says "in 6 days (median)", so an hour is well inside what it claims (docs/decisions/0065).
    handler: async ({ now, logger }) => {
      const { changed } = await pitches.refreshPitchStats(now);
      if (changed > 0) logger.info({ changed }, "pitch answer records changed");
      return { handled: changed };
    },
  });
  queue.register({
    name: "pitch-digest",
    schedule: "0 8 * * *",
    description: "E-mails each fund's team the new pitches of the day (daily).",
    // Handled = e-mails sent. A fund's pitches are marked once all its members' e-mails went out;
    // a run that could not send some throws after the others, and the retry sends those funds again.
    handler: async ({ now, logger }) => {
      const { sent, failed } = await pitches.sendDigest(now);
      if (sent > 0 || failed > 0) logger.info({ sent, failed }, "pitch digests sent");
      return { handled: sent };
    },
  });
}
