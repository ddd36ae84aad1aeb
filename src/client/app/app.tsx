import type { QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { BrowserRouter } from "react-router";
import { Providers } from "./providers.js";
import { AppRoutes } from "./router.js";

/** The app in the browser; the server renders the same tree under a StaticRouter (entry-server.tsx). */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  // The page is live from here on (a server-rendered page shows its content earlier); tests wait for it.
  useEffect(() => {
    document.documentElement.setAttribute("data-app-ready", "");
  }, []);
  return (
    <Providers {...(queryClient ? { queryClient } : {})}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
