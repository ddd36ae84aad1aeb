import { setFlagsFromString } from "node:v8";

/**
 * How many hidden classes one property access in V8's optimised code may have seen and still check
 * them one by one (V8's default is 4). Past it the access goes megamorphic: a lookup in a shared
 * cache, and a runtime call when that cache misses.
 */
export const POLYMORPHIC_MAP_LIMIT = 16;

/**
 * Raises that limit for this process (ADR 0055). Node's HTTP internals and Fastify's request path are
 * shared by every call, and each call brings request, reply and header objects of its own shapes (a
 * Request and a Reply class per plugin scope, a header set per kind of answer): once a server has
 * served a few kinds of call, the shared accesses pass four classes and every later request pays the
 * megamorphic path. The flag is read whenever an access changes state, so setting it at start, before
 * any request, covers all of them. Node keeps V8's flags writable for this (`v8.setFlagsFromString`).
 */
export function widenPolymorphicAccess(): void {
  setFlagsFromString(`--max-valid-polymorphic-map-count=${POLYMORPHIC_MAP_LIMIT}`);
}
