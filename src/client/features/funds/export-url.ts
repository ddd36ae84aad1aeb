import { type SearchState, toSearchRequest } from "../../../shared/search-params.js";

/**
 * GET /_api/funds/export with the search's filters under the search's field names (lists as
 * repeated parameters), as the server's fundExportQuerySchema reads them: the file holds what the
 * search shows.
 */
export function exportUrl(state: SearchState): string {
  const request = toSearchRequest(state);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(request)) {
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else if (value !== undefined) params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `/_api/funds/export?${query}` : "/_api/funds/export";
}
