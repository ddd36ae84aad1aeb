import type { PlanId } from "../../shared/plans.js";
import { appConfig } from "./app-config.js";
import { hasAnalyticsConsent, subscribeConsent } from "./consent.js";

/** The value a filter the visitor left on "Any" is reported as. */
export const ANY_FILTER = "any";

export type SearchFilters = { country: string; fundingStage: string; industryFocus: string };

/** The product's analytics events; `event` is the name the tag manager sees. */
export type AnalyticsEvent =
  | ({ event: "fund_search"; resultsCount: number } & SearchFilters)
  | ({ event: "view_results" } & SearchFilters)
  | { event: "subscription_action"; action: "start_checkout"; plan: PlanId }
  | { event: "fund_save_action"; action: "save" | "unsave"; fundId: number; fundName: string }
  /** method: 'password', or the identity provider's name for a popup sign-in. */
  | { event: "sign_up"; method: string }
  | { event: "login"; method: string };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

function dataLayer(): unknown[] {
  window.dataLayer ??= [];
  return window.dataLayer;
}

/**
 * Records an event for the tag manager, only while the visitor's stored choice allows analytics;
 * otherwise the event is dropped, not queued for later.
 */
export function track(event: AnalyticsEvent): void {
  if (!hasAnalyticsConsent()) return;
  dataLayer().push(event);
}

let tagManagerRequested = false;

/** GTM's own snippet, minus the inline script the Content-Security-Policy would refuse. */
function loadTagManager(): void {
  const { gtmId, gtmScriptUrl } = appConfig();
  // Both come from the server; the URL already carries the container id (and is a stand-in in tests).
  if (tagManagerRequested || !gtmId || !gtmScriptUrl) return;
  tagManagerRequested = true;
  dataLayer().push({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = document.createElement("script");
  script.async = true;
  script.src = gtmScriptUrl;
  // Blockers and offline visitors are normal; the product works the same without analytics.
  script.onerror = () => console.warn("The tag manager script could not be loaded.");
  document.head.append(script);
}

/** Google Analytics' first-party cookies: _ga, _ga_<container>, _gid, _gat and _gat_<tracker>. */
const ANALYTICS_COOKIE_NAME = /^(_ga|_ga_.+|_gid|_gat|_gat_.+)$/;

/** The hostname and each parent domain a cookie may have been set on (Analytics uses the top one). */
function cookieDomains(hostname: string): string[] {
  // IP addresses and single-label hosts such as localhost take host-only cookies, never a domain.
  if (/^[\d.]+$/.test(hostname) || hostname.includes(":") || !hostname.includes(".")) return [];
  const labels = hostname.split(".");
  return labels.slice(0, -1).map((_, index) => labels.slice(index).join("."));
}

/**
 * Best effort: a cookie can only be deleted by naming the domain and path it was set with, which
 * the browser does not reveal, so try host-only and every parent domain (public suffixes such as
 * co.uk are refused by the browser, harmlessly) on path '/'.
 */
export function deleteAnalyticsCookies(): void {
  const names = document.cookie
    .split(";")
    .map((pair) => pair.split("=")[0]?.trim() ?? "")
    .filter((name) => ANALYTICS_COOKIE_NAME.test(name));
  if (names.length === 0) return;
  const domains = [null, ...cookieDomains(window.location.hostname)];
  for (const name of names) {
    for (const domain of domains) {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers we support.
      document.cookie = `${name}=; path=/; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT${domain ? `; domain=${domain}` : ""}`;
    }
  }
}

let started = false;

/**
 * Applies the visitor's choice now and whenever it changes: the tag manager loads only once
 * analytics is allowed, never before. Withdrawing stops events at once and deletes the analytics
 * cookies; a script that already ran cannot be unloaded, so it is only gone from the next page
 * load on (the store no longer allows it, so it is never requested again).
 */
export function startAnalytics(): void {
  if (started) return;
  started = true;
  const apply = () => {
    if (hasAnalyticsConsent()) loadTagManager();
    else deleteAnalyticsCookies();
  };
  apply();
  subscribeConsent(apply);
}
