import { Redis } from 'ioredis';
import {
  BurstyRateLimiter,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { INTERACTION_BATCHING, type ListingAction } from '@afterwards/contracts';

/**
 * Server-side limits on interaction events, so a script cannot inflate a listing's counts (the
 * finder has client-side ones too). Shared through Redis across API replicas when REDIS_URL
 * is set, in memory otherwise. The per-address allowance follows the finder's own pace
 * (INTERACTION_BATCHING): a person searching as fast as they can sends at most one full batch per
 * batching period, which always fits; only a client that does not batch runs out.
 */
export const INTERACTION_LIMITS = {
  /** One event per client address, listing and action in this window; more are dropped. */
  perListingActionSeconds: 5,
  /** Events per client address in each batching period: one full batch... */
  perAddressPoints: INTERACTION_BATCHING.maxBatch,
  perAddressSeconds: INTERACTION_BATCHING.flushMs / 1000,
  /** ...plus a burst allowance per 10 seconds for the batch sent as a page is hidden, a second tab, or a batch that arrives early. */
  burstPer10Seconds: 2 * INTERACTION_BATCHING.maxBatch,
} as const;

const ITEM_PREFIX = 'afw:interactions:item';

export type CapDecision = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

export class InteractionLimits {
  private readonly perItem: RateLimiterAbstract;
  private readonly perAddress: BurstyRateLimiter;

  private constructor(
    make: (opts: { keyPrefix: string; points: number; duration: number }) => RateLimiterAbstract,
    private readonly redis?: Redis,
  ) {
    this.perItem = make({ keyPrefix: ITEM_PREFIX, points: 1, duration: INTERACTION_LIMITS.perListingActionSeconds });
    this.perAddress = new BurstyRateLimiter(
      make({ keyPrefix: 'afw:interactions:rate', points: INTERACTION_LIMITS.perAddressPoints, duration: INTERACTION_LIMITS.perAddressSeconds }),
      make({ keyPrefix: 'afw:interactions:burst', points: INTERACTION_LIMITS.burstPer10Seconds, duration: 10 }),
    );
  }

  static inMemory(): InteractionLimits {
    return new InteractionLimits((opts) => new RateLimiterMemory(opts));
  }

  static onRedis(url: string): InteractionLimits {
    // Auto-pipelining sends concurrent requests' commands in shared round trips.
    const redis = new Redis(url, { enableAutoPipelining: true, maxRetriesPerRequest: 2 });
    return new InteractionLimits((opts) => new RateLimiterRedis({ storeClient: redis, ...opts }), redis);
  }

  /** Takes `count` events from the address's overall allowance; refuses the whole request when it is spent. */
  async takeFromAddress(address: string, count: number): Promise<CapDecision> {
    try {
      await this.perAddress.consume(address, count);
      return { allowed: true };
    } catch (error) {
      if (error instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
      throw error;
    }
  }

  /**
   * For each item, whether this address may record this action on this listing now (at most one per
   * window). A one-point limiter is a key set if absent with an expiry, so on Redis all the items of
   * a request take one pipelined round trip (`SET … NX PX`) instead of one limiter call each; in
   * memory the one-point `RateLimiterMemory` does the same.
   */
  async allowItems(address: string, items: readonly { listingId: string; action: ListingAction }[]): Promise<boolean[]> {
    const keys = items.map((i) => `${address}|${i.listingId}|${i.action}`);
    if (this.redis) {
      const pipeline = this.redis.pipeline();
      for (const key of keys) pipeline.set(`${ITEM_PREFIX}:${key}`, '1', 'PX', INTERACTION_LIMITS.perListingActionSeconds * 1000, 'NX');
      const results = (await pipeline.exec()) ?? [];
      return results.map(([error, reply]) => {
        if (error) throw error;
        return reply === 'OK';
      });
    }
    const allowed: boolean[] = [];
    for (const key of keys) {
      try {
        await this.perItem.consume(key, 1);
        allowed.push(true);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        allowed.push(false);
      }
    }
    return allowed;
  }

  async close(): Promise<void> {
    if (this.redis) await this.redis.quit().catch(() => this.redis!.disconnect());
  }
}
