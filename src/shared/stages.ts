/** Funding stage codes in investment order (earliest first): the order a fund's stages are shown and sorted in. */
export const STAGE_CODES = ["pre_seed", "seed", "series_a", "series_b", "series_c", "late_stage", "growth"] as const;

export type StageCode = (typeof STAGE_CODES)[number];

/** 'series_a' -> 'Series A': underscores to spaces, each word title-cased. */
export function stageLabel(code: string): string {
  return code
    .split("_")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

export const STAGES: ReadonlyArray<{ code: StageCode; label: string }> = STAGE_CODES.map((code) => ({
  code,
  label: stageLabel(code),
}));

const stageOrder = new Map<string, number>(STAGE_CODES.map((code, index) => [code, index]));

export function isStageCode(value: string): value is StageCode {
  return stageOrder.has(value);
}

/** Stages sorted earliest first, duplicates removed. */
export function sortStages(stages: readonly StageCode[]): StageCode[] {
  return [...new Set(stages)].sort((a, b) => (stageOrder.get(a) ?? 0) - (stageOrder.get(b) ?? 0));
}
