import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT_DIR } from "../../src/server/paths.js";

/**
 * All or nothing, against the real process: the server is killed with SIGKILL while it writes a
 * large import, then started again on the same data directory (PGlite). No fund of that file may
 * be there, the history must not claim the import, and the app must answer as before. Every wait
 * is for a signal: the health endpoint, and the import's own progress line saying it is writing.
 */
const ADMIN = { email: "fault-admin@example.com", password: "Admin-pass-1" };
const ROWS = 40_000;

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PUBLIC_ORIGIN: "https://fundmatch.example",
      PAYMENTS_MODE: "demo",
      AI_WRITER_MODE: "demo",
      OIDC_MODE: "off",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      SEED_ON_START: "false",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_PER_MINUTE: "0",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr?.on("data", (chunk) => {
    errors += chunk;
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on("exit", (code, signal) => resolve(signal ?? code)),
  );
  return { child, exited, errors: () => errors };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitForHealth(base: string, child: ReturnType<typeof startServer>["child"]): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error("server exited during start-up");
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("server did not become healthy");
}

async function logIn(base: string): Promise<string> {
  const response = await fetch(`${base}/_api/auth/login_with_password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("fundmatch_session="));
  if (!response.ok || !cookie) throw new Error(`log-in failed: ${response.status}`);
  return cookie.split(";")[0] ?? "";
}

function bigCsv(): string {
  const lines = ["name,country,funding_stages,industry_focus,check_size"];
  for (let index = 0; index < ROWS; index += 1) lines.push(`Killed Fund ${index},Germany,Seed,FinTech,$250K - $2M`);
  return `${lines.join("\n")}\n`;
}

const dataDir = mkdtempSync(path.join(tmpdir(), "fundmatch-import-fault-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("an import cut short by SIGKILL", () => {
  it("leaves no fund of the file, and the app healthy after a restart on the same data", async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir };
    const first = startServer(env);
    await waitForHealth(base, first.child);
    const cookie = await logIn(base);

    const form = new FormData();
    form.append("importMode", "skip_duplicates");
    form.append("file", new Blob([bigCsv()], { type: "text/csv" }), "doomed.csv");
    const response = await fetch(`${base}/_api/admin/import`, {
      method: "POST",
      headers: { cookie, accept: "application/x-ndjson" },
      body: form,
    });
    expect(response.status).toBe(200);
    const reader = response.body?.getReader();
    if (!reader) throw new Error("no response body");
    const decoder = new TextDecoder();
    let text = "";
    // Read progress lines until the server reports that it is writing rows, i.e. inside the transaction.
    while (!/"phase":"writing","processed":[1-9]/.test(text)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the import ended before it was caught writing: ${text.slice(-300)}`);
      text += decoder.decode(value, { stream: true });
    }
    expect(text).not.toContain('"type":"result"');
    first.child.kill("SIGKILL");
    expect(await first.exited).toBe("SIGKILL");
    await reader.cancel().catch(() => undefined);

    const second = startServer(env);
    try {
      await waitForHealth(base, second.child);
      const again = await logIn(base);
      const funds = await (
        await fetch(`${base}/_api/admin/funds?q=${encodeURIComponent("Killed Fund")}`, { headers: { cookie: again } })
      ).json();
      expect(funds.total).toBe(0);
      const history = await (await fetch(`${base}/_api/admin/import/history`, { headers: { cookie: again } })).json();
      expect(history.imports.filter((run: { status: string }) => run.status === "completed")).toEqual([]);

      // Healthy: a search answers, and a new import of a small file goes through.
      const search = await fetch(`${base}/_api/funds/search`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ country: "Germany" }),
      });
      expect(search.status).toBe(200);
      const small = new FormData();
      small.append(
        "file",
        new Blob(["name,country,funding_stages,industry_focus\nSurvivor,Germany,seed,fintech\n"], { type: "text/csv" }),
        "small.csv",
      );
      const imported = await fetch(`${base}/_api/admin/import`, {
        method: "POST",
        headers: { cookie: again },
        body: small,
      });
      expect(await imported.json()).toMatchObject({ successfulImports: 1, failedImports: 0 });
    } finally {
      second.child.kill("SIGTERM");
      await second.exited;
    }
  }, 240_000);
});
