import { SECTOR_AGNOSTIC_LABEL } from "../../shared/fund-facts.js";
import { industryLabel } from "../../shared/industries.js";
import type { FundResult } from "../../shared/schemas/funds.js";
import { sortStages, stageLabel } from "../../shared/stages.js";
import { Badge } from "./ui/badge.js";

/**
 * A fund's stages and industries as badges, inside a <dl>. Compact cards hide the two headings
 * visually (they stay for screen readers).
 */
export function FundTags({
  fund,
  compact = false,
}: {
  fund: Pick<FundResult, "fundingStage" | "fundingStages" | "industryFocus"> & { sectorAgnostic?: boolean | null };
  compact?: boolean;
}) {
  const stages = sortStages(fund.fundingStages.length > 0 ? fund.fundingStages : [fund.fundingStage]);
  const term = compact ? "sr-only" : "mb-1.5 text-xs font-medium text-slate-600";
  return (
    <>
      <div>
        <dt className={term}>Stages</dt>
        <dd className="flex flex-wrap gap-1.5">
          {stages.map((code) => (
            <Badge key={code} variant="secondary">
              {stageLabel(code)}
            </Badge>
          ))}
        </dd>
      </div>
      {(fund.industryFocus.length > 0 || fund.sectorAgnostic === true) && (
        <div>
          <dt className={term}>Industries</dt>
          <dd className="flex flex-wrap gap-1.5">
            {fund.sectorAgnostic === true && <Badge variant="secondary">{SECTOR_AGNOSTIC_LABEL}</Badge>}
            {fund.industryFocus.map((code) => (
              <Badge key={code} variant="muted">
                {industryLabel(code)}
              </Badge>
            ))}
          </dd>
        </div>
      )}
    </>
  );
}
