import { PROMOTION_MESSAGES, type AdminSettings, type PromotionPlan } from '@afterwards/contracts';
import type { EventStore } from '@afterwards/event-store';
import type { PrismaClient } from '@afterwards/persistence';
import { isoDateIn } from '@afterwards/checklist-domain';
import {
  decidePromotion,
  evolvePromotion,
  initialPromotionState,
  PromotionError,
  promotionStreamId,
  type PlanTerms,
  type PromotionCommand,
  type PromotionEvent,
  type PromotionState,
  type PromotionTiming,
} from '@afterwards/promotions-domain';
import { CommandPipeline, ProblemError, toDomainEvent, type AggregateCommands, type Clock, type Decider } from '@afterwards/server-kit';

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
  /** Every promotion command, from staff and from the product's own timed work, runs here. */
  readonly commands: CommandPipeline<PromotionCommand, PromotionEvent, PromotionState>;
}

/**
 * How a promotion's commands run. Staff commands carry the version the person saw (a newer promotion is a 409
 * in words); the product's own work (jobs, which carry none) decides again on the newer state when someone else
 * appended first, which is what makes two workers racing on one job end with one set of events.
 */
export function promotionCommands(
  clock: Clock,
  settle?: AggregateCommands<PromotionCommand, PromotionEvent, PromotionState>['settle'],
): AggregateCommands<PromotionCommand, PromotionEvent, PromotionState> {
  return {
    streamId: promotionStreamId,
    decider: promotionDecider,
    retry: { maxAttempts: 5 },
    conflict: () => new ProblemError(409, 'PROMOTION_CHANGED', PROMOTION_MESSAGES.changed),
    // The domain does not know the id the person asked for; the words name it.
    refusal: (error, id) => (error instanceof PromotionError && error.code === 'PROMOTION_NOT_FOUND' ? new ProblemError(404, error.code, PROMOTION_MESSAGES.notFound(id)) : error),
    // Time comes in from outside, so tests and benches can move it.
    clock,
    settle,
  };
}

/** The runtime from its parts: the command pipeline is made here, so a test or bench wires it as the product does. */
export function createPromotionRuntime(
  parts: Omit<PromotionRuntime, 'commands'>,
  settle?: AggregateCommands<PromotionCommand, PromotionEvent, PromotionState>['settle'],
): PromotionRuntime {
  return { ...parts, commands: new CommandPipeline(parts.store, promotionCommands(parts.clock, settle)) };
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
