/** Work to undo (drop a database, delete a directory) that must also happen when the run is interrupted. */
const pending = new Set<() => Promise<void>>();

/**
 * Registers a cleanup and returns a function that runs it once, for the normal `finally`; whatever
 * is still registered when the run is interrupted is run by runPendingCleanups().
 */
export function deferCleanup(task: () => Promise<void>): () => Promise<void> {
  let done = false;
  const run = async () => {
    if (done) return;
    done = true;
    pending.delete(run);
    await task();
  };
  pending.add(run);
  return run;
}

/** Runs every registered cleanup; a failing one is reported and does not stop the others. */
export async function runPendingCleanups(): Promise<void> {
  const results = await Promise.allSettled([...pending].map((run) => run()));
  for (const result of results) {
    if (result.status === "rejected") console.error("cleanup failed:", result.reason);
  }
}
