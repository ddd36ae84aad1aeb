import { createServer } from "node:net";
import path from "node:path";
import { appOrigin, ConfigError, loadConfig } from "./config.js";
import { startDataDir } from "./db/data-dir.js";
import { CLIENT_BUILD_DIR, SSR_ENTRY_FILE } from "./paths.js";
import { widenPolymorphicAccess } from "./polymorphic-access.js";
import { holdTickObjectShape } from "./tick-shape.js";

/** How long in-flight requests get to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  // First, before the start-up's garbage collections can take nextTick's hidden classes (ADR 0053).
  holdTickObjectShape();
  // Before any request: the request path stays polymorphic across the kinds of call (ADR 0055).
  widenPolymorphicAccess();
  // NODE_ENV is left as given: `npm start` on a laptop is development (demo payments allowed); a
  // deployment sets NODE_ENV=production, which refuses demo payments unless asked for (config.ts).
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, { CLIENT_DIR: CLIENT_BUILD_DIR, SSR_ENTRY: SSR_ENTRY_FILE });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Links are built from the configured address, never from a request's Host header; with PORT=0
  // and no PUBLIC_ORIGIN the port is taken here, so that the links can name it.
  if (config.PORT === 0 && !config.PUBLIC_ORIGIN) {
    const port = await freePort(config.HOST);
    config = { ...config, PORT: port, APP_ORIGIN: appOrigin({ ...config, PORT: port }) };
  }
  // A new PGlite directory's copy of the build's cluster begins now, and its file I/O overlaps the
  // loading of the rest of the server (about a second each on a 2-core machine; ADR 0019). The
  // database module waits for the same copy rather than starting its own.
  if (!config.DATABASE_URL) {
    startDataDir(path.join(config.DATA_DIR, "pglite"), config.SEED_ON_START).catch(() => {
      // The database's own open reports it, with the logger.
    });
  }
  const { buildApp } = await import("./app.js");
  const app = await buildApp(config);
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const timer = setTimeout(() => {
      app.log.error("graceful shutdown timed out; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    try {
      // Stops accepting connections, waits for in-flight requests, then closes the database.
      await app.close();
      app.log.info("shutdown complete");
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error during shutdown");
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.PORT, host: config.HOST });
}

/** A port the system gives out on this host right now (PORT=0 without PUBLIC_ORIGIN). */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
