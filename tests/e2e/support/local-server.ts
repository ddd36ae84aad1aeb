import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";

/** The built app started by a spec of its own: its origin, its data folder, and how to stop it. */
export type LocalServer = { base: string; dataDir: string; stop(): Promise<void> };

/**
 * Starts the built app as `npm start` would on a laptop, without OpenID keys (so the demo sign-in
 * provider is the one offered), on a port of its own read from its start-up log, with a fresh data
 * folder named after `prefix`. The shared test server has keys (its provider is the OpenID peer),
 * which is why the specs about the demo provider start this one.
 */
export async function startServerWithoutOpenIdKeys(prefix: string): Promise<LocalServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const child: ChildProcess = spawn(process.execPath, ["dist/server/main.js"], {
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "info",
      RATE_LIMIT_PER_MINUTE: "0",
      SEED_ON_START: "false",
      OIDC_CLIENT_ID: "",
      OIDC_CLIENT_SECRET: "",
      OIDC_MODE: "",
      NODE_ENV: "development",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The readiness signal: Fastify's "Server listening at http://127.0.0.1:<port>" line.
    const base = await new Promise<string>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
      lines.on("line", (line) => {
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (match?.[1]) resolve(match[1]);
      });
      child.once("exit", (code) => reject(new Error(`the server exited with ${code} before listening`)));
    });
    return { base, dataDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
