import { useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import type { z } from "zod";
import { PAGE_META } from "../../../shared/page-meta.js";
import { PITCH_TEXTS } from "../../../shared/pitches.js";
import type { adminSpamPitchesResponseSchema } from "../../../shared/schemas/pitches.js";
import { Skeleton } from "../../components/ui/skeleton.js";
import { apiGet, messageOr } from "../../lib/api-client.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { AdminPageHeader } from "./components/admin-page-header.js";

type Reports = z.infer<typeof adminSpamPitchesResponseSchema>;

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const when = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;

/** Pitch reports (/admin/pitch-reports): pitches a fund's team reported as spam (issue 39); the admin guard already ran. */
export function PitchReportsPage() {
  usePageMeta(PAGE_META["/admin/pitch-reports"]);
  const reports = useQuery({
    queryKey: ["admin", "pitch-spam-reports"],
    queryFn: ({ signal }) => apiGet<Reports>("/_api/admin/pitch-spam-reports", { signal }),
  });
  return (
    <section aria-labelledby="pitch-reports-title" className="flex flex-col gap-6">
      <AdminPageHeader
        titleId="pitch-reports-title"
        title={PITCH_TEXTS.adminTitle}
        description={PITCH_TEXTS.adminDescription}
      />
      {reports.isPending ? (
        <Skeleton className="h-32 rounded-2xl" />
      ) : reports.isError ? (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
          {messageOr(reports.error, "The reports could not be loaded.")}
        </p>
      ) : reports.data.pitches.length === 0 ? (
        <p className="text-sm text-slate-600">{PITCH_TEXTS.adminEmpty}</p>
      ) : (
        <ul aria-label={PITCH_TEXTS.adminTitle} className="flex flex-col gap-4">
          {reports.data.pitches.map((pitch) => (
            <li
              key={pitch.id}
              className="flex flex-col gap-1.5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <p className="font-semibold text-slate-900">
                {pitch.startupName} → {pitch.fund.name}
              </p>
              <p className="text-sm text-slate-600">
                From {pitch.founder.displayName} ({pitch.founder.email}), sent {when(pitch.sentAt)}; reported{" "}
                {when(pitch.reportedAt)}
                {pitch.reportedBy ? ` by ${pitch.reportedBy}` : ""}
              </p>
              <p className="text-sm whitespace-pre-line text-slate-800">{pitch.message}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
