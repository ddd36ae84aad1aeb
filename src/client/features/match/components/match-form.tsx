import { Sparkles } from "lucide-react";
import { useEffect, useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { CONVERTED_CURRENCIES } from "../../../../shared/currency-rates.js";
import { ACTIVELY_INVESTING_FILTER_LABEL, activelyInvestingHint } from "../../../../shared/fund-signals.js";
import { INDUSTRIES } from "../../../../shared/industries.js";
import { countOf } from "../../../../shared/inflect.js";
import { STARTUP_DESCRIPTION_MAX, STARTUP_SECTORS_MAX } from "../../../../shared/schemas/match.js";
import { STAGES, stageLabel } from "../../../../shared/stages.js";
import { MoneyField } from "../../../components/money-field.js";
import { MultiSelect } from "../../../components/multi-select.js";
import { SelectField } from "../../../components/select-field.js";
import { Button } from "../../../components/ui/button.js";
import { Switch } from "../../../components/ui/switch.js";
import { Textarea } from "../../../components/ui/textarea.js";
import { useCountries } from "../../../lib/use-countries.js";
import { cn } from "../../../lib/utils.js";
import { convertedHint, EMPTY_MATCH_FORM, type MatchFormValues, matchFormResolver } from "../match-form-schema.js";

const STAGE_OPTIONS = STAGES.map((stage) => ({ value: stage.code, label: stage.label }));
const SECTOR_OPTIONS = INDUSTRIES.map((industry) => ({ value: industry.code, label: industry.label }));

type MatchFormProps = {
  /** The saved profile as form values, once known; the form takes it over while untouched. */
  initialValues: MatchFormValues | undefined;
  /** Signed-in users may save the profile; visitors only run the match. */
  canSave: boolean;
  /** Subscribers may keep only the funds that say they are actively investing (issue 24). */
  canFilterActive?: boolean;
  /** How many funds said whether they invest (the data's count); the switch is off at 0 (issue 37). */
  statedStatus?: number | undefined;
  pending: boolean;
  onSubmit: (values: MatchFormValues) => Promise<void> | void;
};

/** The startup profile: what the match ranks the funds against. */
export function MatchForm({
  initialValues,
  canSave,
  canFilterActive = false,
  statedStatus,
  pending,
  onSubmit,
}: MatchFormProps) {
  const countries = useCountries();
  const form = useForm<MatchFormValues>({
    resolver: matchFormResolver,
    defaultValues: initialValues ?? EMPTY_MATCH_FORM,
    mode: "onBlur",
  });
  const { control, register, handleSubmit, reset, formState, watch } = form;
  // The inputs' values in the server's HTML too (register sets them only once the app runs), so the
  // page a plain GET lands on shows the profile its URL names.
  const first = initialValues ?? EMPTY_MATCH_FORM;
  const errors = formState.errors;

  // The saved profile arrives after the form is on screen: prefill unless the founder has started typing.
  useEffect(() => {
    if (initialValues && !form.formState.isDirty) reset(initialValues);
  }, [initialValues, reset, form]);

  const country = watch("country");
  const countryOptions = useMemo(() => {
    const names = countries.data ?? [];
    return (country && !names.includes(country) ? [country, ...names] : names).map((name) => ({
      value: name,
      label: name,
    }));
  }, [countries.data, country]);
  const descriptionLength = watch("description").length;
  const currency = watch("currency");
  const raiseHint = convertedHint(watch("raise"), currency, "This round, such as 500k, 2M or €3m.");
  const targetHint = convertedHint(watch("roundTarget"), currency, "The whole round, for your pipeline's progress.");

  return (
    // A plain GET to /match before the app's scripts run: the page reads the profile from its URL.
    <form
      noValidate
      method="get"
      action="/match"
      onSubmit={handleSubmit(onSubmit)}
      aria-labelledby="match-form-title"
      className="flex flex-col gap-5"
    >
      <h2 id="match-form-title" className="text-lg font-semibold text-slate-900">
        Your startup
      </h2>
      <div className="grid gap-5 md:grid-cols-2">
        <Controller
          control={control}
          name="stage"
          render={({ field, fieldState }) => (
            <SelectField
              id="match-stage"
              label="Stage"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              options={STAGE_OPTIONS}
              placeholder="Choose your round"
              valueLabel={field.value ? stageLabel(field.value) : undefined}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="country"
          render={({ field, fieldState }) => (
            <SelectField
              id="match-country"
              label="Country"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              options={countryOptions}
              placeholder={countries.isError ? "Countries could not be loaded" : "Where you are based"}
              valueLabel={field.value || undefined}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="sectors"
          render={({ field, fieldState }) => (
            <div className="flex min-w-0 flex-col gap-1.5 md:col-span-2">
              <MultiSelect
                id="match-sectors"
                label="Sectors"
                placeholder={`Choose 1 to ${STARTUP_SECTORS_MAX} sectors`}
                options={SECTOR_OPTIONS}
                values={field.value}
                // A fourth choice is ignored: the profile names three sectors at most.
                onChange={(values) => field.onChange(values.slice(0, STARTUP_SECTORS_MAX))}
                several={(count) => countOf(count, "sector", "sectors")}
              />
              {fieldState.error ? (
                <FieldError id="match-sectors-error" message={fieldState.error.message} />
              ) : (
                <p className="text-xs text-slate-600">Up to {STARTUP_SECTORS_MAX}.</p>
              )}
            </div>
          )}
        />
        <div className="grid gap-5 sm:grid-cols-[9rem_1fr_1fr] md:col-span-2">
          <div className="flex flex-col gap-1.5">
            <label htmlFor="match-currency" className="text-sm font-medium text-slate-800">
              Currency
            </label>
            {/* A native select: it works from the first paint and its value goes with the form's GET. */}
            <select
              id="match-currency"
              className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs outline-hidden focus-visible:border-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-600/30 sm:text-sm"
              defaultValue={first.currency}
              {...register("currency")}
            >
              {CONVERTED_CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </div>
          <MoneyField
            id="match-raise"
            label={`Raising (${currency})`}
            placeholder={currency === "USD" ? "$2M" : "2M"}
            hint={raiseHint}
            error={errors.raise?.message}
            defaultValue={first.raise}
            {...register("raise")}
          />
          <MoneyField
            id="match-round-target"
            label={`Round target (${currency}, optional)`}
            placeholder={currency === "USD" ? "$3M" : "3M"}
            hint={targetHint}
            error={errors.roundTarget?.message}
            defaultValue={first.roundTarget}
            {...register("roundTarget")}
          />
        </div>
        <div className="flex flex-col gap-1.5 md:col-span-2">
          <label htmlFor="match-description" className="text-sm font-medium text-slate-800">
            What your startup does
          </label>
          <Textarea
            id="match-description"
            rows={2}
            maxLength={STARTUP_DESCRIPTION_MAX}
            placeholder="One line, such as: AI copilot for hospital billing teams"
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={
              errors.description ? "match-description-error match-description-count" : "match-description-count"
            }
            defaultValue={first.description}
            {...register("description")}
          />
          <div className="flex justify-between gap-3 text-xs">
            <FieldError id="match-description-error" message={errors.description?.message} />
            <p id="match-description-count" className="ml-auto text-slate-600">
              {descriptionLength}/{STARTUP_DESCRIPTION_MAX} characters
            </p>
          </div>
        </div>
        <SwitchField control={control} name="needsLead" id="match-needs-lead" label="We still need a lead investor" />
        {canFilterActive && (
          <SwitchField
            control={control}
            name="activelyInvesting"
            id="match-actively-investing"
            label={ACTIVELY_INVESTING_FILTER_LABEL}
            hint={activelyInvestingHint(statedStatus)}
            disabled={statedStatus === 0}
          />
        )}
        {canSave && (
          <SwitchField
            control={control}
            name="saveProfile"
            id="match-save-profile"
            label="Save as my startup profile"
          />
        )}
      </div>
      {errors.root && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.root.message}
        </p>
      )}
      <Button type="submit" size="lg" className="h-11 w-full sm:w-auto sm:self-start" disabled={pending}>
        <Sparkles aria-hidden="true" />
        {pending ? "Matching…" : "Find my funds"}
      </Button>
    </form>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs font-medium text-red-700">
      {message}
    </p>
  );
}

function SwitchField({
  control,
  name,
  id,
  label,
  hint,
  disabled = false,
}: {
  control: ReturnType<typeof useForm<MatchFormValues>>["control"];
  name: "needsLead" | "saveProfile" | "activelyInvesting";
  id: string;
  label: string;
  hint?: string;
  /** Off and not to be switched on (a filter with nothing to go by). */
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className={cn("flex gap-3", hint ? "items-start" : "items-center")}>
          <Switch
            id={id}
            checked={field.value && !disabled}
            disabled={disabled}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            aria-describedby={hint ? `${id}-hint` : undefined}
            className={hint ? "mt-0.5" : undefined}
          />
          <div className="flex flex-col gap-0.5">
            <label htmlFor={id} className="text-sm font-medium text-slate-800">
              {label}
            </label>
            {hint && (
              <p id={`${id}-hint`} className="text-xs text-slate-600">
                {hint}
              </p>
            )}
          </div>
        </div>
      )}
    />
  );
}
