import { FREE_RESULTS_LIMIT } from "../../../../shared/plans.js";
import { Skeleton } from "../../../components/ui/skeleton.js";

/** Exactly 3 skeleton cards while a search loads. */
export function ResultsSkeleton() {
  return (
    // "Searching funds…" is said through the page's live region (search-results.tsx).
    <div>
      <ul aria-hidden="true" className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: FREE_RESULTS_LIMIT }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <li key={index} className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <div className="flex items-start justify-between">
              <div className="flex w-2/3 flex-col gap-2">
                <Skeleton className="h-5 w-full" />
                <Skeleton className="h-4 w-1/2" />
              </div>
              <Skeleton className="size-8 rounded-full" />
            </div>
            <Skeleton className="h-16 w-full rounded-xl" />
            <div className="flex gap-2">
              <Skeleton className="h-5 w-16 rounded-full" />
              <Skeleton className="h-5 w-20 rounded-full" />
              <Skeleton className="h-5 w-14 rounded-full" />
            </div>
            <div className="flex flex-col gap-2">
              <Skeleton className="h-3.5 w-full" />
              <Skeleton className="h-3.5 w-5/6" />
              <Skeleton className="h-3.5 w-2/3" />
            </div>
            <Skeleton className="h-20 w-full rounded-xl" />
          </li>
        ))}
      </ul>
    </div>
  );
}
