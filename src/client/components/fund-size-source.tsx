import { factDateText, factPublication, oldFundSizeLabel, unsourcedFactText } from "../../shared/fund-facts.js";
import { fundTeamUpdatedText } from "../../shared/fund-team.js";
import type { FundResult } from "../../shared/schemas/funds.js";
import { safeExternalUrl } from "../lib/safe-url.js";

/**
 * Under a card's fund size (search results, similar funds, saved funds): how old it is when it is an older fund's ("older fund (2011)"), and where
 * it came from and when ("techcrunch.com · Mar 2024", linked), or that it has no public source yet.
 */
export function FundSizeSource({
  fund,
}: {
  fund: Pick<FundResult, "fundSize" | "fundSizeSource" | "source" | "curatedOn">;
}) {
  if (fund.fundSize === null) return null;
  const item = fund.fundSizeSource;
  // An older result (a cached answer from before this field) has none: said as unsourced, never invented.
  const older = oldFundSizeLabel(item?.asOf, new Date());
  const url = item ? safeExternalUrl(item.sourceUrl) : null;
  return (
    <>
      {older && (
        <span data-testid="older-fund" className="ml-1.5 text-xs font-medium text-amber-800">
          {older}
        </span>
      )}
      {item?.origin === "fund_team" ? (
        <span data-testid="card-fund-size-source" className="block text-xs font-normal text-slate-600">
          {fundTeamUpdatedText(item.recordedOn)}
        </span>
      ) : item ? (
        <span data-testid="card-fund-size-source" className="block text-xs font-normal text-slate-600">
          {url ? (
            <a
              href={url.href}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
            >
              {factPublication(item)}
            </a>
          ) : (
            factPublication(item)
          )}
          {factDateText(item) && <> · {factDateText(item)}</>}
        </span>
      ) : (
        <span data-testid="card-fund-size-source" className="block text-xs font-normal text-slate-500 italic">
          {unsourcedFactText(fund)}
        </span>
      )}
    </>
  );
}
