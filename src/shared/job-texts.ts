/** The texts of the admin's Jobs page (/admin/jobs). */
export const JOB_TEXTS = {
  nav: "Jobs",
  title: "Jobs",
  description:
    "The scheduled work every instance shares: each job runs once however many instances run. Times are UTC.",
  loadFailed: "Could not load the jobs",
  schedule: "Schedule",
  nextRun: "Next run",
  lastRun: "Last run",
  neverRun: "Not run yet",
  runNow: "Run now",
  running: "Running…",
  runFailed: "Could not run the job",
  failuresTitle: "Failures",
  noFailures: "No failures among the recent runs.",
  handled: (count: number) => `${count} handled`,
} as const;

export const JOB_STATUS_LABELS = {
  queued: "Queued",
  running: "Running",
  succeeded: "Succeeded",
  failed: "Failed",
  retrying: "Failed, retrying",
} as const;

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const pad = (value: string) => value.padStart(2, "0");

/** A five-field cron in words for the common shapes (hourly, daily, weekly); otherwise the cron itself. */
export function describeSchedule(cron: string): string {
  const [minute = "", hour = "", day = "", month = "", weekday = ""] = cron.trim().split(/\s+/);
  const number = /^\d+$/;
  if (!number.test(minute) || day !== "*" || month !== "*") return `${cron} (cron, UTC)`;
  if (hour === "*" && weekday === "*")
    return minute === "0" ? "Every hour, on the hour" : `Every hour at :${pad(minute)}`;
  if (!number.test(hour)) return `${cron} (cron, UTC)`;
  const time = `${pad(hour)}:${pad(minute)} UTC`;
  if (weekday === "*") return `Every day at ${time}`;
  if (number.test(weekday) && WEEKDAYS[Number(weekday)]) return `Every ${WEEKDAYS[Number(weekday)]} at ${time}`;
  return `${cron} (cron, UTC)`;
}
