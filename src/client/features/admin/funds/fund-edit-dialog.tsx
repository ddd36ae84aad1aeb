import { LoaderCircle } from "lucide-react";
import { useEffect } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { toast } from "sonner";
import { ADMIN_TEXTS, FUNDS_ADMIN_TEXTS } from "../../../../shared/admin-texts.js";
import { CONVERTED_CURRENCIES } from "../../../../shared/currency-rates.js";
import { FUND_STATUS_LABELS, FUND_STATUSES } from "../../../../shared/fund-facts.js";
import { INDUSTRIES } from "../../../../shared/industries.js";
import type { AdminFund } from "../../../../shared/schemas/admin-funds.js";
import { fundInputSchema } from "../../../../shared/schemas/fund-input.js";
import { STAGES } from "../../../../shared/stages.js";
import { FormField } from "../../../components/form-field.js";
import { Button } from "../../../components/ui/button.js";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.js";
import { ApiError } from "../../../lib/api-client.js";
import { type FundFormValues, formValuesOf, fundInputOf } from "./fund-form-values.js";
import { useUpdateFund } from "./use-admin-funds.js";

/**
 * Validation through the shared fund rules (the import's and the update call's own): each issue is
 * shown at the field its path names.
 */
const resolver: Resolver<FundFormValues> = async (values) => {
  const parsed = fundInputSchema.safeParse(fundInputOf(values));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<FundFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "name") as keyof FundFormValues;
    if (!errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

const textareaClass =
  "min-h-24 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-hidden";

export function FundEditDialog({ fund, onClose }: { fund: AdminFund | null; onClose: () => void }) {
  const update = useUpdateFund();
  const form = useForm<FundFormValues>({ resolver, mode: "onBlur" });
  const { register, handleSubmit, reset, formState, setError } = form;
  const errors = formState.errors;

  useEffect(() => {
    if (fund) reset(formValuesOf(fund));
  }, [fund, reset]);

  const submit = handleSubmit((values) => {
    if (!fund) return;
    update.mutate(
      { id: fund.id, fund: fundInputOf(values) },
      {
        onSuccess: () => {
          toast.success(FUNDS_ADMIN_TEXTS.saved);
          onClose();
        },
        onError: (error) => {
          const message =
            error instanceof ApiError && error.serverMessage ? error.serverMessage : FUNDS_ADMIN_TEXTS.saveFailed;
          if (/^Country /.test(message)) setError("country", { message });
          else toast.error(message);
        },
      },
    );
  });

  const pending = update.isPending;
  const field = (name: keyof FundFormValues, label: string, extra: Record<string, unknown> = {}) => (
    <FormField id={`fund-${name}`} label={label} error={errors[name]?.message} {...register(name)} {...extra} />
  );

  return (
    <Dialog
      open={fund !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
    >
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{FUNDS_ADMIN_TEXTS.editTitle}</DialogTitle>
          <DialogDescription>{fund?.name}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-5">
          <div className="grid gap-4 sm:grid-cols-2">
            {field("name", "Name")}
            {field("country", "Country", { hint: "A name, an ISO code or a short form such as USA." })}
            {field("city", "City")}
            {field("fundManager", "Fund manager")}
            {field("website", "Website", { type: "url", placeholder: "https://" })}
            {field("linkedin", "LinkedIn", { type: "url", placeholder: "https://www.linkedin.com/company/…" })}
            {field("fundSize", "Fund size", { inputMode: "text" })}
            <div className="flex flex-col gap-1.5">
              <label htmlFor="fund-currency" className="text-sm font-medium text-slate-800">
                Currency
              </label>
              {/* Only the currencies the product converts: a size in any other could not be compared. */}
              <select
                id="fund-currency"
                {...register("currency")}
                aria-invalid={errors.currency ? true : undefined}
                aria-describedby={errors.currency ? "fund-currency-error" : undefined}
                className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm"
              >
                <option value="">None</option>
                {CONVERTED_CURRENCIES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
              {errors.currency && (
                <p id="fund-currency-error" className="text-xs font-medium text-red-700">
                  {errors.currency.message}
                </p>
              )}
            </div>
            {field("checkSizeMinUsd", "Minimum check size (USD)", { inputMode: "text" })}
            {field("checkSizeMaxUsd", "Maximum check size (USD)", { inputMode: "text" })}
            {field("foundedYear", "Founded year", { inputMode: "numeric" })}
            {/* Saving is a review: the server sets the date to today, so the form only shows it. */}
            {field("lastReviewed", "Last reviewed", {
              type: "date",
              readOnly: true,
              hint: "Saving sets it to today.",
            })}
            <div className="flex flex-col gap-1.5">
              <label htmlFor="fund-leadsRounds" className="text-sm font-medium text-slate-800">
                Leads rounds
              </label>
              <select
                id="fund-leadsRounds"
                {...register("leadsRounds")}
                className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm"
              >
                <option value="">Unknown</option>
                <option value="yes">Yes</option>
                <option value="no">No</option>
              </select>
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor="fund-sectorAgnostic" className="text-sm font-medium text-slate-800">
                Sector agnostic
              </label>
              <select
                id="fund-sectorAgnostic"
                {...register("sectorAgnostic")}
                className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm"
              >
                <option value="">Not stated</option>
                <option value="yes">Yes: invests across sectors</option>
                <option value="no">No</option>
              </select>
            </div>
          </div>

          <fieldset aria-describedby={errors.fundingStages ? "fund-stages-error" : undefined}>
            <legend className="text-sm font-medium text-slate-800">Funding stages</legend>
            <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
              {STAGES.map((stage) => (
                <label key={stage.code} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    value={stage.code}
                    {...register("fundingStages")}
                    className="size-4 accent-indigo-600"
                  />
                  {stage.label}
                </label>
              ))}
            </div>
            {errors.fundingStages && (
              <p id="fund-stages-error" className="mt-1 text-xs font-medium text-red-700">
                {errors.fundingStages.message}
              </p>
            )}
          </fieldset>

          <fieldset aria-describedby={errors.industryFocus ? "fund-industries-error" : undefined}>
            <legend className="text-sm font-medium text-slate-800">Industry focus</legend>
            <div className="mt-2 grid max-h-48 grid-cols-1 gap-2 overflow-y-auto rounded-lg border border-slate-200 p-3 sm:grid-cols-2 lg:grid-cols-3">
              {INDUSTRIES.map((industry) => (
                <label key={industry.code} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    value={industry.code}
                    {...register("industryFocus")}
                    className="size-4 accent-indigo-600"
                  />
                  {industry.label}
                </label>
              ))}
            </div>
            {errors.industryFocus && (
              <p id="fund-industries-error" className="mt-1 text-xs font-medium text-red-700">
                {errors.industryFocus.message}
              </p>
            )}
          </fieldset>

          <div className="flex flex-col gap-1.5">
            <label htmlFor="fund-description" className="text-sm font-medium text-slate-800">
              Description
            </label>
            <textarea id="fund-description" rows={4} {...register("description")} className={textareaClass} />
            {errors.description && <p className="text-xs font-medium text-red-700">{errors.description.message}</p>}
          </div>

          {/* Issue 36: a source's report that the firm no longer raises or invests, with its source and date. */}
          <fieldset className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4">
            <legend className="px-1 text-sm font-medium text-slate-800">{FUNDS_ADMIN_TEXTS.statusLegend}</legend>
            <p className="text-xs text-slate-600">{FUNDS_ADMIN_TEXTS.statusHint}</p>
            <div className="grid gap-4 sm:grid-cols-3">
              <div className="flex flex-col gap-1.5">
                <label htmlFor="fund-status" className="text-sm font-medium text-slate-800">
                  {FUNDS_ADMIN_TEXTS.statusLabel}
                </label>
                <select
                  id="fund-status"
                  {...register("status")}
                  className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm"
                >
                  <option value="">{FUNDS_ADMIN_TEXTS.statusNone}</option>
                  {FUND_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {FUND_STATUS_LABELS[status]}
                    </option>
                  ))}
                </select>
              </div>
              {field("statusSourceUrl", FUNDS_ADMIN_TEXTS.statusSource, { type: "url", placeholder: "https://" })}
              {field("statusAsOf", FUNDS_ADMIN_TEXTS.statusAsOf, { placeholder: "2025-03", inputMode: "numeric" })}
            </div>
          </fieldset>

          <div className="flex flex-col gap-1.5">
            <label htmlFor="fund-portfolio" className="text-sm font-medium text-slate-800">
              Portfolio (one company a line)
            </label>
            <textarea id="fund-portfolio" rows={3} {...register("portfolio")} className={textareaClass} />
            {errors.portfolio && <p className="text-xs font-medium text-red-700">{errors.portfolio.message}</p>}
          </div>

          {/* The long form scrolls inside the dialog; Save and Cancel stay in view at its foot. */}
          <DialogFooter className="sticky -bottom-6 -mx-6 -mb-6 border-t border-slate-200 bg-white px-6 py-4 sm:-bottom-7 sm:-mx-7 sm:-mb-7 sm:px-7">
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                {ADMIN_TEXTS.cancel}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={pending}>
              {pending && <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />}
              {pending ? FUNDS_ADMIN_TEXTS.saving : FUNDS_ADMIN_TEXTS.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
