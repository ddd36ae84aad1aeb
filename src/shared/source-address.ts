import { SOURCE_ADDRESS_TEXTS } from "./source-address-texts.js";

/**
 * The one rule for a fact's source address (issue 36, docs/decisions/0064): a founder must be able
 * to open the source and find the publication that stated the fact. Refused: anything but http(s);
 * an address with a user name or password before its host (it reads as one site and opens another);
 * a host that is an IP address; a staging, development, test or preview host; a site known to copy
 * or summarise other publications' articles. Nothing is stripped or rewritten: an address passes as
 * given or is refused with a sentence that says why ("Use the publication's own address, ...").
 *
 * Zod-free and dependency-free, so that the admin's form runs it in the browser before the server
 * runs it at the door. (tldts knows registrable domains exactly, but would add 48 KB gzip to the
 * admin chunk: the few decisions below that need the registrable domain use a small heuristic.)
 *
 * Precision matters more than reach: a real publication refused is a fact nobody can enter. The
 * words that name an environment are matched as whole dash-separated words of a subdomain label
 * ("staging", "arc-dev", "m13-staging-domain-1", "stg2"), never as parts of a word: 'developer.apple.com',
 * 'devblogs.microsoft.com' and 'latest.example.org' stay. The registrable name itself is the
 * publication's brand and is never read for such words ('techstage.com', 'test.de' of Stiftung
 * Warentest, 'dev.to'), and neither is the top-level domain ('web.dev'). Hosts the generic rule
 * cannot tell apart without refusing real publications are listed by name, each from the sources the
 * 2026-12-07 clean-up of enrichment.csv removed.
 */

export type SourceAddressProblem =
  | { kind: "not-web" }
  | { kind: "userinfo" }
  | { kind: "ip"; host: string }
  | { kind: "development"; host: string }
  | { kind: "mirror"; host: string };

type HostKind = "ip" | "development" | "mirror" | "not-web";

/** A host name as the URL parser leaves an IPv4 address in any of its spellings (0x7f.1, 2130706433, 0177.0.0.1). */
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * Words that name a non-production copy of a site when they are a whole word of a subdomain label
 * (split on '-' and '_', trailing digits dropped: 'stg2', 'dev-1', 'test_3'). Not 'beta' (many
 * services run for years on a beta host), nor 'demo', 'local' or 'm': each is also a real section.
 */
const ENVIRONMENT_WORDS = new Set([
  "staging",
  "stage",
  "stg",
  "dev",
  "devel",
  "develop",
  "development",
  "test",
  "testing",
  "qa",
  "uat",
  "preview",
  "sandbox",
  "localhost",
  "preprod",
  "nonprod",
]);

/** Subdomains a hosting control panel serves every site under: they show the site, never as its publication. */
const HOSTING_PANEL_LABELS = new Set(["webmail", "cpanel", "webdisk", "whm", "autodiscover"]);

/**
 * Top-level domains that never reach the public web: RFC 2606/6761's test, example, invalid and
 * localhost, RFC 6762's local, ICANN's internal, and the unofficial ones of company networks.
 */
const PRIVATE_TLDS = new Set([
  "test",
  "example",
  "invalid",
  "localhost",
  "local",
  "internal",
  "lan",
  "corp",
  "intranet",
]);

/** Domains that are development addresses themselves: RFC 2606's examples, and names pointing at this machine. */
const DEVELOPMENT_DOMAINS = [
  "example.com",
  "example.net",
  "example.org",
  "home.arpa",
  "localtest.me",
  "lvh.me",
  // A copy of a Portag3 article on a host named for testing (removed 2026-12-07).
  "testingdomain.us",
  // A WooCommerce test copy of fyb.de (removed 2026-12-07): 'wootest' is one word, and a rule on
  // words ending in 'test' would refuse 'latest' and 'contest'.
  "wootest.fyb.de",
];

/**
 * Hosting services whose own addresses are only ever for a site in the making: a published site is
 * on its own domain. Webflow calls *.webflow.io its "staging" domain; Platform.sh gives every
 * environment a *.platformsh.site address; Kinsta's *.kinsta.cloud are staging and temporary sites;
 * WordPress.com stages on *.wpcomstaging.com; tunnels (ngrok, Cloudflare's quick tunnels) show a
 * developer's machine; *.app.github.dev is a Codespace.
 */
const DEVELOPMENT_PLATFORMS = [
  "webflow.io",
  "platformsh.site",
  "kinsta.cloud",
  "wpcomstaging.com",
  "ngrok.io",
  "ngrok.app",
  "ngrok-free.app",
  "trycloudflare.com",
  "app.github.dev",
];

/** Services whose host names spell out an IP address ('15.188.152.128.nip.io'). */
const IP_NAME_SERVICES = ["nip.io", "sslip.io", "xip.io", "nip.direct"];

/**
 * Sites that copy or summarise other publications' articles, and proxies that show a page under
 * their own host: the fact's publication is the one they copied. Listed by name: a host is no proof
 * of copying. Blogspot is not refused as a whole (a partner's own blog there, such as
 * christophjanz.blogspot.com, is the publication itself), nor are archives (web.archive.org keeps a
 * firm's page that is gone, and says whose page and when): only the copy blogs found are.
 */
const MIRROR_DOMAINS = [
  // Removed from enrichment.csv on 2026-12-07: article copiers, copy blogs, a podcast-summary app, a podcast directory.
  "washingtonlatest.com",
  "breakinglatest.news",
  "tmfsummit.com",
  "moneyistheway.blogspot.com",
  "online-techtips.blogspot.com",
  "worldofnewsbeats.blogspot.com",
  "crprogrammer.blogspot.com",
  "snipd.com",
  "getpodcast.com",
  // Of the same kinds: transcripts of other people's podcasts; proxies and caches that serve a page
  // under their own host (Google's translation proxy and AMP cache, paywall removers).
  "podscripts.co",
  "webcache.googleusercontent.com",
  "translate.goog",
  "cdn.ampproject.org",
  "12ft.io",
  "removepaywall.com",
];

/** Second-level labels under which a country's registrable names sit ('bbc.co.uk', 'afr.com.au', 'nikkei.co.jp'). */
const COUNTRY_SECOND_LEVELS = new Set([
  "co",
  "com",
  "net",
  "org",
  "gov",
  "edu",
  "ac",
  "ne",
  "or",
  "go",
  "gob",
  "mil",
  "ltd",
  "plc",
  "nom",
  "sch",
  "biz",
  "info",
]);

const isUnder = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** How many labels from the right make the registrable name: 'techcrunch.com' 2, 'bbc.co.uk' 3. */
function registrableLength(labels: readonly string[]): number {
  const tld = labels.at(-1) ?? "";
  const second = labels.at(-2) ?? "";
  return tld.length === 2 && COUNTRY_SECOND_LEVELS.has(second) && labels.length >= 3 ? 3 : 2;
}

/** A label's words: 'm13-staging-domain-1' → m13, staging, domain; 'stg2' → stg. */
function wordsOf(label: string): string[] {
  const words = label.split(/[-_]+/).map((word) => word.replace(/\d+$/, ""));
  // 'pre-prod', 'non-prod': the environment is the joined word.
  return [...words, label.replace(/[-_\d]+/g, "")];
}

/** Whether a subdomain label names a non-production copy: one of its whole words is an environment's. */
function namesEnvironment(label: string): boolean {
  // An internationalised label is a word in another script, encoded: its ASCII pieces are no words.
  if (label.startsWith("xn--")) return false;
  return wordsOf(label).some((word) => ENVIRONMENT_WORDS.has(word));
}

/** A label with four numbers of an IPv4 address in a row: 'ec2-15-188-152-128', 'ip-10-0-0-1'. */
function spellsIpAddress(label: string): boolean {
  const parts = label.split("-");
  for (let start = 0; start + 4 <= parts.length; start += 1) {
    const four = parts.slice(start, start + 4);
    if (four.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return true;
  }
  return false;
}

/**
 * Deployments on Vercel, Netlify and Cloudflare Pages that are previews, not the site: Netlify's
 * 'deploy-preview-42--site.netlify.app' and 'branch--site.netlify.app' (its production name has no
 * '--'); Vercel's 'name-git-branch-team.vercel.app' and 'name-1a2b3c4d5-team.vercel.app' (a nine-
 * character deployment id; production is 'name.vercel.app'); Cloudflare's
 * 'abc123.project.pages.dev' (production is 'project.pages.dev').
 */
function isPreviewDeployment(labels: readonly string[], host: string): boolean {
  const first = labels[0] ?? "";
  if (host.endsWith(".netlify.app")) return first.includes("--");
  if (host.endsWith(".vercel.app")) {
    const words = first.split("-");
    if (words.includes("git")) return true;
    return (
      words.length >= 3 &&
      words.slice(1, -1).some((word) => /^[a-z0-9]{9}$/.test(word) && /\d/.test(word) && /[a-z]/.test(word))
    );
  }
  if (host.endsWith(".pages.dev")) return labels.length > 3;
  return false;
}

/** What kind of address the host is, or null for a publication's own. `host` is the URL parser's hostname. */
function hostKind(hostname: string): HostKind | null {
  if (hostname.startsWith("[")) return "ip";
  // 'sifted.eu.' is the same host as 'sifted.eu' (the root's empty label): judged as that.
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (IPV4.test(host)) return "ip";
  const labels = host.split(".");
  if (labels.some((label) => label === "")) return "not-web";
  // A name without a dot ('localhost', 'intranet') is a machine on someone's network.
  if (labels.length < 2) return "development";
  if (IP_NAME_SERVICES.some((service) => isUnder(host, service)) || labels.some(spellsIpAddress)) return "ip";
  if (PRIVATE_TLDS.has(labels.at(-1) ?? "")) return "development";
  if (MIRROR_DOMAINS.some((domain) => isUnder(host, domain))) return "mirror";
  if (DEVELOPMENT_DOMAINS.some((domain) => isUnder(host, domain))) return "development";
  if (DEVELOPMENT_PLATFORMS.some((platform) => host.endsWith(`.${platform}`))) return "development";
  // WP Engine names an install's staging and development copies '<name>stg' and '<name>dev'.
  if (/^(?:wpengine|wpenginepowered)\.com$/.test(labels.slice(-2).join(".")) && /(?:stg|dev)$/.test(labels[0] ?? "")) {
    return "development";
  }
  if (isPreviewDeployment(labels, host)) return "development";
  const subdomains = labels.slice(0, labels.length - registrableLength(labels));
  if (subdomains.some((label) => HOSTING_PANEL_LABELS.has(label))) return "development";
  if (subdomains.some(namesEnvironment)) return "development";
  // Google's AMP copies, and a publication's own AMP host: the article's address is the publication's.
  if (subdomains[0] === "amp") return "mirror";
  return null;
}

/** Why a source address is refused, or null when it is a publication's own address. */
export function sourceAddressProblem(address: string): SourceAddressProblem | null {
  if (!/^https?:\/\//i.test(address)) return { kind: "not-web" };
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { kind: "not-web" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { kind: "not-web" };
  if (url.username !== "" || url.password !== "") return { kind: "userinfo" };
  const kind = hostKind(url.hostname);
  if (kind === null) return null;
  if (kind === "not-web") return { kind };
  return { kind, host: url.hostname };
}

/** The refusal's sentence, or null when the address is a publication's own. */
export function sourceAddressError(address: string): string | null {
  const problem = sourceAddressProblem(address);
  if (problem === null) return null;
  switch (problem.kind) {
    case "not-web":
      return SOURCE_ADDRESS_TEXTS.notWeb;
    case "userinfo":
      return SOURCE_ADDRESS_TEXTS.userinfo;
    case "ip":
      return SOURCE_ADDRESS_TEXTS.ip(problem.host);
    case "development":
      return SOURCE_ADDRESS_TEXTS.development(problem.host);
    case "mirror":
      return SOURCE_ADDRESS_TEXTS.mirror(problem.host);
  }
}

export function isPublicationAddress(address: string): boolean {
  return sourceAddressProblem(address) === null;
}

/**
 * The publication a source address names, for display: its host in lower case without 'www.' and
 * without a closing dot ('https://www.TechCrunch.com/x' → 'techcrunch.com'). Text that is no address
 * comes back as it is.
 */
export function publicationName(address: string): string {
  try {
    return new URL(address).hostname
      .toLowerCase()
      .replace(/\.$/, "")
      .replace(/^www\./, "");
  } catch {
    return address;
  }
}
