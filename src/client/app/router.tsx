import { createBrowserRouter } from "react-router";
import { NotFoundPage } from "../features/not-found/not-found-page.js";
import { HomePage } from "./home-page.js";
import { RootLayout } from "./root-layout.js";
import { RouteError } from "./route-error.js";

/** Only the home page exists so far; every other path (including /login, /terms, ...) is Not Found. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
