import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { prefetchSession } from "../lib/session.js";

// Nothing toasts during the first paint, so the toast area's code loads right after it.
const Toaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/** The app's query cache; the server renders with one per request, the browser keeps one per visit. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Default data cache stale time 60 s.
      queries: { staleTime: 60_000 },
    },
  });
}

function startedQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  prefetchSession(queryClient);
  return queryClient;
}

/** `queryClient`: a cache already holding the page's first data (server rendering, hydration). */
export function Providers({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? startedQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Toasts show for 4 s, at most 3 at once. */}
      <Suspense fallback={null}>
        <Toaster duration={4000} visibleToasts={3} closeButton />
      </Suspense>
    </QueryClientProvider>
  );
}
