import { createHook } from "node:async_hooks";

/** The one `process.nextTick` record this process keeps, so that its hidden classes are never collected. */
let heldTickObject: object | undefined;

/**
 * Keeps one of Node's `process.nextTick` records alive for the life of the process (ADR 0053).
 *
 * Node 20 makes each tick record with an object literal whose first two keys are computed symbols.
 * V8 remembers, at each of those keys, the hidden class it saw, but holds that class only weakly. When
 * a full garbage collection runs while no tick record is alive (the server's start-up has several),
 * the classes go, the next record gets new ones, and V8 marks those sites megamorphic for good: every
 * later `nextTick` — several per request, inside Node's streams and HTTP server — then defines its
 * properties through a runtime call. Holding one record holds its class and the chain behind it.
 *
 * The record is caught through an init hook switched on for one `nextTick` and off again at once, so
 * no later tick, promise or socket pays for async hooks (ADR 0048). Call it before the server starts.
 */
export function holdTickObjectShape(): object | undefined {
  if (heldTickObject !== undefined) return heldTickObject;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === "TickObject" && heldTickObject === undefined) heldTickObject = resource;
    },
  });
  hook.enable();
  try {
    process.nextTick(keepNothing);
  } finally {
    hook.disable();
  }
  return heldTickObject;
}

function keepNothing(): void {}
