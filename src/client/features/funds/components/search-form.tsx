import { zodResolver } from "@hookform/resolvers/zod";
import { Search } from "lucide-react";
import { useEffect, useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { INDUSTRIES } from "../../../../shared/industries.js";
import {
  ANY_VALUE,
  EMPTY_SEARCH,
  type SearchFormValues,
  searchValuesFromQuery,
  searchValuesToQuery,
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
import { cn } from "../../../lib/utils.js";
import { useCountries } from "../api/use-countries.js";
import { searchFormSchema } from "../search-form-schema.js";
import { loadResultsPanel } from "./results-section.js";

type Option = { value: string; label: string };

const STAGE_OPTIONS: Option[] = STAGES.map((stage) => ({ value: stage.code, label: stage.label }));
const INDUSTRY_OPTIONS: Option[] = INDUSTRIES.map((industry) => ({ value: industry.code, label: industry.label }));

function valuesKey(values: SearchFormValues): string {
  return JSON.stringify([values.country, values.fundingStage, values.industry]);
}

/**
 * The search form (loaded lazily by SearchSection). Its state lives in the URL: submitting pushes
 * ?search=1&country=..&stage=..&industry=.., and the form follows the URL, so shared links and Back
 * both restore a search.
 */
export function SearchForm() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const countries = useCountries();

  const urlValues = searchValuesFromQuery(searchParams) ?? EMPTY_SEARCH;
  const urlKey = valuesKey(urlValues);

  const form = useForm<SearchFormValues>({
    resolver: zodResolver(searchFormSchema),
    defaultValues: urlValues,
    mode: "onBlur",
  });
  const { control, handleSubmit, reset, formState } = form;

  // biome-ignore lint/correctness/useExhaustiveDependencies: urlKey is the identity of urlValues.
  useEffect(() => {
    reset(urlValues);
  }, [urlKey, reset]);

  // Someone looking at the form is about to search: fetch the results code now, not after the click.
  useEffect(() => {
    void loadResultsPanel();
  }, []);

  const selectedCountry = form.watch("country");
  const countryOptions = useMemo<Option[]>(() => {
    const names = countries.data ?? [];
    // A shared link may name a country before (or without) the list loading; keep it selectable.
    const withCurrent =
      selectedCountry && selectedCountry !== ANY_VALUE && !names.includes(selectedCountry)
        ? [selectedCountry, ...names]
        : names;
    return withCurrent.map((name) => ({ value: name, label: name }));
  }, [countries.data, selectedCountry]);

  const fields: Array<
    Pick<SelectFieldProps, "id" | "label" | "anyLabel" | "options" | "note"> & {
      name: keyof SearchFormValues;
    }
  > = [
    {
      name: "country",
      id: "search-country",
      label: "Country",
      anyLabel: TEXTS.home.anyCountry,
      options: countryOptions,
      note: countries.isError ? "Countries could not be loaded; searching all countries." : undefined,
    },
    {
      name: "fundingStage",
      id: "search-stage",
      label: "Funding Stage",
      anyLabel: TEXTS.home.anyStage,
      options: STAGE_OPTIONS,
    },
    {
      name: "industry",
      id: "search-industry",
      label: "Industry Focus",
      anyLabel: TEXTS.home.anyIndustry,
      options: INDUSTRY_OPTIONS,
    },
  ];

  const onSubmit = handleSubmit((values) => {
    const search = `?${searchValuesToQuery(values).toString()}`;
    // Re-running the same search replaces the entry so Back does not step through duplicates.
    navigate({ pathname: "/", search }, { replace: search === location.search, preventScrollReset: true });
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4 md:grid-cols-3 lg:grid-cols-[repeat(3,minmax(0,1fr))_auto] lg:items-end"
    >
      {fields.map((spec) => (
        <Controller
          key={spec.name}
          control={control}
          name={spec.name}
          render={({ field, fieldState }) => (
            <SelectField
              {...spec}
              value={field.value}
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
    </form>
  );
}

type SelectFieldProps = {
  id: string;
  label: string;
  anyLabel: string;
  options: Option[];
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string | undefined;
  note?: string | undefined;
};

function SelectField({ id, label, anyLabel, options, value, onChange, onBlur, error, note }: SelectFieldProps) {
  const messageId = `${id}-message`;
  const message = error ?? note;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger
          id={id}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
        >
          <SelectValue placeholder={anyLabel} />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY_VALUE}>{anyLabel}</SelectItem>
          {options.length > 0 && <SelectSeparator />}
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
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
