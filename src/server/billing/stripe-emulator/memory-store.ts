import type { EmulatorStore, StripeObject } from "./emulator.js";

/** Keeps objects in a Map (insertion order = creation order); copies in and out, as a database would. */
export class MemoryStore implements EmulatorStore {
  readonly #objects = new Map<string, StripeObject>();

  async get(id: string): Promise<StripeObject | undefined> {
    const found = this.#objects.get(id);
    return found && structuredClone(found);
  }

  async put(object: StripeObject): Promise<void> {
    this.#objects.set(object.id, structuredClone(object));
  }

  async list(type: string): Promise<StripeObject[]> {
    return [...this.#objects.values()]
      .filter((object) => object.object === type)
      .map((object) => structuredClone(object));
  }
}
