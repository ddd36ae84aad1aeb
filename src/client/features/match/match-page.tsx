import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { PAGE_META } from "../../../shared/page-meta.js";
import {
  type FundMatchRequest,
  type StartupProfileResponse,
  startupProfileSchema,
} from "../../../shared/schemas/match.js";
import { profileFromQuery, profileToQuery } from "../../../shared/startup-profile-query.js";
import { useLiveStatus } from "../../components/live-status.js";
import { ApiError, apiPut } from "../../lib/api-client.js";
import { scrollToElement } from "../../lib/scroll.js";
import { STARTUP_PROFILE_URL, useStartupProfile } from "../../lib/startup-profile.js";
import { useFundStats } from "../../lib/use-fund-stats.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { isSubscriber, useViewer } from "../../lib/viewer.js";
import { MatchForm } from "./components/match-form.js";
import { MatchResults } from "./components/match-results.js";
import {
  formValuesFromProfile,
  type MatchFormValues,
  matchFormErrors,
  matchRequestFromValues,
  profileFromValues,
  queryOfValues,
  valuesOfQuery,
} from "./match-form-schema.js";
import { useScrollMemory } from "./use-scroll-memory.js";

/**
 * /match: the founder describes the startup and gets the funds ranked by fit. The profile lives in
 * the URL (src/shared/startup-profile-query.ts): a run is a navigation to /match?…, so Back from a
 * fund page, a reload or a shared link shows the same shortlist, on the same page, at the same
 * scroll position (use-scroll-memory.ts). The form is server-rendered with the URL's profile; the
 * shortlist comes from a POST, so the browser renders it.
 */
export function MatchPage() {
  usePageMeta(PAGE_META["/match"]);
  const viewer = useViewer();
  const signedIn = viewer.status === "member";
  const subscriber = isSubscriber(viewer);
  // The actively-investing switch says how many funds stated a status, and is off when none has.
  const statedStatus = useFundStats().data?.statedStatus;
  const canFilterActive = subscriber && statedStatus !== 0;
  const { profile, queryKey: profileKey } = useStartupProfile();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const search = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `search` is the params' value.
  const fromUrl = useMemo(() => profileFromQuery(params), [search]);
  const urlValues = useMemo(() => (fromUrl ? valuesOfQuery(fromUrl) : undefined), [fromUrl]);
  // The URL's run, when its profile is one the match takes (a hand-edited link may not be).
  const request = useMemo<FundMatchRequest | null>(
    () =>
      urlValues && Object.keys(matchFormErrors(urlValues)).length === 0
        ? matchRequestFromValues(urlValues, canFilterActive)
        : null,
    [urlValues, canFilterActive],
  );
  const page = fromUrl?.page ?? 1;
  const [runs, setRuns] = useState(0);
  const [saving, setSaving] = useState(false);
  const [shown, setShown] = useState(false);
  const resultsRef = useRef<HTMLElement>(null);
  const scrollToResults = useRef(false);
  // In the page before the first run, so that what a run found is read out (components/live-status.tsx).
  const status = useLiveStatus("match-status");
  const onShown = useCallback(() => setShown(true), []);
  // Back (or a reload) puts the page where the founder left it, once the shortlist is on screen.
  useScrollMemory(request === null || shown);

  const initialValues = useMemo(
    () => urlValues ?? (profile ? formValuesFromProfile(profile) : undefined),
    [urlValues, profile],
  );

  useEffect(() => {
    if (!scrollToResults.current || !request) return;
    scrollToResults.current = false;
    requestAnimationFrame(() => {
      if (resultsRef.current) scrollToElement(resultsRef.current);
    });
  }, [request]);

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
    const next = profileToQuery(queryOfValues(values)).toString();
    // A new run starts the shortlist from its first page; the same profile again runs it again.
    setRuns((count) => count + 1);
    scrollToResults.current = true;
    navigate({ pathname: "/match", search: `?${next}` }, { replace: next === search });
  };

  const goToPage = (next: number) => {
    if (!fromUrl) return;
    navigate(
      { pathname: "/match", search: `?${profileToQuery({ ...fromUrl, page: next }).toString()}` },
      {
        replace: true,
        preventScrollReset: true,
      },
    );
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
              key={search}
              initialValues={initialValues}
              canSave={signedIn}
              canFilterActive={subscriber}
              statedStatus={statedStatus}
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
            <MatchResults
              key={`${runs}:${JSON.stringify(request)}`}
              request={request}
              page={page}
              onPage={goToPage}
              onShown={onShown}
              viewer={viewer}
              announce={status.announce}
            />
          </div>
        </section>
      )}
    </>
  );
}
