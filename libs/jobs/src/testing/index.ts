import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { BullMqJobQueue } from '../bullmq-queue';
import { InProcessJobQueue } from '../in-process-queue';
import type { JobQueueHarness } from './jobs-contract';

export * from './jobs-contract';

export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export function createInProcessHarness(): JobQueueHarness {
  return { create: () => new InProcessJobQueue(), dispose: async () => {} };
}

/**
 * BullMQ queues under a fresh random prefix, so parallel runs never collide; `dispose` deletes
 * every key under it. Call it only after the queues are closed.
 */
export function createBullMqHarness(redisUrl: string = TEST_REDIS_URL): JobQueueHarness & { readonly prefix: string } {
  const prefix = `afterwards-test-${randomBytes(6).toString('hex')}`;
  return {
    prefix,
    create: () => new BullMqJobQueue({ connection: { url: redisUrl }, prefix }),
    dispose: () => deleteKeysWithPrefix(redisUrl, prefix),
  };
}

export async function deleteKeysWithPrefix(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
