import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { ROOT_DIR } from "../../src/server/paths.js";

/**
 * Child processes for the tests that need a real one (start-up, signals, the CLI): everything
 * waits on what the child prints or on its exit, never on a time, so a busy machine only makes
 * them slower. The limit is the test's own timeout.
 */
export type Child = {
  child: ChildProcess;
  /** Everything printed so far, stdout and stderr together. */
  output(): string;
  /** Resolves once the output (from `from` on) matches; rejects if the child exits first. */
  waitFor(pattern: RegExp, from?: number): Promise<string>;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
};

export function spawnChild(args: string[], env: Record<string, string>): Child {
  const child = spawn(process.execPath, args, {
    cwd: ROOT_DIR,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const waiters = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString("utf8");
    for (const waiter of [...waiters]) waiter();
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
    for (const waiter of [...waiters]) waiter();
  });
  return {
    child,
    output: () => output,
    exited,
    waitFor(pattern, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output.slice(from));
          if (match) {
            waiters.delete(check);
            resolve(match[0]);
          } else if (hasExited) {
            waiters.delete(check);
            reject(new Error(`the process exited before printing ${pattern}; its output:\n${output.slice(-4000)}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
  };
}

/** The server's entry point as `npm start` runs it (through tsx instead of the bundle). */
export function spawnServer(env: Record<string, string>): Child {
  return spawnChild(["--import", "tsx", "src/server/main.ts"], {
    // A deployment without Stripe keys must ask for demo payments explicitly (config.ts).
    NODE_ENV: "production",
    // Production builds every link from it and refuses to start without it (config.ts).
    PUBLIC_ORIGIN: "https://fundmatch.example",
    PAYMENTS_MODE: "demo",
    AI_WRITER_MODE: "demo",
    OIDC_MODE: "off",
    LOG_LEVEL: "info",
    DATABASE_URL: "",
    ...env,
  });
}

/** Fastify's line once the server accepts connections: the readiness signal. */
export const LISTENING = /Server listening at http:\/\/[^"\s]+/;

/** Spawns the server and resolves once it listens (and answers its health check); it must log at info. */
export async function startServer(env: Record<string, string> & { PORT: string }): Promise<Child> {
  const server = spawnServer({ HOST: "127.0.0.1", ...env });
  await server.waitFor(LISTENING);
  const health = await fetch(`http://127.0.0.1:${env.PORT}/healthz`);
  if (!health.ok) throw new Error(`listening, but /healthz answered ${health.status}`);
  return server;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}
