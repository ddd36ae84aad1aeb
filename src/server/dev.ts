import path from "node:path";
import { createServer } from "vite";
import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { ROOT_DIR } from "./paths.js";

/**
 * `npm run dev`: one process. The API listens on a private loopback port and the Vite dev server
 * (HMR) listens on PORT in front of it, proxying /_api and /healthz.
 */
async function dev(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const api = await buildApp(config);
  const apiAddress = await api.listen({ port: 0, host: "127.0.0.1" });
  const vite = await createServer({
    configFile: path.join(ROOT_DIR, "vite.config.ts"),
    server: {
      port: config.PORT,
      host: config.HOST,
      strictPort: true,
      // Keep the browser's Host header: the API compares it with Origin to refuse cross-site calls.
      proxy: {
        "/_api": { target: apiAddress, changeOrigin: false },
        "/healthz": { target: apiAddress, changeOrigin: false },
      },
    },
  });
  await vite.listen();
  vite.printUrls();
  const stop = async () => {
    await vite.close();
    await api.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void stop());
  process.once("SIGTERM", () => void stop());
}

void dev();
