import type { FastifyInstance } from "fastify";
import { invalid } from "../errors.js";

/**
 * The deepest JSON nesting a request body may have. Every contract is two levels deep at most; a
 * limit far above that costs nothing and keeps a deeply nested body from ever reaching code that
 * walks it recursively (validation would overflow the stack).
 */
export const MAX_JSON_DEPTH = 32;

export const JSON_TOO_DEEP = `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`;

/** True when the JSON text opens more than `limit` arrays or objects inside one another. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c /* \ */) i++;
      else if (code === 0x22 /* " */) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      if (++depth > limit) return true;
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

/**
 * Replaces the JSON body parser with one that measures the nesting before parsing. Parsing itself
 * stays Fastify's (secure-json-parse), which refuses `__proto__` and `constructor.prototype` keys.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    // parseAs "string" always hands over a string.
    const text = String(body);
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(invalid(JSON_TOO_DEEP), undefined);
      return;
    }
    parse(request, text, done);
  });
}
