import { AUTH_ERROR_KEY, AUTH_FORM_ERROR_CODES } from "./auth-form-post.js";
import { UNSUBSCRIBE_RESULT_CODES, UNSUBSCRIBE_RESULT_KEY } from "./email-texts.js";
import { PIPELINE_BOARD_VIEW, PIPELINE_FILTER_KEY, PIPELINE_STATUSES, PIPELINE_VIEW_KEY } from "./pipeline.js";
import { SIGN_IN_QUERY, SIGN_UP_MODE } from "./return-path.js";
import { SEARCH_QUERY_KEYS } from "./search-params.js";
import { PROFILE_QUERY_KEYS } from "./startup-profile-query.js";

/**
 * How a page reads one query key while it renders: its value as it is (`"value"`), only whether it
 * is there (`"presence"`: the page is rendered with the key and an empty value, so a secret such as
 * an e-mailed link's token is never part of a render or of the cache's key), or one of a closed
 * list of values (any other value is dropped, so made-up values cannot force renders).
 */
type KeyRule = "value" | "presence" | ReadonlySet<string>;

/**
 * The query keys each server-rendered page reads while it renders (useSearchParams and the like).
 * A page not listed reads none. The server renders and keeps a visitor's page under its path plus
 * these keys only, so a query the page ignores (`/?x=random`, a campaign tag) is served the kept
 * render instead of forcing a fresh one (docs/decisions/0017-server-rendering.md). A page that
 * starts reading a key in its first render must add it here, or every visitor gets the page as
 * rendered without it.
 */
const PAGE_QUERY_KEYS: ReadonlyMap<string, ReadonlyMap<string, KeyRule>> = new Map([
  // The home page is the search page: its form and results follow the search in the URL.
  ["/", new Map(SEARCH_QUERY_KEYS.map((key) => [key, "value" as const]))],
  // The match: its form is rendered with the profile its URL names (the shortlist is the browser's).
  ["/match", new Map(PROFILE_QUERY_KEYS.map((key) => [key, "value" as const]))],
  // Log in or sign up: `mode=signup` opens the sign-up form; the fund a visitor's Save waits to save
  // and the way back are posted along by the page's forms before the app starts (issue 38), and the
  // code such a post came back with (a closed list).
  [
    "/login",
    new Map<string, KeyRule>([
      [SIGN_IN_QUERY.mode, new Set([SIGN_UP_MODE])],
      [SIGN_IN_QUERY.save, "value"],
      [SIGN_IN_QUERY.next, "value"],
      [AUTH_ERROR_KEY, new Set<string>(AUTH_FORM_ERROR_CODES)],
    ]),
  ],
  // A member's own page (rendered with their cookie, never kept): the board or the list, and the
  // list's status filter.
  [
    "/profile",
    new Map<string, KeyRule>([
      [PIPELINE_VIEW_KEY, new Set([PIPELINE_BOARD_VIEW])],
      [PIPELINE_FILTER_KEY, new Set<string>(PIPELINE_STATUSES)],
    ]),
  ],
  // An e-mailed unsubscribe link: whether it has a token (the form posts to the page's own address,
  // token and all), and the outcome a form post without JavaScript was led back with.
  [
    "/unsubscribe",
    new Map<string, KeyRule>([
      ["token", "presence"],
      [UNSUBSCRIBE_RESULT_KEY, new Set(UNSUBSCRIBE_RESULT_CODES)],
    ]),
  ],
]);

/**
 * The URL a page is rendered and kept under: the path, and of the query only the keys the page
 * reads, in the order given, by their rules. A URL without a query is returned as it is (no work on
 * a cache hit).
 */
export function pageRenderUrl(url: string): string {
  const mark = url.indexOf("?");
  if (mark === -1) return url;
  const pathname = url.slice(0, mark);
  const keys = PAGE_QUERY_KEYS.get(pathname);
  if (!keys) return pathname;
  const kept = new URLSearchParams();
  // Decoded as the browser decodes them, so the render reads the same values the browser will.
  for (const [key, value] of new URLSearchParams(url.slice(mark + 1))) {
    const rule = keys.get(key);
    if (rule === "value") kept.append(key, value);
    else if (rule === "presence") {
      if (!kept.has(key)) kept.append(key, "");
    } else if (rule?.has(value) && !kept.has(key)) kept.append(key, value);
  }
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}
