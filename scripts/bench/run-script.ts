import { runPendingCleanups } from "./cleanup.js";
import { stopAllServers } from "./server-process.js";

/**
 * Runs a benchmark script's main: its answer becomes the exit code; a failure, Ctrl-C or a kill
 * stops the servers it started and drops its scratch databases before the process leaves.
 */
export function runBenchScript(main: () => Promise<number>, onSignal?: (signal: NodeJS.Signals) => void): void {
  const exitOnSignal = (signal: NodeJS.Signals) => {
    onSignal?.(signal);
    void stopAllServers()
      .then(runPendingCleanups)
      .finally(() => process.exit(130));
  };
  process.once("SIGINT", exitOnSignal);
  process.once("SIGTERM", exitOnSignal);
  main()
    .then((code) => {
      process.exitCode = code;
    })
    .catch(async (error: unknown) => {
      console.error(error);
      await stopAllServers();
      await runPendingCleanups();
      process.exitCode = 1;
    });
}
