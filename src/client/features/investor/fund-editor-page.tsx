import { ExternalLink, LoaderCircle, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useEffect, useMemo } from "react";
import { type FieldError, get, type Path, type UseFormRegisterReturn, useFieldArray, useForm } from "react-hook-form";
import { Link, useParams } from "react-router";
import { toast } from "sonner";
import { CONVERTED_CURRENCIES } from "../../../shared/currency-rates.js";
import { fundPath } from "../../../shared/fund-page.js";
import { PORTFOLIO_MAX, THESIS_MAX } from "../../../shared/fund-team.js";
import { INDUSTRIES } from "../../../shared/industries.js";
import { INVESTOR_TEXTS } from "../../../shared/investor-texts.js";
import { FUND_EDITOR_META } from "../../../shared/page-meta.js";
import { pitchInboxPath } from "../../../shared/pitches.js";
import type { FundEditorData } from "../../../shared/schemas/investor.js";
import { STAGES } from "../../../shared/stages.js";
import { AccessDeniedScreen } from "../../components/access-denied.js";
import { FormField } from "../../components/form-field.js";
import { Button } from "../../components/ui/button.js";
import { Skeleton } from "../../components/ui/skeleton.js";
import { ApiError } from "../../lib/api-client.js";
import { useHydrated } from "../../lib/use-hydrated.js";
import { usePageMeta } from "../../lib/use-page-meta.js";
import { useSessionQuery } from "../../lib/use-session-query.js";
import { useFundEditor, useUpdateFundFacts } from "./api.js";
import { AudienceSection } from "./components/audience-counts.js";
import { type EditorFormValues, editorResolver, formValuesOf, parsedPatch } from "./editor-form.js";

const controlClass =
  "h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-hidden";
const textareaClass =
  "min-h-32 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-hidden";

/** /investor/funds/:id: the fund's own editor, for members of its team (issue 24). */
export function FundEditorPage() {
  usePageMeta(FUND_EDITOR_META);
  const params = useParams();
  const fundId = Number(params.id);
  const session = useSessionQuery();
  if (session.isPending) return <EditorSkeleton />;
  if (!session.data?.user) {
    return (
      <AccessDeniedScreen title="Access Denied" message="Please log in to edit your fund.">
        <Button asChild className="mt-8">
          <Link to="/login">Log In</Link>
        </Button>
      </AccessDeniedScreen>
    );
  }
  return <EditorLoader fundId={fundId} />;
}

function EditorLoader({ fundId }: { fundId: number }) {
  const editor = useFundEditor(fundId);
  if (editor.isPending) return <EditorSkeleton />;
  if (editor.isError) {
    const status = editor.error instanceof ApiError ? editor.error.status : 0;
    return (
      <AccessDeniedScreen
        title={status === 404 ? "Fund not found" : "Access Denied"}
        message={
          status === 404
            ? INVESTOR_TEXTS.notFound
            : status === 403
              ? INVESTOR_TEXTS.notMember
              : INVESTOR_TEXTS.loadFailed
        }
      >
        <Button asChild className="mt-8" variant="outline">
          <Link to="/investor/funds">{INVESTOR_TEXTS.backToMyFunds}</Link>
        </Button>
      </AccessDeniedScreen>
    );
  }
  return <FundEditor fund={editor.data} />;
}

function EditorSkeleton() {
  return (
    // At least a screen tall: the footer starts below the fold and the editor, taller still, moves
    // nothing in view when it arrives (a layout shift of 0.35 measured with a shorter placeholder).
    <div
      className="mx-auto flex min-h-screen max-w-3xl flex-col gap-4 px-4 py-10"
      role="status"
      aria-busy="true"
      aria-label="Loading your fund"
    >
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {children}
    </section>
  );
}

function ErrorText({ id, error }: { id: string; error: FieldError | undefined }) {
  return error?.message ? (
    <p id={id} className="text-xs font-medium text-red-700">
      {error.message}
    </p>
  ) : null;
}

/** One field as radio buttons, its legend for screen readers; `inputProps` registers each choice. */
function RadioChoices({
  legend,
  options,
  inputProps,
}: {
  legend: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  inputProps: (value: string) => UseFormRegisterReturn & { defaultChecked: boolean };
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="flex items-center gap-2 text-sm text-slate-800">
          <input type="radio" value={option.value} className="size-4 accent-indigo-600" {...inputProps(option.value)} />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** A list of checkboxes registered as one field (the stages, the industries), with its error. */
function CheckboxGroup({
  legend,
  options,
  listClassName,
  inputProps,
  checked,
  errorId,
  error,
}: {
  legend: string;
  options: ReadonlyArray<{ code: string; label: string }>;
  listClassName: string;
  inputProps: UseFormRegisterReturn;
  /** The saved choice, in the HTML before the app starts. */
  checked: readonly string[];
  errorId: string;
  error: FieldError | undefined;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className={`mt-2 ${listClassName}`}>
        {options.map((option) => (
          <label key={option.code} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              value={option.code}
              defaultChecked={checked.includes(option.code)}
              className="size-4 accent-indigo-600"
              {...inputProps}
            />
            {option.label}
          </label>
        ))}
      </div>
      <ErrorText id={errorId} error={error} />
    </fieldset>
  );
}

function FundEditor({ fund }: { fund: FundEditorData }) {
  const update = useUpdateFundFacts(fund.id);
  const defaults = useMemo(() => formValuesOf(fund), [fund]);
  const form = useForm<EditorFormValues>({ resolver: editorResolver, defaultValues: defaults });
  const { register: registerField, handleSubmit, reset, formState, watch, control, setError } = form;
  // The editor is rendered on the server (issue 38: drawn in the browser alone it painted after 5 s
  // on a phone), where react-hook-form's refs never run: each field carries its saved value in the
  // HTML itself (value, checked), so the page shows the fund's facts before the app starts.
  const register = <N extends Path<EditorFormValues>>(name: N) => ({
    ...registerField(name),
    defaultValue: String(get(defaults, name) ?? ""),
  });
  const choice = <N extends Path<EditorFormValues>>(name: N, value: string) => ({
    ...registerField(name),
    defaultChecked: get(defaults, name) === value,
  });
  // Until the app has taken the page over, nothing listens to the form and the app would put the
  // saved values back over anything typed: the fields are shown but not editable until then.
  const live = useHydrated();
  const errors = formState.errors;
  const portfolio = useFieldArray({ control, name: "portfolio" });

  useEffect(() => {
    reset(defaults);
  }, [defaults, reset]);

  const submit = handleSubmit((values) => {
    update.mutate(parsedPatch(values), {
      onSuccess: () => toast.success(INVESTOR_TEXTS.saved),
      onError: (error) => {
        const message =
          error instanceof ApiError && error.serverMessage ? error.serverMessage : INVESTOR_TEXTS.saveFailed;
        // The server's own rules (the pitch e-mail's domain, a pause date) name their field.
        if (/pitch/i.test(message)) setError("pitchTarget", { message });
        else if (/paused/i.test(message)) setError("pausedUntil", { message });
        else if (/cheque/i.test(message)) setError("checkSizeMaxUsd", { message });
        else toast.error(message);
      },
    });
  });

  const pending = update.isPending;
  const thesisLength = (watch("description") ?? "").length;
  const investing = watch("investingStatus");
  const pitchRoute = watch("pitchRoute");
  const listed = watch("listing.listed");

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <nav className="text-sm">
        <Link to="/investor/funds" className="text-indigo-700 underline-offset-2 hover:underline">
          {INVESTOR_TEXTS.backToMyFunds}
        </Link>
      </nav>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight break-words text-slate-900">{fund.name}</h1>
          <p className="mt-2 text-sm text-slate-600">{INVESTOR_TEXTS.editorIntro}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {fund.pitchRoute === "fundmatch" && (
            <Button asChild variant="outline" size="sm">
              <Link to={pitchInboxPath(fund.id)}>Pitches</Link>
            </Button>
          )}
          <Button asChild variant="outline" size="sm">
            <Link to={fundPath(fund)}>
              <ExternalLink aria-hidden="true" />
              {INVESTOR_TEXTS.viewPage}
            </Link>
          </Button>
        </div>
      </div>

      <form
        onSubmit={submit}
        noValidate
        className="mt-8"
        aria-label={INVESTOR_TEXTS.editorTitle}
        aria-busy={live ? undefined : true}
      >
        <fieldset disabled={!live} className="flex min-w-0 flex-col gap-6">
          <Section title="The fund">
            <FormField
              id="editor-vehicleName"
              label="Name of the current fund"
              placeholder="Fund IV"
              hint="The vehicle you are investing from now, as you name it."
              error={errors.vehicleName?.message}
              {...register("vehicleName")}
            />
            <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
              <FormField
                id="editor-fundSize"
                label="Fund size"
                inputMode="text"
                placeholder="250000000"
                hint="The whole amount, e.g. 250000000 for 250 million."
                error={errors.fundSize?.message}
                {...register("fundSize")}
              />
              <div className="flex flex-col gap-1.5">
                <label htmlFor="editor-currency" className="text-sm font-medium text-slate-800">
                  Currency
                </label>
                <select
                  id="editor-currency"
                  className={controlClass}
                  aria-invalid={errors.currency ? true : undefined}
                  aria-describedby={errors.currency ? "editor-currency-error" : undefined}
                  {...register("currency")}
                >
                  {/* A size stored in another currency before this rule shows as none chosen, to choose again. */}
                  <option value="" disabled hidden>
                    Choose
                  </option>
                  {CONVERTED_CURRENCIES.map((code) => (
                    <option key={code} value={code}>
                      {code}
                    </option>
                  ))}
                </select>
                <ErrorText id="editor-currency-error" error={errors.currency} />
              </div>
            </div>
            <FormField
              id="editor-closeDate"
              label="Final close (optional)"
              type="date"
              hint="The day the fund closed, if it has."
              error={errors.closeDate?.message}
              {...register("closeDate")}
            />
          </Section>

          <Section title="Cheques and rounds">
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                id="editor-checkSizeMinUsd"
                label="Smallest cheque (USD)"
                inputMode="text"
                error={errors.checkSizeMinUsd?.message}
                {...register("checkSizeMinUsd")}
              />
              <FormField
                id="editor-checkSizeMaxUsd"
                label="Largest cheque (USD)"
                inputMode="text"
                error={errors.checkSizeMaxUsd?.message}
                {...register("checkSizeMaxUsd")}
              />
            </div>
            <div className="flex flex-col gap-1.5 sm:max-w-xs">
              <label htmlFor="editor-leadsRounds" className="text-sm font-medium text-slate-800">
                Leads rounds
              </label>
              <select id="editor-leadsRounds" className={controlClass} {...register("leadsRounds")}>
                <option value="">Not stated</option>
                <option value="yes">Yes, leads or co-leads</option>
                <option value="no">Usually follows</option>
              </select>
            </div>
          </Section>

          <Section title="Stages and industries">
            <CheckboxGroup
              legend="Stages"
              options={STAGES}
              listClassName="flex flex-wrap gap-x-4 gap-y-2"
              inputProps={registerField("fundingStages")}
              checked={defaults.fundingStages}
              errorId="editor-stages-error"
              error={errors.fundingStages as FieldError | undefined}
            />
            <div className="flex flex-col gap-1.5 sm:max-w-xs">
              <label htmlFor="editor-sectorAgnostic" className="text-sm font-medium text-slate-800">
                Sector-agnostic
              </label>
              <select id="editor-sectorAgnostic" className={controlClass} {...register("sectorAgnostic")}>
                <option value="">Not stated</option>
                <option value="yes">Yes: we invest across sectors</option>
                <option value="no">No: the industries below</option>
              </select>
            </div>
            <CheckboxGroup
              legend="Industries"
              options={INDUSTRIES}
              listClassName="grid max-h-56 grid-cols-1 gap-2 overflow-y-auto rounded-lg border border-slate-200 p-3 sm:grid-cols-2"
              inputProps={registerField("industryFocus")}
              checked={defaults.industryFocus}
              errorId="editor-industries-error"
              error={errors.industryFocus as FieldError | undefined}
            />
          </Section>

          <Section title="Thesis">
            <div className="flex flex-col gap-1.5">
              <label htmlFor="editor-description" className="text-sm font-medium text-slate-800">
                What you invest in, in your words
              </label>
              <textarea
                id="editor-description"
                rows={5}
                className={textareaClass}
                aria-invalid={errors.description ? true : undefined}
                aria-describedby="editor-description-count"
                {...register("description")}
              />
              <p
                id="editor-description-count"
                className={thesisLength > THESIS_MAX ? "text-xs font-medium text-red-700" : "text-xs text-slate-600"}
              >
                {thesisLength} / {THESIS_MAX} characters
              </p>
              <ErrorText id="editor-description-error" error={errors.description} />
            </div>
          </Section>

          <Section
            title="Portfolio"
            description={`Up to ${PORTFOLIO_MAX} companies, each with its web address if you like.`}
          >
            <ul className="flex flex-col gap-3" aria-label="Portfolio companies">
              {portfolio.fields.map((item, index) => (
                <li
                  key={item.id}
                  className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start sm:border-0 sm:p-0"
                >
                  <FormField
                    id={`editor-portfolio-${index}-name`}
                    label={`Company ${index + 1}`}
                    error={errors.portfolio?.[index]?.name?.message}
                    {...registerField(`portfolio.${index}.name`)}
                    defaultValue={item.name}
                  />
                  <FormField
                    id={`editor-portfolio-${index}-url`}
                    label="Web address (optional)"
                    type="url"
                    placeholder="https://"
                    error={errors.portfolio?.[index]?.url?.message}
                    {...registerField(`portfolio.${index}.url`)}
                    defaultValue={item.url}
                  />
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    className="sm:mt-7"
                    onClick={() => portfolio.remove(index)}
                    aria-label={`${INVESTOR_TEXTS.removeCompany} company ${index + 1}`}
                  >
                    <Trash2 aria-hidden="true" />
                    {INVESTOR_TEXTS.removeCompany}
                  </Button>
                </li>
              ))}
            </ul>
            <ErrorText id="editor-portfolio-error" error={errors.portfolio?.root ?? (errors.portfolio as FieldError)} />
            <div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={portfolio.fields.length >= PORTFOLIO_MAX}
                onClick={() => portfolio.append({ name: "", url: "" })}
              >
                <Plus aria-hidden="true" />
                {INVESTOR_TEXTS.addCompany}
              </Button>
            </div>
          </Section>

          <Section title="Investing now">
            <RadioChoices
              legend="Is the fund investing now?"
              options={[
                { value: "", label: "Not stated" },
                { value: "active", label: "Yes, actively investing" },
                { value: "paused", label: "Paused" },
              ]}
              inputProps={(value) => choice("investingStatus", value)}
            />
            {investing === "paused" && (
              <FormField
                id="editor-pausedUntil"
                label="Investing again from (optional)"
                type="date"
                error={errors.pausedUntil?.message}
                {...register("pausedUntil")}
              />
            )}
          </Section>

          <Section title="How to pitch" description="Shown to subscribers next to your website.">
            <RadioChoices
              legend="How founders should pitch"
              options={[
                { value: "", label: "Not stated" },
                { value: "form", label: "Our own pitch form" },
                { value: "email", label: "By e-mail" },
                { value: "warm_intro", label: "Warm introductions only" },
                { value: "fundmatch", label: "Pitch through FundMatch (founders send a deck to your inbox)" },
              ]}
              inputProps={(value) => choice("pitchRoute", value)}
            />
            {(pitchRoute === "form" || pitchRoute === "email") && (
              <FormField
                id="editor-pitchTarget"
                label={pitchRoute === "form" ? "The form's web address" : "The e-mail address"}
                type={pitchRoute === "form" ? "url" : "email"}
                placeholder={pitchRoute === "form" ? "https://" : fund.emailDomain ? `pitch@${fund.emailDomain}` : ""}
                hint={
                  pitchRoute === "email"
                    ? fund.emailDomain
                      ? `An address at ${fund.emailDomain}.`
                      : "An address at your fund's domain (add your website to your profile first)."
                    : undefined
                }
                error={errors.pitchTarget?.message}
                {...register("pitchTarget")}
              />
            )}
          </Section>

          <Section
            title="You on the team"
            description="Opt in to be listed on the fund's page; you can remove yourself at any time."
          >
            <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
              <input
                type="checkbox"
                className="size-4 accent-indigo-600"
                defaultChecked={defaults.listing.listed}
                {...registerField("listing.listed")}
              />
              List me on the fund's team
            </label>
            {listed && (
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField
                  id="editor-listing-name"
                  label="Your name"
                  autoComplete="name"
                  error={errors.listing?.name?.message}
                  {...register("listing.name")}
                />
                <FormField
                  id="editor-listing-role"
                  label="Your role"
                  placeholder="Partner"
                  error={errors.listing?.role?.message}
                  {...register("listing.role")}
                />
                <div className="sm:col-span-2">
                  <FormField
                    id="editor-listing-linkedin"
                    label="Your LinkedIn URL (optional)"
                    type="url"
                    placeholder="https://www.linkedin.com/in/…"
                    error={errors.listing?.linkedin?.message}
                    {...register("listing.linkedin")}
                  />
                </div>
              </div>
            )}
          </Section>

          <div className="sticky bottom-0 -mx-4 flex justify-end border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
            <Button type="submit" disabled={pending}>
              {pending && <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />}
              {pending ? INVESTOR_TEXTS.saving : INVESTOR_TEXTS.save}
            </Button>
          </div>
        </fieldset>
      </form>

      <div className="mt-10">
        <AudienceSection fundId={fund.id} />
      </div>
    </div>
  );
}
