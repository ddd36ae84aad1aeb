import type { QueryClient } from "@tanstack/react-query";
import { BrowserRouter } from "react-router";
import { Providers } from "./providers.js";
import { AppRoutes } from "./router.js";

/** The app in the browser; the server renders the same tree under a StaticRouter (entry-server.tsx). */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <Providers {...(queryClient ? { queryClient } : {})}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
