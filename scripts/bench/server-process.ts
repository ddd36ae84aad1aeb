import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";

export type ServerOptions = {
  root: string;
  dataDir: string;
  /** PostgreSQL database of this scenario; absent = PGlite in dataDir. */
  databaseUrl?: string;
  /** The first 200 on this path counts as "ready". */
  readyPath: string;
  /** Directory for a V8 CPU profile written when the server exits; absent = no profile. */
  cpuProfileDir?: string;
  /**
   * "npm-start" runs `npm start` as a newcomer does (npm, the build check, then the server), in a
   * process group of its own; the default spawns `node dist/server/main.js` directly.
   */
  launch?: "node" | "npm-start";
};

export type RunningServer = {
  /** The server's own process (under npm's for "npm-start"): its RSS and CPU are the server's. */
  pid: number;
  baseUrl: string;
  /** Milliseconds from spawn to the first 200 on readyPath. */
  readyMs: number;
  stop(): Promise<void>;
};

const READY_POLL_MS = 20;
const READY_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 5_000;
const OUTPUT_TAIL_CHARS = 4_000;

/**
 * GET / answered 404: the server reads dist/client/index.html once at start, and a client build
 * (`npm run build`, or ensure-build in another terminal) empties dist/client while it runs.
 */
export class ClientBuildMissingError extends Error {
  constructor() {
    super("GET / answered 404: dist/client/index.html was missing when the server started (a client build running?)");
  }
}

/** Every server this process spawned and has not seen exit, so that no exit path leaves one behind. */
const liveChildren = new Set<ChildProcess>();
/** Children started in a process group of their own (`npm start`): signals go to the whole group. */
const groupLeaders = new WeakSet<ChildProcess>();

function signal(child: ChildProcess, name: NodeJS.Signals): void {
  if (groupLeaders.has(child) && child.pid !== undefined) {
    try {
      process.kill(-child.pid, name);
      return;
    } catch {
      // The group is gone already; fall through to the child alone.
    }
  }
  child.kill(name);
}

/** The `node …dist/server/main.js` process among a process's descendants (Linux /proc), if found. */
function serverPidUnder(root: number): number | undefined {
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (command.includes("dist/server/main.js") && command.split("\0")[0]?.endsWith("node")) return pid;
      const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
      if (children) queue.push(...children.split(/\s+/).map(Number));
    } catch {
      // Exited meanwhile, or not Linux.
    }
  }
  return undefined;
}

process.once("exit", () => {
  // Last resort (an uncaught error or process.exit elsewhere): only synchronous calls work here.
  for (const child of liveChildren) signal(child, "SIGKILL");
});

export async function stopAllServers(): Promise<void> {
  await Promise.all([...liveChildren].map((child) => stopChild(child)));
}

/** Spawns `node dist/server/main.js` configured for a load test and waits until it serves readyPath. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const viaNpm = options.launch === "npm-start";
  const child = viaNpm
    ? spawn("npm", ["start", "--silent"], {
        cwd: options.root,
        env: serverEnv(options, port),
        stdio: ["ignore", "pipe", "pipe"],
        // Its own process group, so that stopping it stops npm, its shell and the server together.
        detached: true,
      })
    : spawn(process.execPath, [...nodeFlags(options), path.join(options.root, "dist/server/main.js")], {
        cwd: options.root,
        env: serverEnv(options, port),
        stdio: ["ignore", "pipe", "pipe"],
      });
  if (viaNpm) groupLeaders.add(child);
  liveChildren.add(child);
  child.once("exit", () => liveChildren.delete(child));
  const output = captureOutput(child);
  try {
    await waitUntilReady(child, `${baseUrl}${options.readyPath}`, output);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  const readyMs = performance.now() - started;
  const pid = viaNpm && child.pid !== undefined ? serverPidUnder(child.pid) : child.pid;
  if (pid === undefined) throw new Error("server process has no pid");
  return { pid, baseUrl, readyMs, stop: () => stopChild(child) };
}

/**
 * The bench's ruler: a bare `node:http` server (scripts/bench/bare-server.mjs) answering every
 * request with ping's small JSON body, no framework, spawned like the real server so that both
 * are a process of their own measured by the same load generator with the same settings.
 */
export async function startBareServer(
  root: string,
  script = "bare-server.mjs",
  extra: { nodeArgs?: string[]; env?: NodeJS.ProcessEnv } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...(extra.nodeArgs ?? []), path.join(root, "scripts/bench", script)], {
    cwd: root,
    env: {
      ...process.env,
      ...extra.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      PUBLIC_ORIGIN: baseUrl,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  liveChildren.add(child);
  child.once("exit", () => liveChildren.delete(child));
  const output = captureOutput(child);
  try {
    await waitUntilReady(child, `${baseUrl}/_api/ping`, output);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  if (child.pid === undefined) throw new Error("bare server process has no pid");
  return { pid: child.pid, baseUrl, readyMs: performance.now() - started, stop: () => stopChild(child) };
}

function nodeFlags(options: ServerOptions): string[] {
  return options.cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
}

function serverEnv(options: ServerOptions, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    // The per-IP limiter would answer 429 to a load test that comes from one address: the general
    // limit off, the per-route ones (log-in…) raised a thousandfold.
    RATE_LIMIT_PER_MINUTE: "0",
    RATE_LIMIT_SENSITIVE_SCALE: "1000",
    NODE_ENV: "production",
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    PAYMENTS_MODE: "demo",
    AI_WRITER_MODE: "demo",
    OIDC_MODE: "off",
    SEED_ON_START: "true",
    DATA_DIR: options.dataDir,
    // Empty (not inherited) for PGlite: the config treats a blank URL as unset.
    DATABASE_URL: options.databaseUrl ?? "",
  };
}

/** Keeps the last few KB of the server's stdout and stderr to explain a failed start. */
function captureOutput(child: ChildProcess): () => string {
  let tail = "";
  const append = (chunk: Buffer) => {
    tail = (tail + chunk.toString("utf8")).slice(-OUTPUT_TAIL_CHARS);
  };
  // Reading both pipes also keeps a chatty server from blocking on a full pipe.
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  // A failed spawn emits "error" (unhandled, it would crash the bench); its message joins the output.
  child.on("error", (error) => append(Buffer.from(`spawn error: ${error.message}\n`)));
  return () => tail;
}

async function waitUntilReady(child: ChildProcess, url: string, output: () => string): Promise<void> {
  const deadline = performance.now() + READY_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before it was ready${lastOutput(output)}`);
    }
    const status = await statusOf(url);
    if (status === 200) return;
    // The server listens only once it is fully built, so its first answer is final: no point in waiting on.
    if (status === 404 && new URL(url).pathname === "/") throw new ClientBuildMissingError();
    if (status !== 0) throw new Error(`GET ${new URL(url).pathname} answered ${status}, not 200`);
    await delay(READY_POLL_MS);
  }
  throw new Error(`server not ready after ${READY_TIMEOUT_MS / 1000} s${lastOutput(output)}`);
}

function lastOutput(output: () => string): string {
  const text = output().trim();
  return text ? `; its last output:\n${text}` : " (it printed nothing)";
}

/** Status of a GET on a fresh connection, or 0 when nothing answers yet. */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve) => {
    // No keep-alive agent: a pooled socket would outlive the poll and hold the server open.
    const request = http.get(url, { agent: false, timeout: 2_000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(0));
  });
}

/** SIGTERM (the server drains and closes its database), then SIGKILL if it does not exit in time. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  signal(child, "SIGTERM");
  // An unref'd timer: once the child is gone it must not keep the bench alive for the grace period.
  const grace = delay(STOP_GRACE_MS, "timeout" as const, { ref: false });
  const outcome = await Promise.race([exited.then(() => "exited" as const), grace]);
  if (outcome === "timeout") {
    signal(child, "SIGKILL");
    await exited;
  }
}

/** A port nobody listens on right now (the OS picks it; the tiny race until the server binds is acceptable). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  await once(server, "close");
  if (address === null || typeof address === "string") throw new Error("could not determine a free port");
  return address.port;
}

/** Resident set size of a process in bytes (Linux /proc), or undefined elsewhere. */
export function readRssBytes(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match?.[1] ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Clock ticks per second of /proc/<pid>/stat times: 100 on every common Linux, asked for all the same. */
const CLOCK_TICKS_PER_S = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (user + system, all threads) a process has used so far in ms, or undefined off Linux. */
export function readCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count fields from its closing one.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]); // utime and stime, fields 14 and 15
    return Number.isFinite(ticks) ? (ticks / CLOCK_TICKS_PER_S) * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Samples a process's RSS on an interval until stopped; peak() is the highest value seen so far. */
export function sampleRss(pid: number, intervalMs = 200): { peak(): number | undefined; stop(): void } {
  let peak: number | undefined;
  const sample = () => {
    const rss = readRssBytes(pid);
    if (rss !== undefined) peak = Math.max(peak ?? 0, rss);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    peak() {
      sample();
      return peak;
    },
    stop() {
      clearInterval(timer);
    },
  };
}
