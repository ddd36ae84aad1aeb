import { factDateText, factPublication, oldFundSizeLabel, unsourcedFactText } from "../../shared/fund-facts.js";
import { fundTeamUpdatedText } from "../../shared/fund-team.js";
import type { FundResult } from "../../shared/schemas/funds.js";
import { safeExternalUrl } from "../lib/safe-url.js";
import { cn } from "../lib/utils.js";

type SizedFund = Pick<FundResult, "fundSize" | "fundSizeSource" | "source" | "curatedOn">;

/** "older fund (2011)" next to a card's fund size whose own date is more than six years old; nothing otherwise. */
export function OlderFundLabel({ fund }: { fund: SizedFund }) {
  const older = fund.fundSize === null ? undefined : oldFundSizeLabel(fund.fundSizeSource?.asOf, new Date());
  return older ? (
    <span data-testid="older-fund" className="ml-1.5 text-xs font-medium text-amber-800">
      {older}
    </span>
  ) : null;
}

/**
 * Under a card's fund size (search results, similar funds, saved funds): where it came from and when
 * ("techcrunch.com · Mar 2024", the publication linked by its name), or that it has no public source
 * yet; nothing without a size. A result without `fundSizeSource` reads as unsourced, never invented.
 */
export function FundSizeSourceLine({ fund, className }: { fund: SizedFund; className?: string }) {
  if (fund.fundSize === null) return null;
  const item = fund.fundSizeSource;
  const base = cn("block text-xs font-normal", className);
  if (item?.origin === "fund_team") {
    return (
      <span data-testid="card-fund-size-source" className={cn(base, "text-slate-600")}>
        {fundTeamUpdatedText(item.recordedOn)}
      </span>
    );
  }
  if (!item) {
    return (
      <span data-testid="card-fund-size-source" className={cn(base, "text-slate-500 italic")}>
        {unsourcedFactText(fund)}
      </span>
    );
  }
  const url = safeExternalUrl(item.sourceUrl);
  const date = factDateText(item);
  return (
    <span data-testid="card-fund-size-source" className={cn(base, "text-slate-600")}>
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
      {date && <> · {date}</>}
    </span>
  );
}

/** Both, under a fund size shown on its own line (the saved funds). */
export function FundSizeSource({ fund }: { fund: SizedFund }) {
  return (
    <>
      <OlderFundLabel fund={fund} />
      <FundSizeSourceLine fund={fund} />
    </>
  );
}
