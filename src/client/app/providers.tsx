import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { prefetchSession } from "../lib/session.js";

// Nothing toasts during the first paint, so the toast area's code loads right after it.
const Toaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

function createQueryClient() {
  const queryClient = new QueryClient({
    defaultOptions: {
      // Default data cache stale time 60 s.
      queries: { staleTime: 60_000 },
    },
  });
  prefetchSession(queryClient);
  return queryClient;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
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
