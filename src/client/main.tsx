import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { PAGE_DATA_ELEMENT_ID, type PageData } from "../shared/server-render.js";
import { App } from "./app/app.js";
import { FIRST_QUERIES, pageQueries } from "./app/page-queries.js";
import { createQueryClient } from "./app/providers.js";
import { startAnalytics } from "./lib/analytics.js";
import { preloadParts } from "./lib/lazy-part.js";
import { fillQueries } from "./lib/page-data.js";
import { prefetchSession, type SessionData, sessionQueryKey } from "./lib/session.js";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("The page is missing its #root element.");

// Outside React: the tag manager follows the stored cookie choice, not any component's lifecycle.
startAnalytics();

/** The API answers and the lazy parts the server rendered this page with, when it did. */
function pageData(): PageData | null {
  const text = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<PageData> | null;
    return data && Array.isArray(data.answers) && Array.isArray(data.parts) ? (data as PageData) : null;
  } catch {
    return null;
  }
}

async function start(root: HTMLElement): Promise<void> {
  const data = pageData();
  if (!data || !root.firstElementChild) {
    // Not server-rendered (the dev server, a signed-in area, a render that gave up): render here.
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    return;
  }
  // The cache starts where the server's did, and every part the page shows is loaded, so the first
  // render matches the HTML and the whole page is taken over at once.
  const { answers, parts } = data;
  const queryClient = createQueryClient();
  fillQueries(queryClient, FIRST_QUERIES, answers);
  const session = queryClient.getQueryData<SessionData>(sessionQueryKey);
  const [queries] = await Promise.all([
    pageQueries(window.location.pathname, session, window.location.search),
    preloadParts(parts),
  ]);
  fillQueries(queryClient, queries, answers);
  prefetchSession(queryClient);
  // As a transition: should a part still be loading (a chunk failed once), an update reaching it
  // waits with it instead of replacing the server's HTML by the part's loading state.
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
