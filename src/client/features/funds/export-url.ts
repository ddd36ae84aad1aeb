import { type SearchFormValues, toSearchRequest } from "../../../shared/search-params.js";

/** GET /_api/funds/export with the search's filters, as the server's fundExportQuerySchema reads them. */
export function exportUrl(values: SearchFormValues): string {
  const request = toSearchRequest(values);
  const params = new URLSearchParams();
  if (request.country) params.set("country", request.country);
  if (request.fundingStage) params.set("fundingStage", request.fundingStage);
  const industry = request.industryFocus?.[0];
  if (industry) params.set("industryFocus", industry);
  const query = params.toString();
  return query ? `/_api/funds/export?${query}` : "/_api/funds/export";
}
