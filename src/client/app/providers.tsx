import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { prefetchSession } from "../lib/session.js";

// Nothing toasts during the first paint, so the toast area's code loads right after it.
const Toaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/**
 * The toasts' distance from the bottom edge: sonner's own (24 px, 16 px on a phone) plus the cookie
 * banner's height, which the banner publishes while it is open (features/consent/cookie-banner.tsx),
 * so that a toast never covers the banner's choices (on a phone both span the screen's width).
 */
const TOAST_OFFSET = { bottom: "calc(24px + var(--consent-banner-height, 0px))" };
const TOAST_MOBILE_OFFSET = { bottom: "calc(16px + var(--consent-banner-height, 0px))" };

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
      {/* Toasts show for 4 s, at most 3 at once, above the cookie banner while it is open. */}
      <Suspense fallback={null}>
        <Toaster
          duration={4000}
          visibleToasts={3}
          closeButton
          offset={TOAST_OFFSET}
          mobileOffset={TOAST_MOBILE_OFFSET}
        />
      </Suspense>
    </QueryClientProvider>
  );
}
