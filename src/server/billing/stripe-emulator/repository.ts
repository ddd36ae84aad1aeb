import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { demoStripeObjects } from "../../db/schema/demo-stripe-objects.js";
import type { EmulatorStore, StripeObject } from "./emulator.js";

/**
 * Demo mode's store, the repository of the demo_stripe_objects table: the emulated Stripe account
 * survives restarts, in the app's own database.
 */
export class DbStore implements EmulatorStore {
  constructor(private readonly db: Db) {}

  async get(id: string): Promise<StripeObject | undefined> {
    const [row] = await this.db
      .select({ data: demoStripeObjects.data })
      .from(demoStripeObjects)
      .where(eq(demoStripeObjects.id, id));
    return row?.data as StripeObject | undefined;
  }

  async put(object: StripeObject): Promise<void> {
    await this.db
      .insert(demoStripeObjects)
      .values({ id: object.id, type: object.object, data: object })
      .onConflictDoUpdate({ target: demoStripeObjects.id, set: { type: object.object, data: object } });
  }

  async list(type: string): Promise<StripeObject[]> {
    // created_at is kept on update, so it is the creation order; the id only breaks exact ties.
    const rows = await this.db
      .select({ data: demoStripeObjects.data })
      .from(demoStripeObjects)
      .where(eq(demoStripeObjects.type, type))
      .orderBy(asc(demoStripeObjects.createdAt), asc(demoStripeObjects.id));
    return rows.map((row) => row.data as StripeObject);
  }
}
