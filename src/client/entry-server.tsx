import type { QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
// The web-streams build, not the Node one: the Node build runs every render inside an
// AsyncLocalStorage, and the first render switches Node's async hooks on for the rest of the
// process, so every later promise, tick and timer of every request pays for them (measured on ping:
// ADR 0048). This build uses AsyncLocalStorage only where the runtime has a global one (edge
// runtimes; Node 20 has none), and a prerender needs none: it waits for the whole page.
import { prerender } from "react-dom/static.edge";
import { StaticRouter } from "react-router";
import type { ApiAnswerForRender, PageAnswer, RenderedApp, ServerEntry } from "../shared/server-render.js";
import { FIRST_QUERIES, pageQueries } from "./app/page-queries.js";
import { createQueryClient, Providers } from "./app/providers.js";
import { AppRoutes } from "./app/router.js";
import { provideAppConfig } from "./lib/app-config.js";
import { RenderedPartsContext } from "./lib/lazy-part.js";
import { fillQueries, type PageQuery } from "./lib/page-data.js";
import { type SessionData, sessionQueryKey } from "./lib/session.js";

/**
 * The server's side of the app (built by Vite into dist/ssr, loaded by src/server/site/ssr.ts).
 * The same steps as the browser's start (main.tsx): the session first, then the page's queries
 * (which may depend on who is looking), each answer put in the cache the way the browser will.
 */
async function fill(queryClient: QueryClient, url: string, answers: readonly PageAnswer[]): Promise<PageQuery[]> {
  fillQueries(queryClient, FIRST_QUERIES, answers);
  const { pathname, search } = new URL(url, "http://localhost");
  const queries = await pageQueries(pathname, queryClient.getQueryData<SessionData>(sessionQueryKey), search);
  fillQueries(queryClient, queries, answers);
  return queries;
}

async function answers(url: string, fetchApi: (url: string, body?: unknown) => Promise<ApiAnswerForRender>) {
  const collected: PageAnswer[] = [];
  const setCookie: string[] = [];
  const ask = async (queries: readonly Pick<PageQuery, "url" | "body">[]) => {
    const fresh = queries.filter((wanted) => !collected.some((answer) => answer.url === wanted.url));
    for (const answer of await Promise.all(
      fresh.map(async (wanted) => ({ url: wanted.url, ...(await fetchApi(wanted.url, wanted.body)) })),
    )) {
      setCookie.push(...answer.setCookie);
      collected.push({ url: answer.url, status: answer.status, text: answer.text });
    }
  };
  await ask(FIRST_QUERIES);
  const queryClient = createQueryClient();
  await ask(await fill(queryClient, url, collected));
  queryClient.clear();
  return { answers: collected, setCookie };
}

async function render(url: string, pageAnswers: readonly PageAnswer[], signal: AbortSignal): Promise<RenderedApp> {
  const queryClient = createQueryClient();
  const queries = await fill(queryClient, url, pageAnswers);
  const parts = new Set(queries.flatMap((query) => (query.part ? [query.part] : [])));
  const { prelude } = await prerender(
    <StrictMode>
      <RenderedPartsContext value={parts}>
        <Providers queryClient={queryClient}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </Providers>
      </RenderedPartsContext>
    </StrictMode>,
    // Everything inline: React would otherwise move large parts to the end of the document with
    // inline scripts to swap them in, which the CSP rightly forbids.
    { signal, progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  queryClient.clear();
  return { html, parts: [...parts] };
}

export default { configure: provideAppConfig, answers, render } satisfies ServerEntry;
