import { Lock, Sparkles } from "lucide-react";
import { Controller, useFormContext } from "react-hook-form";
import { SEARCH_QUERY_MAX, SEARCH_SORTS, SORT_LABELS } from "../../../../shared/advanced-search.js";
import { ACTIVELY_INVESTING_FILTER_HINT, ACTIVELY_INVESTING_FILTER_LABEL } from "../../../../shared/fund-signals.js";
import { INDUSTRIES } from "../../../../shared/industries.js";
import { countOf } from "../../../../shared/inflect.js";
import { REGIONS } from "../../../../shared/regions.js";
import { STAGES } from "../../../../shared/stages.js";
import { FormField } from "../../../components/form-field.js";
import { MoneyField } from "../../../components/money-field.js";
import { type MultiOption, MultiSelect, ToggleChips } from "../../../components/multi-select.js";
import { SelectField } from "../../../components/select-field.js";
import { Button } from "../../../components/ui/button.js";
import { Switch } from "../../../components/ui/switch.js";
import { cn } from "../../../lib/utils.js";
import type { SearchFormValues } from "../search-form-schema.js";

const STAGE_OPTIONS: MultiOption[] = STAGES.map((stage) => ({ value: stage.code, label: stage.label }));
const INDUSTRY_OPTIONS: MultiOption[] = INDUSTRIES.map((industry) => ({ value: industry.code, label: industry.label }));
const REGION_OPTIONS: MultiOption[] = REGIONS.map((region) => ({ value: region.code, label: region.label }));
const SORT_OPTIONS = SEARCH_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }));

type AdvancedFiltersProps = {
  /** Not a subscriber: the controls show what Premium offers, disabled, with a way to unlock them. */
  locked: boolean;
  countryOptions: readonly MultiOption[];
  onUnlock: () => void;
};

/**
 * The Premium filters (a lazy chunk of the search form): several stages, industries and countries
 * at once, regions, the founder's raise, leads rounds only, a fund-size range, keywords and the
 * order. They edit the same form as the basic selects and apply with 'Find Matching Funds'.
 */
export function AdvancedFilters({ locked, countryOptions, onUnlock }: AdvancedFiltersProps) {
  const { control, register, formState } = useFormContext<SearchFormValues>();
  const errors = formState.errors;

  return (
    <div className="flex flex-col gap-3">
      {locked && (
        <div className="flex flex-col items-start gap-3 rounded-xl bg-indigo-50 p-4 ring-1 ring-indigo-100 sm:flex-row sm:items-center sm:justify-between">
          <p id="advanced-filters-locked" className="flex items-start gap-2 text-sm text-indigo-950">
            <Lock className="mt-0.5 size-4 shrink-0 text-indigo-700" aria-hidden="true" />
            Narrow your list by several stages, industries and countries, region, your raise, leads rounds,
            sector-agnostic or actively investing funds, fund size and keywords, and sort it, with Premium.
          </p>
          <Button onClick={onUnlock} className="shrink-0">
            <Sparkles aria-hidden="true" />
            Unlock advanced filters
          </Button>
        </div>
      )}
      <fieldset
        disabled={locked}
        aria-describedby={locked ? "advanced-filters-locked" : undefined}
        className={cn(
          "grid gap-5 rounded-xl border border-slate-200 bg-slate-50/60 p-4 sm:p-5 md:grid-cols-2 lg:grid-cols-3",
          locked && "pointer-events-none opacity-60 select-none",
        )}
      >
        <legend className="sr-only">Advanced filters</legend>
        <Controller
          control={control}
          name="stages"
          render={({ field }) => (
            <ToggleChips
              label="Funding stages (any of)"
              options={STAGE_OPTIONS}
              values={field.value}
              onChange={field.onChange}
              disabled={locked}
            />
          )}
        />
        <Controller
          control={control}
          name="regions"
          render={({ field }) => (
            <ToggleChips
              label="Regions"
              options={REGION_OPTIONS}
              values={field.value}
              onChange={field.onChange}
              disabled={locked}
            />
          )}
        />
        <div className="grid gap-5 md:col-span-2 lg:col-span-1">
          <Controller
            control={control}
            name="countries"
            render={({ field }) => (
              <MultiSelect
                id="advanced-countries"
                label="Countries (any of)"
                placeholder="Any country"
                options={countryOptions}
                values={field.value}
                onChange={field.onChange}
                disabled={locked}
                several={(count) => countOf(count, "country", "countries")}
              />
            )}
          />
          <Controller
            control={control}
            name="industries"
            render={({ field }) => (
              <MultiSelect
                id="advanced-industries"
                label="Industries (any of)"
                placeholder="Any industry"
                options={INDUSTRY_OPTIONS}
                values={field.value}
                onChange={field.onChange}
                disabled={locked}
                several={(count) => countOf(count, "industry", "industries")}
              />
            )}
          />
        </div>
        <MoneyField
          id="advanced-raise"
          label="Your raise (USD)"
          placeholder="e.g. 750k"
          hint="Funds whose first cheque covers it."
          error={errors.raise?.message}
          {...register("raise")}
        />
        <div className="grid grid-cols-2 gap-3">
          <MoneyField
            id="advanced-size-min"
            label="Fund size from"
            placeholder="$0"
            error={errors.sizeMin?.message}
            {...register("sizeMin")}
          />
          <MoneyField
            id="advanced-size-max"
            label="to (USD)"
            placeholder="Any"
            error={errors.sizeMax?.message}
            {...register("sizeMax")}
          />
        </div>
        <FormField
          id="advanced-query"
          label="Keywords"
          type="search"
          autoComplete="off"
          maxLength={SEARCH_QUERY_MAX}
          placeholder="Name or description, e.g. climate"
          error={errors.query?.message}
          {...register("query")}
        />
        <Controller
          control={control}
          name="leads"
          render={({ field }) => (
            <div className="flex items-center gap-3 self-end pb-2.5">
              <Switch id="advanced-leads" checked={field.value} onCheckedChange={field.onChange} disabled={locked} />
              <label htmlFor="advanced-leads" className="text-sm font-medium text-slate-800">
                Leads rounds only
              </label>
            </div>
          )}
        />
        <Controller
          control={control}
          name="agnostic"
          render={({ field }) => (
            <div className="flex items-center gap-3 self-end pb-2.5">
              <Switch id="advanced-agnostic" checked={field.value} onCheckedChange={field.onChange} disabled={locked} />
              <label htmlFor="advanced-agnostic" className="text-sm font-medium text-slate-800">
                Sector-agnostic funds only
              </label>
            </div>
          )}
        />
        <Controller
          control={control}
          name="active"
          render={({ field }) => (
            // Issue 24: the founder's own choice hides the funds that have not said (facts are sourced or absent).
            <div className="flex items-start gap-3 self-end pb-2.5">
              <Switch
                id="advanced-active"
                checked={field.value}
                onCheckedChange={field.onChange}
                disabled={locked}
                aria-describedby="advanced-active-hint"
                className="mt-0.5"
              />
              <div className="flex flex-col gap-0.5">
                <label htmlFor="advanced-active" className="text-sm font-medium text-slate-800">
                  {ACTIVELY_INVESTING_FILTER_LABEL}
                </label>
                <p id="advanced-active-hint" className="text-xs text-slate-600">
                  {ACTIVELY_INVESTING_FILTER_HINT}
                </p>
              </div>
            </div>
          )}
        />
        <Controller
          control={control}
          name="sort"
          render={({ field }) => (
            <SelectField
              id="advanced-sort"
              label="Sort by"
              value={field.value}
              onChange={field.onChange}
              disabled={locked}
              options={SORT_OPTIONS}
              valueLabel={SORT_LABELS[field.value as keyof typeof SORT_LABELS] ?? field.value}
            />
          )}
        />
      </fieldset>
    </div>
  );
}
