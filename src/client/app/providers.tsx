import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Toaster } from "sonner";

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Spec section 9: default data cache stale time 60 s.
      queries: { staleTime: 60_000 },
    },
  });
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Spec section 9: toasts show for 4 s, at most 3 at once. */}
      <Toaster duration={4000} visibleToasts={3} closeButton />
    </QueryClientProvider>
  );
}
