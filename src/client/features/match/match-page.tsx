import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { PAGE_META } from "../../../shared/page-meta.js";
import {
  type FundMatchRequest,
  type StartupProfileResponse,
  startupProfileSchema,
} from "../../../shared/schemas/match.js";
import { useLiveStatus } from "../../components/live-status.js";
import { ApiError, apiPut } from "../../lib/api-client.js";
import { scrollToElement } from "../../lib/scroll.js";
import { STARTUP_PROFILE_URL, useStartupProfile } from "../../lib/startup-profile.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { isSubscriber, useViewer } from "../../lib/viewer.js";
import { MatchForm } from "./components/match-form.js";
import { MatchResults } from "./components/match-results.js";
import {
  formValuesFromProfile,
  type MatchFormValues,
  matchRequestFromValues,
  profileFromValues,
} from "./match-form-schema.js";

/**
 * /match: the founder describes the startup and gets the funds ranked by fit. The form is
 * server-rendered for visitors; the shortlist comes from a POST, so the browser renders it.
 */
export function MatchPage() {
  usePageMeta(PAGE_META["/match"]);
  const viewer = useViewer();
  const signedIn = viewer.status === "member";
  const { profile, queryKey: profileKey } = useStartupProfile();
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<FundMatchRequest | null>(null);
  const [runs, setRuns] = useState(0);
  const [saving, setSaving] = useState(false);
  const resultsRef = useRef<HTMLElement>(null);
  // In the page before the first run, so that what a run found is read out (components/live-status.tsx).
  const status = useLiveStatus("match-status");

  const initialValues = useMemo(() => (profile ? formValuesFromProfile(profile) : undefined), [profile]);

  const onSubmit = async (values: MatchFormValues) => {
    const body = profileFromValues(values);
    if (signedIn && values.saveProfile) {
      setSaving(true);
      try {
        const saved = await apiPut<StartupProfileResponse>(STARTUP_PROFILE_URL, startupProfileSchema.parse(body));
        if (profileKey) queryClient.setQueryData(profileKey, saved.profile);
        toast.success("Saved as your startup profile");
      } catch (error) {
        // The match still runs: saving is a convenience, not a condition.
        toast.error(
          error instanceof ApiError && error.serverMessage ? error.serverMessage : "Your profile could not be saved.",
        );
      } finally {
        setSaving(false);
      }
    }
    setRequest(matchRequestFromValues(values));
    // A new run starts the shortlist from its first page.
    setRuns((count) => count + 1);
    requestAnimationFrame(() => {
      if (resultsRef.current) scrollToElement(resultsRef.current);
    });
  };

  return (
    <>
      <section aria-labelledby="match-title" className="bg-white py-12 sm:py-16">
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <h1 id="match-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Find the funds that fit your startup
          </h1>
          <p className="mt-3 text-lg text-slate-600">
            Tell us about your round: we rank every fund by how well it fits, and say why, and what may not fit.
          </p>
          <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            <MatchForm
              initialValues={initialValues}
              canSave={signedIn}
              canFilterActive={isSubscriber(viewer)}
              pending={saving}
              onSubmit={onSubmit}
            />
          </div>
        </div>
      </section>
      {status.region}
      {request && (
        <section
          ref={resultsRef}
          aria-labelledby="shortlist-title"
          className="scroll-mt-16 border-y border-slate-200 bg-slate-50/80 py-12 sm:py-16"
        >
          <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
            <h2 id="shortlist-title" className="mb-6 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
              Your shortlist
            </h2>
            <MatchResults key={runs} request={request} viewer={viewer} announce={status.announce} />
          </div>
        </section>
      )}
    </>
  );
}
