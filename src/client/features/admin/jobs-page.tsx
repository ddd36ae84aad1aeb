import { Play, TriangleAlert } from "lucide-react";
import { toast } from "sonner";
import { describeSchedule, JOB_STATUS_LABELS, JOB_TEXTS } from "../../../shared/job-texts.js";
import { PAGE_META } from "../../../shared/page-meta.js";
import type { AdminJobsResponse, JobRun } from "../../../shared/schemas/jobs.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Skeleton } from "../../components/ui/skeleton.js";
import { messageOr } from "../../lib/api-client.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { useAdminJobs, useRunJob } from "./api/use-admin-jobs.js";
import { AdminPageHeader } from "./components/admin-page-header.js";

type Job = AdminJobsResponse["jobs"][number];

// UTC throughout: the schedules are UTC, and an operator compares runs across instances and logs.
const dateTime = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
const when = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;
const duration = (ms: number | null) => (ms === null ? "" : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

/** Jobs (/admin/jobs): each scheduled job, its recent runs and failures, and Run now; the admin guard already ran. */
export function JobsPage() {
  usePageMeta(PAGE_META["/admin/jobs"]);
  const jobs = useAdminJobs();

  return (
    <section aria-labelledby="jobs-title" className="flex flex-col gap-6">
      <AdminPageHeader titleId="jobs-title" title={JOB_TEXTS.title} description={JOB_TEXTS.description} />
      {jobs.isPending ? (
        <div className="flex flex-col gap-3" aria-hidden="true">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-32 rounded-2xl" />
          ))}
        </div>
      ) : jobs.isError ? (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
          {JOB_TEXTS.loadFailed}: {messageOr(jobs.error, "Request failed")}
        </p>
      ) : (
        <ul aria-label={JOB_TEXTS.title} className="flex flex-col gap-4">
          {jobs.data.jobs.map((job) => (
            <li key={job.name}>
              <JobCard job={job} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RunLine({ run }: { run: JobRun }) {
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <Badge
        variant={run.status === "succeeded" ? "success" : "outline"}
        className={run.status === "failed" || run.status === "retrying" ? "border-red-300 text-red-800" : undefined}
      >
        {JOB_STATUS_LABELS[run.status]}
      </Badge>
      {run.startedAt && <span>{when(run.startedAt)}</span>}
      {run.durationMs !== null && <span className="text-slate-600">{duration(run.durationMs)}</span>}
      {run.handled !== null && <span className="text-slate-600">{JOB_TEXTS.handled(run.handled)}</span>}
    </span>
  );
}

function JobCard({ job }: { job: Job }) {
  const run = useRunJob();
  const last = job.runs.find((item) => item.status !== "queued") ?? job.runs[0];
  const titleId = `job-${job.name}-title`;

  const runNow = () =>
    run.mutate(job.name, {
      onSuccess: (answer) => {
        const text = `${job.name}: ${JOB_STATUS_LABELS[answer.status]}, ${JOB_TEXTS.handled(answer.handled)}`;
        if (answer.status === "succeeded") toast.success(text);
        else toast.error(text);
      },
      onError: (error) => toast.error(messageOr(error, JOB_TEXTS.runFailed)),
    });

  return (
    <article
      aria-labelledby={titleId}
      data-testid={`job-${job.name}`}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={titleId} className="font-mono text-base font-semibold break-all text-slate-900">
            {job.name}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{job.description}</p>
        </div>
        <Button
          size="sm"
          className="shrink-0 self-start"
          disabled={run.isPending}
          onClick={runNow}
          aria-describedby={titleId}
        >
          <Play aria-hidden="true" />
          {run.isPending ? JOB_TEXTS.running : JOB_TEXTS.runNow}
        </Button>
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="font-medium text-slate-500">{JOB_TEXTS.schedule}</dt>
          <dd className="text-slate-900">{describeSchedule(job.schedule)}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">{JOB_TEXTS.nextRun}</dt>
          <dd className="text-slate-900">{when(job.nextRunAt)}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">{JOB_TEXTS.lastRun}</dt>
          <dd className="text-slate-900" data-testid="last-run">
            {last ? <RunLine run={last} /> : JOB_TEXTS.neverRun}
          </dd>
        </div>
      </dl>
      {job.failures.length > 0 && (
        <details className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm">
          <summary className="cursor-pointer font-medium text-red-900">
            {JOB_TEXTS.failuresTitle} ({job.failures.length})
          </summary>
          <ul className="mt-2 flex flex-col gap-2">
            {job.failures.map((failure) => (
              <li key={failure.id} className="flex flex-col gap-1">
                <RunLine run={failure} />
                <span className="break-words text-red-900">{failure.error}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </article>
  );
}
