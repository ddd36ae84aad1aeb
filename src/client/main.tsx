import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { PAGE_DATA_ELEMENT_ID } from "../shared/server-render.js";
import { App } from "./app/app.js";
import { FIRST_QUERIES, pageQueries } from "./app/page-queries.js";
import { createQueryClient } from "./app/providers.js";
import { startAnalytics } from "./lib/analytics.js";
import { type ApiAnswer, fillQueries } from "./lib/page-data.js";
import { prefetchSession, type SessionData, sessionQueryKey } from "./lib/session.js";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("The page is missing its #root element.");

// Outside React: the tag manager follows the stored cookie choice, not any component's lifecycle.
startAnalytics();

/** The API answers the server rendered this page with, when it did. */
function pageAnswers(): ApiAnswer[] | null {
  const text = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const answers: unknown = JSON.parse(text);
    return Array.isArray(answers) ? (answers as ApiAnswer[]) : null;
  } catch {
    return null;
  }
}

async function start(root: HTMLElement): Promise<void> {
  const answers = pageAnswers();
  if (!answers || !root.firstElementChild) {
    // Not server-rendered (the dev server, a signed-in area, a render that gave up): render here.
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    return;
  }
  // The cache starts where the server's did, so the first render matches the HTML.
  const queryClient = createQueryClient();
  fillQueries(queryClient, FIRST_QUERIES, answers);
  const session = queryClient.getQueryData<SessionData>(sessionQueryKey);
  fillQueries(queryClient, await pageQueries(window.location.pathname, session), answers);
  prefetchSession(queryClient);
  // As a transition: an update that reaches a part still waiting for its code then waits with it,
  // instead of replacing the server's HTML by the part's loading state.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
}

void start(container);
