import { ChevronDown, Lock, Search, SlidersHorizontal, UserRound } from "lucide-react";
import { lazy, type Ref, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Controller, FormProvider, useForm } from "react-hook-form";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { INDUSTRIES } from "../../../../shared/industries.js";
import { countOf } from "../../../../shared/inflect.js";
import {
  ANY_VALUE,
  EMPTY_SEARCH,
  searchStateFromQuery,
  searchStateToQuery,
  usesAdvancedFilters,
} from "../../../../shared/search-params.js";
import { STAGES } from "../../../../shared/stages.js";
import { TEXTS } from "../../../../shared/texts.js";
import { Button } from "../../../components/ui/button.js";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from "../../../components/ui/select.js";
import { UnlockPremiumDialog } from "../../../components/unlock-premium-dialog.js";
import { useStartupProfile } from "../../../lib/startup-profile.js";
import { useCountries } from "../../../lib/use-countries.js";
import { useHydrated } from "../../../lib/use-hydrated.js";
import { cn } from "../../../lib/utils.js";
import { isSubscriber, useViewer } from "../../../lib/viewer.js";
import {
  formValuesFromState,
  type SearchFormValues,
  searchFormResolver,
  stateFromFormValues,
} from "../search-form-schema.js";
import { RESULTS_SECTION_ID } from "../search-ids.js";
import { loadResultsPanel } from "./results-section.js";

// The advanced controls (Popover lists, inputs) are only fetched once someone opens the panel.
const loadAdvancedFilters = () => import("./advanced-filters.js");
const AdvancedFilters = lazy(() => loadAdvancedFilters().then((module) => ({ default: module.AdvancedFilters })));

type Option = { value: string; label: string };

const STAGE_OPTIONS: Option[] = STAGES.map((stage) => ({ value: stage.code, label: stage.label }));
const INDUSTRY_OPTIONS: Option[] = INDUSTRIES.map((industry) => ({ value: industry.code, label: industry.label }));

/** The select's value while several values are chosen (in the advanced panel). */
const SEVERAL_VALUE = "__several";

export const ADVANCED_FILTERS_DESCRIPTION =
  "Advanced filters are part of Premium: several stages, industries and countries at once, regions, your raise, leads rounds only, sector-agnostic funds only, fund size, keywords and sorting.";

/**
 * The search form (loaded lazily by SearchSection). Its state lives in the URL: submitting pushes
 * ?search=1&country=..&stage=..&industry=.. plus the advanced filters, and the form follows the
 * URL, so shared links and Back both restore a search. The three selects are the basic filters;
 * the advanced panel is Premium (locked for everyone else, who get the upgrade dialog).
 *
 * Before the app starts (and without JavaScript) it is a plain GET form to the home page: the
 * three selects are native selects with names, and the server renders the results for the query
 * (issue 38, ADR 0066). Once hydrated, the selects become the app's own, starting from whatever
 * the visitor chose in the native ones, and the app's submit handler takes over.
 */
export function SearchForm() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const countries = useCountries();
  const viewer = useViewer();
  const subscriber = isSubscriber(viewer);

  const startupProfile = useStartupProfile().profile;
  const profileFilters =
    startupProfile && (startupProfile.stage || startupProfile.country || startupProfile.sectors.length > 0);

  const urlState = searchStateFromQuery(searchParams) ?? EMPTY_SEARCH;
  const urlKey = searchStateToQuery(urlState).toString();
  const urlHasAdvanced = usesAdvancedFilters(urlState);

  const form = useForm<SearchFormValues>({
    resolver: searchFormResolver,
    defaultValues: formValuesFromState(urlState),
    mode: "onBlur",
  });
  const { control, handleSubmit, reset, formState } = form;

  // biome-ignore lint/correctness/useExhaustiveDependencies: urlKey is the identity of urlState.
  useEffect(() => {
    reset(formValuesFromState(urlState));
  }, [urlKey, reset]);

  const [advancedOpen, setAdvancedOpen] = useState(urlHasAdvanced);
  useEffect(() => {
    if (urlHasAdvanced) setAdvancedOpen(true);
  }, [urlHasAdvanced]);
  const [unlockOpen, setUnlockOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Someone looking at the form is about to search: fetch the results code now, not after the click.
  useEffect(() => {
    void loadResultsPanel();
  }, []);

  const selectedCountries = form.watch("countries");
  const countryOptions = useMemo<Option[]>(() => {
    const names = countries.data ?? [];
    // A shared link may name countries before (or without) the list loading; keep them selectable.
    const missing = selectedCountries.filter((country) => !names.includes(country));
    return [...missing, ...names].map((name) => ({ value: name, label: name }));
  }, [countries.data, selectedCountries]);

  const onSubmit = handleSubmit((values) => {
    const state = stateFromFormValues(values);
    // Nobody but a subscriber can set these (the panel is locked); a shared link can carry them.
    if (!subscriber && viewer.status !== "loading" && usesAdvancedFilters(state)) {
      setUnlockOpen(true);
      return;
    }
    const search = `?${searchStateToQuery(state).toString()}`;
    // Re-running the same search replaces the entry so Back does not step through duplicates.
    navigate({ pathname: "/", search }, { replace: search === location.search, preventScrollReset: true });
  });

  // The saved startup profile (the match's) as the basic filters; several sectors only for subscribers,
  // for whom they are not a Premium filter.
  const startFromProfile = () => {
    if (!startupProfile) return;
    const options = { shouldDirty: true } as const;
    form.setValue("stages", startupProfile.stage ? [startupProfile.stage] : [], options);
    form.setValue("countries", startupProfile.country ? [startupProfile.country] : [], options);
    form.setValue("industries", subscriber ? startupProfile.sectors : startupProfile.sectors.slice(0, 1), options);
  };

  const activeAdvanced = usesAdvancedFilters(stateFromFormValues(form.watch()));

  return (
    <FormProvider {...form}>
      <form
        method="get"
        action={`/#${RESULTS_SECTION_ID}`}
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
      >
        {/* The mark of a search run, as the app's own URLs carry it (searchStateToQuery). */}
        <input type="hidden" name="search" value="1" />
        <div className="grid gap-4 md:grid-cols-3 lg:grid-cols-[repeat(3,minmax(0,1fr))_auto] lg:items-end">
          {(
            [
              {
                name: "countries",
                param: "country",
                id: "search-country",
                label: "Country",
                anyLabel: TEXTS.home.anyCountry,
                options: countryOptions,
                several: (count: number) => countOf(count, "country", "countries"),
                note: countries.isError ? "Countries could not be loaded; searching all countries." : undefined,
              },
              {
                name: "stages",
                param: "stage",
                id: "search-stage",
                label: "Funding Stage",
                anyLabel: TEXTS.home.anyStage,
                options: STAGE_OPTIONS,
                several: (count: number) => countOf(count, "stage", "stages"),
              },
              {
                name: "industries",
                param: "industry",
                id: "search-industry",
                label: "Industry Focus",
                anyLabel: TEXTS.home.anyIndustry,
                options: INDUSTRY_OPTIONS,
                several: (count: number) => countOf(count, "industry", "industries"),
              },
            ] as const
          ).map((spec) => (
            <Controller
              key={spec.name}
              control={control}
              name={spec.name}
              render={({ field, fieldState }) => (
                <ListSelectField
                  {...spec}
                  note={"note" in spec ? spec.note : undefined}
                  values={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
          ))}
          <Button
            type="submit"
            size="lg"
            className="h-11 w-full md:col-span-3 lg:col-span-1 lg:w-auto"
            disabled={formState.isSubmitting}
          >
            <Search aria-hidden="true" />
            Find Matching Funds
          </Button>
        </div>

        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            {/* No HTML equivalent (the panel is the app's): a tap before the app starts is replayed (ADR 0066). */}
            <Button
              ref={toggleRef}
              id="advanced-filters-toggle"
              data-replay=""
              variant="ghost"
              size="sm"
              className="-ml-2 text-indigo-800"
              aria-expanded={advancedOpen}
              aria-controls="advanced-filters"
              onMouseEnter={() => void loadAdvancedFilters()}
              onFocus={() => void loadAdvancedFilters()}
              onClick={() => setAdvancedOpen((open) => !open)}
            >
              <SlidersHorizontal aria-hidden="true" />
              Advanced filters
              {subscriber && activeAdvanced && (
                <span className="rounded-full bg-indigo-600 px-1.5 text-xs text-white">on</span>
              )}
              <ChevronDown
                aria-hidden="true"
                className={cn("size-4 transition-transform", advancedOpen && "rotate-180")}
              />
            </Button>
            {!subscriber && (
              <span className="inline-flex items-center gap-1 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-800 ring-1 ring-indigo-100 ring-inset">
                <Lock className="size-3" aria-hidden="true" />
                Premium
              </span>
            )}
            {profileFilters && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="text-indigo-800 sm:ml-auto"
                onClick={startFromProfile}
              >
                <UserRound aria-hidden="true" />
                Start from my startup profile
              </Button>
            )}
          </div>
          {advancedOpen && (
            <div id="advanced-filters">
              <Suspense fallback={<div aria-hidden="true" className="h-64 rounded-xl bg-slate-50" />}>
                <AdvancedFilters
                  locked={!subscriber}
                  countryOptions={countryOptions}
                  onUnlock={() => setUnlockOpen(true)}
                />
              </Suspense>
              {/* Below lg the panel stacks under the search button, a screen or more away on a phone:
                  the filters end with a button that applies them. */}
              {subscriber && (
                <Button
                  type="submit"
                  size="lg"
                  className="mt-4 h-11 w-full lg:hidden"
                  disabled={formState.isSubmitting}
                >
                  <Search aria-hidden="true" />
                  Apply filters
                </Button>
              )}
            </div>
          )}
        </div>
        <UnlockPremiumDialog
          open={unlockOpen}
          onOpenChange={setUnlockOpen}
          returnFocusRef={toggleRef}
          description={ADVANCED_FILTERS_DESCRIPTION}
        />
      </form>
    </FormProvider>
  );
}

type ListSelectFieldProps = {
  id: string;
  /** The field's name in the URL, for the form's plain GET before the app starts. */
  param: string;
  label: string;
  anyLabel: string;
  options: readonly Option[];
  several: (count: number) => string;
  values: string[];
  onChange: (values: string[]) => void;
  onBlur: () => void;
  error?: string | undefined;
  note?: string | undefined;
};

/**
 * A basic filter: one value, or Any. When the advanced panel has chosen several, the select says
 * how many; choosing one value here replaces them, choosing Any clears them.
 */
function ListSelectField({
  id,
  param,
  label,
  anyLabel,
  options,
  several,
  values,
  onChange,
  onBlur,
  error,
  note,
}: ListSelectFieldProps) {
  const messageId = `${id}-message`;
  const message = error ?? note;
  const value = values.length === 0 ? ANY_VALUE : values.length === 1 ? (values[0] as string) : SEVERAL_VALUE;
  const hydrated = useHydrated();
  const nativeRef = useRef<HTMLSelectElement>(null);
  // What the visitor chose in the native select before the app started, taken over as the app's
  // value (the layout effect of the hydrating render runs before the select is swapped out).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration.
  useLayoutEffect(() => {
    const native = nativeRef.current;
    if (!native?.name) return;
    const chosen = native.value;
    if (chosen !== (values.length === 1 ? values[0] : "")) onChange(chosen === "" ? [] : [chosen]);
  }, []);
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {!hydrated ? (
        <NativeSelect
          ref={nativeRef}
          id={id}
          param={param}
          anyLabel={anyLabel}
          options={options}
          values={values}
          several={several}
        />
      ) : (
        <Select
          value={value}
          onValueChange={(next) => {
            if (next === SEVERAL_VALUE) return;
            onChange(next === ANY_VALUE ? [] : [next]);
          }}
        >
          <SelectTrigger
            id={id}
            onBlur={onBlur}
            aria-invalid={error ? true : undefined}
            aria-describedby={message ? messageId : undefined}
          >
            <SelectValue placeholder={anyLabel}>
              {value === ANY_VALUE
                ? anyLabel
                : value === SEVERAL_VALUE
                  ? several(values.length)
                  : (options.find((option) => option.value === value)?.label ?? value)}
            </SelectValue>
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY_VALUE}>{anyLabel}</SelectItem>
            {values.length > 1 && (
              <SelectItem value={SEVERAL_VALUE} disabled className="hidden">
                {several(values.length)}
              </SelectItem>
            )}
            {options.length > 0 && <SelectSeparator />}
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
      {message && (
        <p
          id={messageId}
          className={cn("text-xs", error ? "text-red-700" : "text-slate-600")}
          role={error ? "alert" : undefined}
        >
          {message}
        </p>
      )}
    </div>
  );
}

/**
 * The select as plain HTML, for the page before the app starts: named, so the form's GET carries
 * it. Several values (a subscriber's shared link) go as hidden fields under a select that says how
 * many and carries no name of its own.
 */
function NativeSelect({
  ref,
  id,
  param,
  anyLabel,
  options,
  values,
  several,
}: {
  ref: Ref<HTMLSelectElement>;
  id: string;
  param: string;
  anyLabel: string;
  options: readonly Option[];
  values: string[];
  several: (count: number) => string;
}) {
  if (values.length > 1) {
    return (
      <>
        {values.map((value) => (
          <input key={value} type="hidden" name={param} value={value} />
        ))}
        <select id={id} disabled className={NATIVE_SELECT_CLASS}>
          <option>{several(values.length)}</option>
        </select>
      </>
    );
  }
  return (
    <select ref={ref} id={id} name={param} defaultValue={values[0] ?? ""} className={NATIVE_SELECT_CLASS}>
      <option value="">{anyLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** The look of the app's select trigger (components/ui/select.tsx), so nothing moves when it takes over. */
const NATIVE_SELECT_CLASS =
  "flex h-11 w-full items-center rounded-lg border border-slate-300 bg-white px-3.5 text-left text-sm text-slate-900 shadow-xs outline-hidden hover:border-slate-400 focus-visible:border-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-600/30";
