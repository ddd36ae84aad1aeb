import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";

/**
 * The connection to the Redis that holds the rate-limit counters when REDIS_URL is set, so that
 * every instance counts against the same limits. A Redis that is down must not stop the product:
 * commands fail at once instead of queueing (no offline queue, one try, short timeouts), the
 * rate-limit plugin lets the request through (skipOnError), and the outage is logged once when it
 * starts and once when it ends. ioredis keeps reconnecting meanwhile.
 */
export async function openRateLimitRedis(url: string, logger: FastifyBaseLogger): Promise<Redis> {
  // Loaded only when REDIS_URL is set: the client and its dependencies cost ~0.15 s of every start.
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 500,
    connectionName: "fundmatch-rate-limit",
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  let reachable: boolean | undefined;
  redis.on("ready", () => {
    if (reachable !== true) logger.info("rate-limit store (Redis) connected: limits are shared by every instance");
    reachable = true;
  });
  redis.on("error", (error) => {
    if (reachable !== false) {
      logger.warn(
        { err: error },
        "rate-limit store (Redis) unreachable: the per-IP limits are not applied until it is back",
      );
    }
    reachable = false;
  });
  // A Redis that is down at start is logged by the error handler above; the app starts anyway.
  await redis.connect().catch(() => {});
  return redis;
}

export async function closeRateLimitRedis(redis: Redis): Promise<void> {
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}
