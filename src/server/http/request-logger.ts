import { getRandomValues, randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyBaseLogger, FastifyServerOptions } from "fastify";
import type { Bindings, ChildLoggerOptions, Level, LogFn } from "pino";

type LevelName = Exclude<Level, never>;

/**
 * A request's logger that becomes pino's child only when something is written at an enabled level.
 * Fastify makes a child logger for every request, and pino serialises the child's bindings (the
 * request id) into a string as it makes it: about a microsecond of every API call, for lines that
 * at the production level (warn) are almost never written. Each method asks the parent whether its
 * level is on first, so a disabled level costs a comparison; the first line written makes the real
 * child, with the same bindings, and every later one goes to it.
 */
class LazyRequestLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger & { isLevelEnabled(level: string): boolean },
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  private write(level: LevelName, args: Parameters<LogFn>): void {
    // A child's own level (options.level) may differ from the parent's: only then ask the child.
    if (this.made === undefined && this.options.level === undefined && !this.parent.isLevelEnabled(level)) return;
    (this.real()[level] as (...values: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  fatal(...args: Parameters<LogFn>): void {
    this.write("fatal", args);
  }
  error(...args: Parameters<LogFn>): void {
    this.write("error", args);
  }
  warn(...args: Parameters<LogFn>): void {
    this.write("warn", args);
  }
  info(...args: Parameters<LogFn>): void {
    this.write("info", args);
  }
  debug(...args: Parameters<LogFn>): void {
    this.write("debug", args);
  }
  trace(...args: Parameters<LogFn>): void {
    this.write("trace", args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made lazily (pino parents only). */
export const lazyChildLogger: NonNullable<FastifyServerOptions["childLoggerFactory"]> = (logger, bindings, options) => {
  const parent = logger as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
  if (typeof parent.isLevelEnabled !== "function") return logger.child(bindings, options);
  return new LazyRequestLogger(
    parent as FastifyBaseLogger & { isLevelEnabled(level: string): boolean },
    bindings,
    options,
  ) as unknown as FastifyBaseLogger;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Request ids: a valid incoming X-Request-Id (letters, digits, `._-`, up to 64) is kept; otherwise
 * this process's random prefix and a counter, shuffled. Unique across instances and restarts as a
 * UUID was, without drawing random bytes for every request (randomUUID showed in a ping's profile).
 * The counter goes through a keyed permutation of 32-bit numbers (a four-round Feistel network with
 * this process's random round keys), so an id does not tell a client how many requests came before
 * it; after 2^32 ids the prefix is drawn again.
 */
export function requestIdGenerator(): (request: IncomingMessage) => string {
  const drawPrefix = () => randomBytes(6).toString("hex");
  let prefix = drawPrefix();
  const keys = getRandomValues(new Uint16Array(4));
  let count = 0;
  return (request) => {
    const given = request.headers["x-request-id"];
    if (typeof given === "string" && REQUEST_ID.test(given)) return given;
    if (count === 0x1_0000_0000) {
      prefix = drawPrefix();
      count = 0;
    }
    const shuffled = permute32(count, keys);
    count += 1;
    return `${prefix}-${hex32(shuffled)}`;
  };
}

/** Two hex digits per byte: Number#toString(16) takes V8's slow path for numbers above 2^31. */
const HEX_BYTE = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

/** A 32-bit number as eight hex digits. */
function hex32(value: number): string {
  return `${HEX_BYTE[value >>> 24]}${HEX_BYTE[(value >>> 16) & 0xff]}${HEX_BYTE[(value >>> 8) & 0xff]}${HEX_BYTE[value & 0xff]}`;
}

/**
 * A bijection on 32-bit numbers keyed by four 16-bit round keys. A Feistel network is a permutation
 * whatever its round function, so distinct counters always give distinct ids.
 */
export function permute32(value: number, keys: Uint16Array): number {
  let left = value >>> 16;
  let right = value & 0xffff;
  for (let round = 0; round < keys.length; round++) {
    const next = left ^ ((Math.imul((right ^ (keys[round] as number)) | (right << 16), 0x9e3779b1) >>> 16) & 0xffff);
    left = right;
    right = next;
  }
  return ((left << 16) | right) >>> 0;
}
