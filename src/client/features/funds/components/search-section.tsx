import { Suspense } from "react";
import { TEXTS } from "../../../../shared/texts.js";
import { Skeleton } from "../../../components/ui/skeleton.js";
import { lazyPart } from "../../../lib/lazy-part.js";
import { cn } from "../../../lib/utils.js";
import { SEARCH_SECTION_ID } from "../search-ids.js";

// The form brings Radix Select, react-hook-form and zod; loading it after the first paint keeps the
// home page's critical JS small. The fallback has the same shape, so nothing jumps when it arrives.
const SearchForm = lazyPart("features/funds/components/search-form.tsx", () =>
  import("./search-form.js").then((module) => module.SearchForm),
);

const FIELDS = [
  { label: "Country", placeholder: TEXTS.home.anyCountry },
  { label: "Funding Stage", placeholder: TEXTS.home.anyStage },
  { label: "Industry Focus", placeholder: TEXTS.home.anyIndustry },
] as const;

function SearchFormFallback() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-4">
      <div className="grid gap-4 md:grid-cols-3 lg:grid-cols-[repeat(3,minmax(0,1fr))_auto] lg:items-end">
        {FIELDS.map((field) => (
          <div key={field.label} className="flex flex-col gap-1.5">
            <span className="text-sm font-medium text-slate-800">{field.label}</span>
            <span className="flex h-11 items-center rounded-lg border border-slate-300 bg-white px-3.5 text-sm text-slate-600">
              {field.placeholder}
            </span>
          </div>
        ))}
        <Skeleton className="h-11 w-full bg-indigo-200 md:col-span-3 lg:col-span-1 lg:w-52" />
      </div>
      {/* The 'Advanced filters' toggle's row. */}
      <div className="h-9" />
    </div>
  );
}

/** The search card in the hero; /#find-investors lands here. */
export function SearchSection({ className }: { className?: string }) {
  return (
    <section
      id={SEARCH_SECTION_ID}
      aria-labelledby="find-investors-title"
      className={cn(
        "rounded-2xl bg-white p-5 text-left shadow-xl shadow-indigo-950/5 ring-1 ring-slate-900/10 sm:p-7",
        className,
      )}
    >
      <div className="mb-5 flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <h2 id="find-investors-title" className="text-lg font-semibold text-slate-900">
          Find investors
        </h2>
        <p className="text-sm text-slate-600">Leave a filter on “Any” to widen your search.</p>
      </div>
      <Suspense fallback={<SearchFormFallback />}>
        <SearchForm />
      </Suspense>
    </section>
  );
}
