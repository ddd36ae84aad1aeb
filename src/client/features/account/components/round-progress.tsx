import { Download, FileSpreadsheet } from "lucide-react";
import { Link } from "react-router";
import { PIPELINE_TEXTS } from "../../../../shared/account-texts.js";
import { Button } from "../../../components/ui/button.js";
import type { SavedFund } from "../../../lib/saved-funds.js";
import { useRoundTarget } from "../api/use-pipeline-board.js";
import { formatUsdShort, roundProgress } from "../pipeline-view.js";

/**
 * Above the pipeline: how much of the round the committed funds cover ("$1.2M of $3M committed ·
 * 40%"), with a link to set a target on the startup profile when there is none.
 */
export function RoundProgress({ funds }: { funds: SavedFund[] }) {
  const target = useRoundTarget(true);
  const progress = roundProgress(funds, target.data ?? null);
  const committed = formatUsdShort(progress.committedUsd);
  return (
    <section
      aria-labelledby="round-progress-title"
      className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-xs"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id="round-progress-title" className="text-sm font-semibold text-slate-900">
          {PIPELINE_TEXTS.roundProgressTitle}
        </h3>
        <p className="text-sm text-slate-700 tabular-nums" data-testid="round-progress-text">
          {progress.targetUsd !== null && progress.percent !== null
            ? PIPELINE_TEXTS.roundProgress(committed, formatUsdShort(progress.targetUsd), progress.percent)
            : PIPELINE_TEXTS.roundCommittedOnly(committed)}
        </p>
      </div>
      {progress.targetUsd !== null && progress.percent !== null ? (
        <div
          role="progressbar"
          aria-labelledby="round-progress-title"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.min(progress.percent, 100)}
          aria-valuetext={PIPELINE_TEXTS.roundProgress(committed, formatUsdShort(progress.targetUsd), progress.percent)}
          className="h-2.5 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className="h-full rounded-full bg-emerald-600 transition-[width]"
            style={{ width: `${Math.min(progress.percent, 100)}%` }}
          />
        </div>
      ) : (
        target.isSuccess && (
          <p className="text-sm text-slate-600">
            <Link to="/match" className="font-medium text-indigo-700 underline-offset-4 hover:underline">
              {PIPELINE_TEXTS.setRoundTarget}
            </Link>{" "}
            {PIPELINE_TEXTS.roundTargetHint}
          </p>
        )
      )}
    </section>
  );
}

/** The pipeline as a file; plain links, so the browser downloads with the session cookie. */
export function PipelineExportButtons() {
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="outline" size="sm">
        <a href="/_api/user/pipeline/export?format=csv" download>
          <Download aria-hidden="true" />
          {PIPELINE_TEXTS.exportCsv}
        </a>
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href="/_api/user/pipeline/export?format=xlsx" download>
          <FileSpreadsheet aria-hidden="true" />
          {PIPELINE_TEXTS.exportExcel}
        </a>
      </Button>
    </div>
  );
}
