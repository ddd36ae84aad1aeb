import type { QueryClient } from "@tanstack/react-query";
import type { PageAnswer } from "../../shared/server-render.js";

/**
 * Server rendering and the browser's first render must start from the same data, or hydration
 * fails. The server answers a page's API calls itself (with the visitor's cookie, through the API's
 * own routes), renders with those answers in the query cache, and sends the answers in the page;
 * the browser puts the same answers in its cache before hydrating. Nothing but the API's own
 * answers crosses, so the data in the page is exactly what the browser would have fetched.
 */

/** One API answer as the server got it: the request path, the status and the body's text. */
export type ApiAnswer = PageAnswer;

/** A query a page shows at once: its key, the API path that answers it, and how an answer becomes its data. */
export type PageQuery = {
  queryKey: readonly unknown[];
  url: string;
  /**
   * For a query the API answers to a POST (the home page's search): the JSON body. A page asks at
   * most one query per URL, so the URL alone still names its answer.
   */
  body?: unknown;
  /** The query's data for that answer, or undefined to leave the query to the browser (an error, say). */
  toData(answer: ApiAnswer): unknown;
  /** The lazily loaded module that defines the query (source path), which the browser needs before hydrating. */
  part?: string;
};

/** JSON, or undefined for a body that is not JSON. */
export function jsonOf(answer: ApiAnswer): unknown {
  try {
    return JSON.parse(answer.text);
  } catch {
    return undefined;
  }
}

/** For queries whose data is the answer's JSON as is: successful answers only. */
export function okJson(answer: ApiAnswer): unknown {
  return answer.status >= 200 && answer.status < 300 ? jsonOf(answer) : undefined;
}

/** Puts each answered query's data in the cache; returns how many were filled. */
export function fillQueries(
  queryClient: QueryClient,
  queries: readonly PageQuery[],
  answers: readonly ApiAnswer[],
): number {
  let filled = 0;
  for (const query of queries) {
    const answer = answers.find((candidate) => candidate.url === query.url);
    if (!answer) continue;
    let data: unknown;
    try {
      data = query.toData(answer);
    } catch {
      data = undefined;
    }
    if (data === undefined) continue;
    queryClient.setQueryData(query.queryKey, data);
    filled += 1;
  }
  return filled;
}
