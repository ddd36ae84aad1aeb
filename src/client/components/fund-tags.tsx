import { INDUSTRIES_NOT_DISCLOSED, SECTOR_AGNOSTIC_LABEL, STAGES_NOT_DISCLOSED } from "../../shared/fund-facts.js";
import { industryLabel } from "../../shared/industries.js";
import type { FundResult } from "../../shared/schemas/funds.js";
import { sortStages, stageLabel } from "../../shared/stages.js";
import { Badge } from "./ui/badge.js";

/**
 * A fund's stages and industries as badges, inside a <dl>. Compact cards hide the two headings
 * visually (they stay for screen readers). Unknown stages or industries are said so, never left
 * out: a founder must tell "not disclosed" from "not a fit".
 */
export function FundTags({
  fund,
  compact = false,
}: {
  fund: Pick<FundResult, "fundingStage" | "fundingStages" | "industryFocus"> & { sectorAgnostic?: boolean | null };
  compact?: boolean;
}) {
  const stages = sortStages(
    fund.fundingStages.length > 0 ? fund.fundingStages : fund.fundingStage ? [fund.fundingStage] : [],
  );
  const term = compact ? "sr-only" : "mb-1.5 text-xs font-medium text-slate-600";
  const agnostic = fund.sectorAgnostic === true;
  return (
    <>
      <div>
        <dt className={term}>Stages</dt>
        <dd className="flex flex-wrap gap-1.5">
          {stages.length === 0 && <Badge variant="outline">{STAGES_NOT_DISCLOSED}</Badge>}
          {stages.map((code) => (
            <Badge key={code} variant="secondary">
              {stageLabel(code)}
            </Badge>
          ))}
        </dd>
      </div>
      <div>
        <dt className={term}>Industries</dt>
        <dd className="flex flex-wrap gap-1.5">
          {agnostic && <Badge variant="secondary">{SECTOR_AGNOSTIC_LABEL}</Badge>}
          {!agnostic && fund.industryFocus.length === 0 && <Badge variant="outline">{INDUSTRIES_NOT_DISCLOSED}</Badge>}
          {fund.industryFocus.map((code) => (
            <Badge key={code} variant="muted">
              {industryLabel(code)}
            </Badge>
          ))}
        </dd>
      </div>
    </>
  );
}
