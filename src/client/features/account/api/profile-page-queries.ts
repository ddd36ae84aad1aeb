import type { SessionUser } from "../../../../shared/schemas/auth.js";
import { accountStatusQueryKey } from "../../../lib/account-status.js";
import { okJson, type PageQuery } from "../../../lib/page-data.js";
import { savedFundsQueryKey } from "../../../lib/saved-funds.js";
import { savedSearchesQueryKey } from "../../../lib/saved-searches.js";
import { myReportsQueryKey, profileQueryKey, startupProfileQueryKey, userPitchesQueryKey } from "./query-keys.js";

/** The answer's JSON field `field` when it is a list, for queries whose data is that list. */
const listOf = (field: string) => (answer: Parameters<PageQuery["toData"]>[0]) => {
  const body = okJson(answer) as Record<string, unknown> | undefined;
  return Array.isArray(body?.[field]) ? body[field] : undefined;
};

/**
 * /profile's queries (issue 38): what its first screen shows (the account cards, the pitches, the
 * saved funds as a list or a board, the round's progress), answered by the server with the
 * member's own cookie so the page paints with their data before the app starts. The same URLs,
 * keys and data shapes as the page's hooks (use-account-queries.ts, account-status.ts,
 * saved-searches.ts, pitches-section.tsx, use-pipeline-board.ts). A visitor has none: the server
 * sends them to the login page. Loaded with /profile only, like the page's own code.
 */
export function profilePageQueries(user: SessionUser | null | undefined): PageQuery[] {
  if (!user) return [];
  return [
    { queryKey: profileQueryKey, url: "/_api/user/profile", toData: okJson },
    { queryKey: accountStatusQueryKey, url: "/_api/user/account-status", toData: okJson },
    { queryKey: [...savedFundsQueryKey, "details"], url: "/_api/user/saved-funds", toData: listOf("funds") },
    { queryKey: savedSearchesQueryKey, url: "/_api/user/saved-searches", toData: listOf("savedSearches") },
    { queryKey: myReportsQueryKey, url: "/_api/user/reports", toData: okJson },
    { queryKey: userPitchesQueryKey, url: "/_api/user/pitches", toData: okJson },
    {
      queryKey: startupProfileQueryKey,
      url: "/_api/user/startup-profile",
      // No saved profile reads as none, as the hook reads it.
      toData: (answer) => (answer.status === 404 ? { profile: null } : okJson(answer)),
      part: "features/account/api/profile-page-queries.ts",
    },
  ];
}
