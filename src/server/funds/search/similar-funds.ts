import { industryLabel } from "../../../shared/industries.js";
import { regionLabel } from "../../../shared/regions.js";
import { SIMILAR_FUNDS_LIMIT } from "../../../shared/schemas/funds.js";
import { stageLabel } from "../../../shared/stages.js";
import { askedStages } from "../scoring.js";
import type { Entry } from "./entry.js";

/**
 * The funds most like the one at `position`: sharing stages and industries (both, when enough funds
 * do), then nearby (same country, then same region), then the better record; ties by name. Investing
 * across sectors counts as an industry two funds share. A fund whose stages and industries are
 * both unknown shares neither with anyone: its similar funds are the nearby ones.
 */
export function similarFunds(entries: readonly Entry[], nameRank: Int32Array, position: number): number[] {
  const target = entries[position] as Entry;
  const knowsNothing =
    target.stageMask === 0 && target.industryMaskLow === 0 && target.industryMaskHigh === 0 && !target.agnostic;
  const scored: Array<{ index: number; tier: number; score: number }> = [];
  entries.forEach((entry, index) => {
    if (index === position) return;
    const stages = overlap(entry.stageMask, target.stageMask, 0, 0);
    const industries = overlap(
      entry.industryMaskLow,
      target.industryMaskLow,
      entry.industryMaskHigh,
      target.industryMaskHigh,
      entry.agnostic,
      target.agnostic,
    );
    if (stages === 0 && industries === 0 && !knowsNothing) return;
    // Funds sharing both come first; then those sharing an industry; then a stage only.
    const tier = stages > 0 && industries > 0 ? 2 : industries > 0 ? 1 : 0;
    const nearby =
      entry.countryKey === target.countryKey
        ? 1
        : entry.region !== undefined && entry.region === target.region
          ? 0.5
          : 0;
    scored.push({ index, tier, score: 40 * industries + 30 * stages + 20 * nearby + entry.base / 10 });
  });
  scored.sort(
    (a, b) => b.tier - a.tier || b.score - a.score || (nameRank[a.index] as number) - (nameRank[b.index] as number),
  );
  return scored.slice(0, SIMILAR_FUNDS_LIMIT).map((item) => item.index);
}

/** Why a fund is listed as similar: what it shares with the fund on the page. */
export function similarityReasons(target: Entry, other: Entry): string[] {
  const reasons: string[] = [];
  const stages = askedStages({
    fundingStages: other.row.fundingStages.filter((stage) => target.row.fundingStages.includes(stage)),
  });
  if (stages.length > 0) reasons.push(`Also invests at ${stages.slice(0, 2).map(stageLabel).join(", ")}`);
  const industry = other.row.industryFocus.find((code) => target.row.industryFocus.includes(code));
  if (industry) reasons.push(`Also in ${industryLabel(industry)}`);
  else if (target.agnostic && other.agnostic) reasons.push("Also invests across sectors");
  if (other.countryKey === target.countryKey) reasons.push(`Also based in ${other.row.country}`);
  else if (other.region !== undefined && other.region === target.region)
    reasons.push(`Also in ${regionLabel(other.region)}`);
  return reasons;
}

/** Share of the two masks' set bits that both have (Jaccard), 0–1; the flags count as one more bit. */
function overlap(aLow: number, bLow: number, aHigh: number, bHigh: number, aFlag = false, bFlag = false): number {
  const shared = bitCount(aLow & bLow) + bitCount(aHigh & bHigh) + (aFlag && bFlag ? 1 : 0);
  if (shared === 0) return 0;
  return shared / (bitCount(aLow | bLow) + bitCount(aHigh | bHigh) + (aFlag || bFlag ? 1 : 0));
}

function bitCount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
