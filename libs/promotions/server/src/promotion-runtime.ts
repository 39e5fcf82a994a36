import type { AdminSettings, PromotionPlan } from '@afterwards/contracts';
import type { EventStore } from '@afterwards/event-store';
import type { PrismaClient } from '@afterwards/persistence';
import { isoDateIn } from '@afterwards/checklist-domain';
import {
  decidePromotion,
  evolvePromotion,
  initialPromotionState,
  promotionStreamId,
  type PlanTerms,
  type PromotionCommand,
  type PromotionEvent,
  type PromotionState,
  type PromotionTiming,
} from '@afterwards/promotions-domain';
import { executeCommand, retryOnConflict, toDomainEvent, type Clock, type CommandContext, type Decider, type ExecuteResult } from '@afterwards/server-kit';

export const promotionDecider: Decider<PromotionCommand, PromotionEvent, PromotionState> = {
  initialState: initialPromotionState,
  decide: decidePromotion,
  evolve: evolvePromotion,
};

/** What the promotion jobs and reactors need, wired by Nest in the product and by hand in tests and benches. */
export interface PromotionRuntime {
  readonly store: EventStore;
  readonly prisma: PrismaClient;
  /** Time comes in from outside, so tests and benches can move it. */
  readonly clock: Clock;
  readonly settings: () => Promise<AdminSettings>;
}

export const timingOf = (settings: AdminSettings): PromotionTiming => ({ timeZone: settings.platformConfig.timezone, ...settings.promotionTiming });
export const termsOf = (settings: AdminSettings, plan: PromotionPlan): PlanTerms => ({
  price: settings.promotionPricing[plan].price,
  durationDays: settings.promotionPricing[plan].durationDays,
});
export const todayIn = (settings: AdminSettings, now: Date): string => isoDateIn(now, settings.platformConfig.timezone);

export async function loadPromotion(store: EventStore, promotionId: string): Promise<{ state: PromotionState; revision: bigint }> {
  const history = await store.readStream(promotionStreamId(promotionId));
  const state = history.reduce((s, e) => evolvePromotion(s, toDomainEvent<PromotionEvent>(e)), initialPromotionState);
  return { state, revision: history.length ? history[history.length - 1]!.revision : -1n };
}

/** The actor of work the product does on its own (jobs and reactors). */
export const SYSTEM_ACTOR = 'system:promotions';

/**
 * Runs one promotion command. Staff commands carry the revision the person saw; the product's own
 * work (`retryConflicts`) decides again on the newer state when someone else appended first, which is
 * what makes two workers racing on one job end with one set of events.
 */
export async function runPromotionCommand(
  rt: Pick<PromotionRuntime, 'store' | 'clock'>,
  promotionId: string,
  command: PromotionCommand | ((state: PromotionState) => PromotionCommand),
  context: CommandContext,
  options: { expectedRevision?: bigint; retryConflicts?: boolean } = {},
): Promise<ExecuteResult<PromotionEvent>> {
  const run = () =>
    executeCommand(rt.store, promotionStreamId(promotionId), promotionDecider, command, context, {
      expectedRevision: options.expectedRevision,
      clock: rt.clock,
    });
  return options.retryConflicts ? retryOnConflict(run, { maxAttempts: 5 }) : run();
}
