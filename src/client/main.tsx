import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.js";
import { startAnalytics } from "./lib/analytics.js";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("The page is missing its #root element.");

// Outside React: the tag manager follows the stored cookie choice, not any component's lifecycle.
startAnalytics();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
