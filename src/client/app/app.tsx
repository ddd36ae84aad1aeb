import { BrowserRouter } from "react-router";
import { Providers } from "./providers.js";
import { AppRoutes } from "./router.js";

export function App() {
  return (
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
