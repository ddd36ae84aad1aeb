import { isIndustryCode } from "./industries.js";
import type { FundSearchRequest } from "./schemas/funds.js";
import { isStageCode } from "./stages.js";

/** The select value that means "no filter". */
export const ANY_VALUE = "__empty";

export type SearchFormValues = { country: string; fundingStage: string; industry: string };

export const EMPTY_SEARCH: SearchFormValues = { country: ANY_VALUE, fundingStage: ANY_VALUE, industry: ANY_VALUE };

/** Form values to the search payload: '__empty' drops the filter, industry goes as a one-element list. */
export function toSearchRequest(values: SearchFormValues): FundSearchRequest {
  const request: FundSearchRequest = {};
  if (values.country && values.country !== ANY_VALUE) request.country = values.country;
  if (values.fundingStage && values.fundingStage !== ANY_VALUE && isStageCode(values.fundingStage)) {
    request.fundingStage = values.fundingStage;
  }
  if (values.industry && values.industry !== ANY_VALUE && isIndustryCode(values.industry)) {
    request.industryFocus = [values.industry];
  }
  return request;
}

/** URL query (?country=&stage=&industry=) to form values; unknown codes fall back to "any". */
export function searchValuesFromQuery(params: URLSearchParams): SearchFormValues | null {
  const country = params.get("country")?.trim() ?? "";
  const stage = params.get("stage") ?? "";
  const industry = params.get("industry") ?? "";
  if (!params.has("search")) return null;
  return {
    country: country || ANY_VALUE,
    fundingStage: isStageCode(stage) ? stage : ANY_VALUE,
    industry: isIndustryCode(industry) ? industry : ANY_VALUE,
  };
}

/** Form values to a shareable URL query; `search=1` marks that a search was run. */
export function searchValuesToQuery(values: SearchFormValues): URLSearchParams {
  const params = new URLSearchParams({ search: "1" });
  if (values.country !== ANY_VALUE) params.set("country", values.country);
  if (values.fundingStage !== ANY_VALUE) params.set("stage", values.fundingStage);
  if (values.industry !== ANY_VALUE) params.set("industry", values.industry);
  return params;
}
