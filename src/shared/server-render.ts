/**
 * What the server and the client's server entry (src/client/entry-server.tsx, built by Vite into
 * dist/ssr) agree on. Plain data only: the server loads that bundle at run time and never imports
 * client code.
 */

/** The session call every page starts with; its answer tells whether the page is a signed-in visitor's. */
export const SESSION_URL = "/_api/auth/session";

/** What a server-rendered page carries for the browser: the answers and the lazy parts it was rendered with. */
export type PageData = { answers: PageAnswer[]; parts: string[] };

/** The id of the element that carries a page's data (JSON in a data block, never run). */
export const PAGE_DATA_ELEMENT_ID = "page-data";

/**
 * The id of the element that lists the chunks of the lazy parts a server-rendered page showed (JSON,
 * never run), which src/client/after-paint.js preloads once the page has painted (it repeats the id:
 * it is a plain script outside the bundle).
 */
export const PART_PRELOADS_ELEMENT_ID = "part-preloads";

/** An API call answered inside the server (the app's own route, with the visitor's cookie). */
export type ApiAnswerForRender = { status: number; text: string; setCookie: string[] };

/** An answer a page was rendered with: the browser replays it before hydrating. */
export type PageAnswer = { url: string; status: number; text: string };

export type RenderedApp = {
  /** The app's HTML, to go inside the root element. */
  html: string;
  /** The lazy parts the page rendered (source paths under src/client), whose chunks the page should preload. */
  parts: string[];
};

/** The module dist/ssr/entry-server.js exports by default. */
export type ServerEntry = {
  /** The client's run-time configuration, once, before any render (the browser reads it from the page). */
  configure(appConfigJson: string): void;
  /**
   * The API answers a page starts with (the session, then the page's own data), asked through
   * `fetchApi` (a GET, or a POST of `body` as JSON for a query that is one, such as a search), with
   * the cookies those calls set.
   */
  answers(
    url: string,
    fetchApi: (url: string, body?: unknown) => Promise<ApiAnswerForRender>,
  ): Promise<{ answers: PageAnswer[]; setCookie: string[] }>;
  /** The page rendered with those answers, once every lazy part it shows has loaded. */
  render(url: string, answers: readonly PageAnswer[], signal: AbortSignal): Promise<RenderedApp>;
};
