import { type ComponentType, lazy, Suspense, useState } from "react";
import { useSearchParams } from "react-router";

type PanelProps = { searchParams: URLSearchParams };

// Everything about results (cards, paywall, dialogs, the search query) is only needed once someone
// searches; the search form warms this chunk as soon as it is on screen.
let loadedPanel: ComponentType<PanelProps> | null = null;
export function loadResultsPanel() {
  return import("./results-panel.js").then((module) => {
    loadedPanel = module.ResultsPanel;
    return { default: module.ResultsPanel };
  });
}
const LazyResultsPanel = lazy(loadResultsPanel);

/** Renders the results once a search is in the URL (?search=1...); nothing before that. */
export function ResultsSection() {
  const [searchParams] = useSearchParams();
  if (!searchParams.has("search")) return null;
  return <Results searchParams={searchParams} />;
}

function Results({ searchParams }: PanelProps) {
  // Chosen once per mount: switching component types later would remount the panel.
  const [Panel] = useState<ComponentType<PanelProps>>(() => loadedPanel ?? LazyResultsPanel);
  return (
    <Suspense fallback={<ResultsPlaceholder />}>
      <Panel searchParams={searchParams} />
    </Suspense>
  );
}

/** Holds the space the results will take, so the page does not jump while their code loads. */
function ResultsPlaceholder() {
  return <div aria-hidden="true" className="min-h-[40rem] border-y border-slate-200 bg-slate-50/80" />;
}
