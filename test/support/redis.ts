import { Redis } from 'ioredis';

/** The Redis the tests that need one use: REDIS_URL, or the machine's own. */
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Fails at once, saying what is missing, when no Redis answers: the tests that need one
 * would otherwise time out on something else.
 */
export async function requireRedis(url = TEST_REDIS_URL): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 3000 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(
      `These tests need a Redis server at ${url} (start one, e.g. \`redis-server --daemonize yes\`, or set REDIS_URL): ${(error as Error).message}`,
    );
  } finally {
    redis.disconnect();
  }
}
