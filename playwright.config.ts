import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CONSENT_STORAGE_KEY, consentRecord, REJECT_ALL } from "./src/shared/consent.js";

const port = Number(process.env.E2E_PORT ?? 3217);
const baseURL = `http://127.0.0.1:${port}`;
// A fresh embedded database per run: the app migrates and seeds it on start, as on a first `npm start`.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "fundmatch-e2e-"));
// The workers inherit it: the guest checkout test reads the set-password e-mail from DATA_DIR/outbox.
process.env.E2E_DATA_DIR = dataDir;
// The tag manager is served by a local stand-in (tests/peers/gtm-stand-in.mjs): no outside network here.
const gtmPort = Number(process.env.GTM_STAND_IN_PORT ?? 3218);
const oidcPort = Number(process.env.OIDC_PROVIDER_PORT ?? 3219);
const oidcOrigin = `http://127.0.0.1:${oidcPort}`;
const gtmOrigin = `http://127.0.0.1:${gtmPort}`;
// News pages for the AI writer in demo mode (tests/peers/article-server.ts).
const articlePort = Number(process.env.ARTICLE_PEER_PORT ?? 3220);
// Chromium's headless shell when it is installed (what Playwright itself runs headless): a full Chromium
// in headless mode spent about twice its CPU per page load, and Chromium is most of this step's CPU
// (docs/decisions/0049-headless-shell-and-suite-cpu.md). E2E_CHROMIUM_PATH names another browser;
// CHROMIUM_PATH, the full Chromium that Lighthouse needs too, is the fallback.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromiumPath =
  process.env.E2E_CHROMIUM_PATH ??
  (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : (process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"));

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ["list"],
    ...(process.env.CI ? [] : [["html", { open: "never" }] as const]),
    // `npm test` reads the tests' times from it for its 10 slowest files (scripts/test.mjs).
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE
      ? [["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE }] as const]
      : []),
  ],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // The app's animations are all motion-safe (src/client/components/ui): without them Chromium draws
    // fewer frames while a test waits: about 6% less CPU on home, consent and blog (docs/testing.md).
    // What reduced motion leaves out is only the transitions, never content.
    reducedMotion: "reduce",
    // A failed test keeps its trace (actions, DOM snapshots, network, console) but without the screencast
    // of every frame: recording that cost about a tenth of the suite's CPU, most of it Chromium's
    // (docs/testing.md), and the failure's own screenshot is kept below.
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    // Every test starts as a visitor who has already answered the cookie banner (Reject All), so the
    // banner does not sit over the page; the consent tests start from an empty browser instead.
    storageState: {
      cookies: [],
      origins: [
        {
          origin: baseURL,
          localStorage: [{ name: CONSENT_STORAGE_KEY, value: JSON.stringify(consentRecord(REJECT_ALL)) }],
        },
      ],
    },
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: chromiumPath,
          // The machine has no outside network: keep Chromium from reaching for it.
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
  webServer: [
    {
      command: "node tests/peers/gtm-stand-in.mjs",
      url: `${gtmOrigin}/healthz`,
      reuseExistingServer: false,
      timeout: 10_000,
      env: { GTM_STAND_IN_PORT: String(gtmPort) },
    },
    {
      command: "npx tsx tests/peers/article-server-main.ts",
      url: `http://127.0.0.1:${articlePort}/article`,
      reuseExistingServer: false,
      timeout: 20_000,
      env: { ARTICLE_PEER_PORT: String(articlePort) },
    },
    {
      // A real OpenID provider on loopback for "Continue with Google" (tests/e2e/oauth.spec.ts).
      command: "node tests/peers/oidc-provider.mjs",
      url: `${oidcOrigin}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 20_000,
      env: { OIDC_PROVIDER_PORT: String(oidcPort), OIDC_APP_ORIGIN: baseURL },
    },
    {
      command: "node scripts/ensure-build.mjs && node dist/server/main.js",
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        RATE_LIMIT_PER_MINUTE: "0",
        // Every spec file registers its own accounts from this one address; the per-route limits
        // (registration 10 per 10 minutes) are tested in the integration tests, not here.
        RATE_LIMIT_SENSITIVE_SCALE: "10",
        DATABASE_URL: "",
        GTM_ID: "GTM-TEST123",
        GTM_SCRIPT_URL: `${gtmOrigin}/gtm.js`,
        // The admin end-to-end tests sign in as this account, created at start-up.
        ADMIN_EMAIL: "admin@example.com",
        ADMIN_PASSWORD: "Admin-pass-1",
        OIDC_ISSUER: oidcOrigin,
        OIDC_CLIENT_ID: "fundmatch",
        OIDC_CLIENT_SECRET: "fundmatch-secret",
        // The AI writer runs its labelled demo drafts (no LLM here) and may read the local article server.
        AI_WRITER_MODE: "demo",
        AI_WRITER_ALLOW_HOSTS: `127.0.0.1:${articlePort}`,
        // Known to the e-mail spec, which signs the unsubscribe links an alert would carry.
        EMAIL_TOKEN_SECRET: "e2e-email-token-secret-0123456789abcdef",
      },
    },
  ],
});
