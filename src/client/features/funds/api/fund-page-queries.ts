import { seesAllResults } from "../../../../shared/entitlements.js";
import { parseFundPath } from "../../../../shared/fund-page.js";
import type { SessionUser } from "../../../../shared/schemas/auth.js";
import { fundStatsPageQuery } from "../../../lib/fund-stats.js";
import { okJson, type PageQuery } from "../../../lib/page-data.js";
import { fundQueryKey, fundUrl } from "./page-queries.js";

/**
 * A fund page's queries: the fund's data for this viewer, or null for a fund that does not exist
 * (the page shows its Not Found state), and the data's counts (a detail no fund has is not offered
 * on the page). Loaded with fund pages only, like the page's own code.
 */
export function fundPageQueries(pathname: string, user: SessionUser | null | undefined): PageQuery[] {
  const fund = parseFundPath(pathname);
  if (!fund || fund.id === 0) return [];
  return [
    {
      queryKey: fundQueryKey(fund.id, seesAllResults(user)),
      url: fundUrl(fund.id),
      toData: (answer) => (answer.status === 404 ? null : okJson(answer)),
      part: "features/funds/api/fund-page-queries.ts",
    },
    fundStatsPageQuery,
  ];
}
