/**
 * Runtime settings the server writes into index.html as <meta name="app-config" content="{JSON}">,
 * so one build serves every environment. The Vite dev server has no such tag: everything is off.
 */
export type AppConfig = {
  /** Google Tag Manager container id; null = no tag manager. */
  gtmId: string | null;
  /** The tag manager script, id included, as the server computed it. */
  gtmScriptUrl: string | null;
  /** Identity providers the login page offers ("google"); empty = password sign-in only. */
  signInProviders: string[];
  /** "demo" = the built-in demo checkout, no card is charged; labelled as such on the page. */
  paymentsMode: "stripe" | "demo";
  /** Stripe's publishable key; set = the subscribe page loads https://js.stripe.com/v3. */
  stripePublishableKey: string | null;
  /** "demo" = the AI blog writer drafts from the articles themselves, without an LLM; labelled as such. */
  aiWriterMode: "llm" | "demo";
};

const NONE: AppConfig = {
  gtmId: null,
  gtmScriptUrl: null,
  signInProviders: [],
  paymentsMode: "demo",
  stripePublishableKey: null,
  aiWriterMode: "demo",
};

let cached: AppConfig | undefined;

function nonEmptyString(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

/** Only an absolute http(s) address may become a script source. */
function scriptUrl(value: unknown): string | null {
  const text = nonEmptyString(value);
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

function providerList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const names = value.map(nonEmptyString).filter((name): name is string => name !== null);
  return [...new Set(names.map((name) => name.toLowerCase()))];
}

export function parseAppConfig(content: string | null | undefined): AppConfig {
  if (!content) return NONE;
  try {
    const raw: unknown = JSON.parse(content);
    if (!raw || typeof raw !== "object") return NONE;
    const { gtmId, gtmScriptUrl, signInProviders, paymentsMode, stripePublishableKey, aiWriterMode } = raw as Record<
      string,
      unknown
    >;
    const key = nonEmptyString(stripePublishableKey);
    return {
      gtmId: nonEmptyString(gtmId),
      gtmScriptUrl: scriptUrl(gtmScriptUrl),
      signInProviders: providerList(signInProviders),
      paymentsMode: paymentsMode === "stripe" ? "stripe" : "demo",
      stripePublishableKey: key?.startsWith("pk_") ? key : null,
      aiWriterMode: aiWriterMode === "llm" ? "llm" : "demo",
    };
  } catch {
    console.warn("The app-config meta tag is not valid JSON; running without it.");
    return NONE;
  }
}

export function appConfig(): AppConfig {
  cached ??=
    typeof document === "undefined"
      ? NONE
      : parseAppConfig(document.querySelector<HTMLMetaElement>('meta[name="app-config"]')?.content);
  return cached;
}

/** Server rendering: the same configuration the page's meta tag carries, given once at start. */
export function provideAppConfig(content: string): void {
  cached = parseAppConfig(content);
}
