import { eq } from "drizzle-orm";
import type { Db } from "./client.js";
import { dataVersions } from "./schema/data-versions.js";

/**
 * Runs `step` once per database for the named data step at `version`: the step's marker row in
 * data_versions is locked for the transaction, so instances starting together run it one at a time
 * and the later ones see it done. Returns whether it ran.
 */
export async function runDataStepOnce(
  db: Db,
  name: string,
  version: number,
  step: (tx: Db) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.insert(dataVersions).values({ name, version: 0 }).onConflictDoNothing();
    const [marker] = await tx
      .select({ version: dataVersions.version })
      .from(dataVersions)
      .where(eq(dataVersions.name, name))
      .for("update");
    if ((marker?.version ?? 0) >= version) return false;
    await step(tx as unknown as Db);
    await tx.update(dataVersions).set({ version, updatedAt: new Date() }).where(eq(dataVersions.name, name));
    return true;
  });
}
