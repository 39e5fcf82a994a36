import type { JobQueue } from '@afterwards/jobs';
import type { RecordedEvent } from '@afterwards/event-store';
import { PROMOTION_STREAM_PREFIX } from '@afterwards/promotions-domain';
import type { Projection } from '@afterwards/server-kit';
import { loadPromotion, timingOf, type PromotionRuntime } from '../promotion-runtime';
import { scheduleDueWork } from './promotion-due.job';
import { sweepDueWork } from './promotion-sweep.job';

export const PROMOTION_SCHEDULER = 'promotions.scheduler';
const SETTINGS_STREAM_PREFIX = 'settings-';
/** Events after which a promotion has new times. */
const RETIMED = new Set(['PromotionCreated', 'PromotionStarted', 'PromotionChanged', 'PromotionRenewed']);

/**
 * Queues each promotion's timed work when it is made, started, changed or renewed, and everyone's again
 * when staff change the timing settings. A reactor with its own checkpoint: a crash before the jobs were
 * queued replays the event and queues them then (keys make it once).
 */
export function promotionSchedulerReactor(
  rt: PromotionRuntime,
  queue: JobQueue,
  /** Resolves once the settings this process reads include `event` (the settings read model caught up). */
  settingsInclude: (event: RecordedEvent) => Promise<void> = async () => undefined,
): Projection {
  return {
    name: PROMOTION_SCHEDULER,
    transactional: false,
    streamPrefixes: [PROMOTION_STREAM_PREFIX, SETTINGS_STREAM_PREFIX],
    async apply(recorded: RecordedEvent): Promise<string[]> {
      if (recorded.streamId.startsWith(SETTINGS_STREAM_PREFIX)) {
        await settingsInclude(recorded);
        await sweepDueWork(rt, queue, Number.POSITIVE_INFINITY);
        return [];
      }
      if (!RETIMED.has(recorded.type)) return [];
      const promotionId = (recorded.data as { promotionId: string }).promotionId;
      const [{ state }, settings] = await Promise.all([loadPromotion(rt.store, promotionId), rt.settings()]);
      await scheduleDueWork(queue, rt.clock.now(), promotionId, state, timingOf(settings));
      return [];
    },
    async snapshot(): Promise<unknown[]> {
      return [];
    },
  };
}
