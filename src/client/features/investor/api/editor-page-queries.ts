import type { SessionUser } from "../../../../shared/schemas/auth.js";
import type { FundEditorResponse } from "../../../../shared/schemas/investor.js";
import { okJson, type PageQuery } from "../../../lib/page-data.js";
import { fundEditorQueryKey } from "../api.js";
import { fundAudienceQueryKey, fundAudienceUrl } from "./use-fund-audience.js";

/**
 * The fund editor's queries (issue 38): the fund as its team edits it and its founders' interest,
 * answered by the server with the member's own cookie, so the editor paints with the fund's facts
 * before the app starts. The same URLs, keys and data as the page's hooks (api.ts,
 * use-fund-audience.ts); an answer that is not a success (not a member, no such fund) is left to
 * the browser, which shows why. None for a visitor, whose page says to log in.
 */
export function editorPageQueries(fundId: number, user: SessionUser | null | undefined): PageQuery[] {
  if (!user || !Number.isSafeInteger(fundId) || fundId < 1) return [];
  const url = `/_api/investor/funds/${fundId}`;
  return [
    {
      queryKey: fundEditorQueryKey(fundId),
      url,
      toData: (answer) => (okJson(answer) as FundEditorResponse | undefined)?.fund,
      part: "features/investor/api/editor-page-queries.ts",
    },
    { queryKey: fundAudienceQueryKey(fundId), url: fundAudienceUrl(fundId), toData: okJson },
  ];
}
