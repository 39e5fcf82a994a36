import { randomUUID } from 'node:crypto';
import { DEFAULT_SETTINGS } from '@afterwards/contracts';
import { ListingCommands } from '@afterwards/directory-server';
import type { RecordedEvent } from '@afterwards/event-store';
import type { JobQueue } from '@afterwards/jobs';
import { createBullMqHarness, createInProcessHarness, type JobQueueHarness } from '@afterwards/jobs/testing';
import { expectEventually } from '@afterwards/persistence/testing';
import { addDays } from '@afterwards/checklist-domain';
import { dueActions, promotionStreamId, type PromotionJobKind } from '@afterwards/promotions-domain';
import { startPromotionsOnPostgres, type PromotionsOnPostgres } from '../promotions-on-postgres.testing';
import { loadPromotion, timingOf } from '../promotion-runtime';
import { promotionDueJob, runDueWork, scheduleDueWork } from './promotion-due.job';
import { sweepDueWork } from './promotion-sweep.job';

/**
 * The promotion jobs on both drivers, with a clock the test moves: each piece of timed work happens at
 * its time, once, however often it is scheduled and however many workers take it.
 */

const drivers: [string, () => JobQueueHarness, boolean][] = [
  ['in-process', createInProcessHarness, false],
  ['BullMQ', () => createBullMqHarness(), true],
];

describe.each(drivers)('promotion timed work (%s driver)', (_name, harnessOf, shared) => {
  let world: PromotionsOnPostgres;
  let harness: JobQueueHarness;
  let workers: JobQueue[];

  beforeAll(async () => {
    world = await startPromotionsOnPostgres();
    harness = harnessOf();
    // Two workers where the driver shares its jobs between processes (BullMQ); one in-process queue otherwise.
    workers = (shared ? [0, 1] : [0]).map(() => {
      const queue = harness.create();
      queue.process(
        promotionDueJob,
        async (job) => {
          await runDueWork(world.rt, queue, job.payload);
        },
        { concurrency: 4 },
      );
      return queue;
    });
    await Promise.all(workers.map((w) => w.start()));
  });

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.close()));
    await harness.dispose();
    await world.stop();
  });

  const now = () => world.rt.clock.now();
  const today = () => world.today();

  async function activeListing(): Promise<string> {
    const listingId = randomUUID();
    const details = { name: `Hope & Sons ${listingId.slice(0, 4)}`, category: 'Funeral Directors' as const, location: 'Leeds', latitude: 53.8, longitude: -1.55 };
    await new ListingCommands(world.store).run(listingId, { type: 'SubmitListing', listingId, status: 'Active', details }, { actor: 'test' });
    return listingId;
  }

  /**
   * Moves the clock to just before `kind` is due, then schedules the promotion's work as the sweep does
   * (what falls due within its window) three times over, on every worker.
   */
  async function approach(promotionId: string, kind: PromotionJobKind, leadMs = 400): Promise<void> {
    const { state } = await loadPromotion(world.store, promotionId);
    const action = dueActions(state, timingOf(world.settings)).find((a) => a.kind === kind)!;
    world.clock.offsetMs = action.dueAt.getTime() - leadMs - Date.now();
    for (const worker of workers) await scheduleDueWork(worker, now(), promotionId, state, timingOf(world.settings), 5_000);
    await scheduleDueWork(workers[0]!, now(), promotionId, state, timingOf(world.settings), 5_000);
  }

  const eventsOf = async (promotionId: string): Promise<RecordedEvent[]> => world.store.readStream(promotionStreamId(promotionId));
  const typesOf = async (promotionId: string) => (await eventsOf(promotionId)).map((e) => e.type);
  const listingRow = (listingId: string) => world.prisma.listing.findUnique({ where: { id: listingId }, select: { promoted: true, position: true } });

  it('starts on the start date, reminds, warns and expires after the grace period, each once, and moves the listing', async () => {
    world.clock.offsetMs = 0;
    const listingId = await activeListing();
    const promotionId = await world.promote(listingId, { plan: '1-month', startDate: addDays(today(), 1), autoRenew: false });
    expect(await typesOf(promotionId)).toEqual(['PromotionCreated']);

    await approach(promotionId, 'start');
    await expectEventually(async () => expect(await typesOf(promotionId)).toContain('PromotionStarted'), 10_000);
    await expectEventually(async () => expect(await listingRow(listingId)).toEqual({ promoted: true, position: 1 }), 5_000);

    await approach(promotionId, 'remind-renewal');
    await expectEventually(async () => expect(await typesOf(promotionId)).toContain('PromotionRenewalReminded'), 10_000);
    await approach(promotionId, 'warn-expiry');
    await expectEventually(async () => expect(await typesOf(promotionId)).toContain('PromotionExpiryWarned'), 10_000);

    // Before the grace period ends nothing expires, even when the expiry job is run early by hand.
    const { state } = await loadPromotion(world.store, promotionId);
    const expire = dueActions(state, timingOf(world.settings)).find((a) => a.kind === 'expire')!;
    world.clock.offsetMs = expire.dueAt.getTime() - 60_000 - Date.now();
    expect(await runDueWork(world.rt, undefined, { promotionId, kind: 'expire', period: 1, dueAt: expire.dueAt.toISOString() })).toEqual([]);

    await approach(promotionId, 'expire');
    await expectEventually(async () => expect(await typesOf(promotionId)).toContain('PromotionExpired'), 10_000);
    await expectEventually(async () => expect(await listingRow(listingId)).toEqual({ promoted: false, position: null }), 5_000);

    // Scheduled three times each, run by every worker that took a copy: one event of each kind.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await typesOf(promotionId)).toEqual(['PromotionCreated', 'PromotionStarted', 'PromotionRenewalReminded', 'PromotionExpiryWarned', 'PromotionExpired']);
    const expired = (await eventsOf(promotionId)).at(-1)!;
    expect(new Date(expired.metadata.occurredAt).getTime()).toBeGreaterThanOrEqual(expire.dueAt.getTime());
  });

  it('renews a monthly plan with auto-renew at its end, once, at the price of the day, and never expires that period', async () => {
    world.clock.offsetMs = 0;
    const listingId = await activeListing();
    const promotionId = await world.promote(listingId, { plan: 'monthly', startDate: today(), autoRenew: true });
    expect(await typesOf(promotionId)).toEqual(['PromotionCreated', 'PromotionStarted']);
    world.settings.promotionPricing.monthly = { ...world.settings.promotionPricing.monthly, price: 85 };

    await approach(promotionId, 'auto-renew');
    await expectEventually(async () => expect(await typesOf(promotionId)).toContain('PromotionRenewed'), 10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const renewals = (await eventsOf(promotionId)).filter((e) => e.type === 'PromotionRenewed');
    expect(renewals).toHaveLength(1);
    const { state } = await loadPromotion(world.store, promotionId);
    expect([state.period, state.amount, state.revenue, state.status]).toEqual([2, 85, 164, 'Active']);

    // The first period's expiry, run at its time, finds a renewed promotion: nothing to do.
    world.clock.offsetMs += 25 * 3_600_000;
    expect(await runDueWork(world.rt, undefined, { promotionId, kind: 'expire', period: 1, dueAt: now().toISOString() })).toEqual([]);
    world.settings.promotionPricing.monthly = DEFAULT_SETTINGS.promotionPricing.monthly;
  });

  it('with a grace of 0 hours, auto-renewal wins over the expiry due at the same instant, on this driver', async () => {
    world.clock.offsetMs = 0;
    world.settings.promotionTiming = { ...world.settings.promotionTiming, gracePeriodHours: 0 };
    try {
      const listingId = await activeListing();
      const promotionId = await world.promote(listingId, { plan: 'monthly', startDate: today(), autoRenew: true });
      const { state } = await loadPromotion(world.store, promotionId);
      const due = dueActions(state, timingOf(world.settings));
      const renewAt = due.find((a) => a.kind === 'auto-renew')!.dueAt.getTime();
      expect(due.find((a) => a.kind === 'expire')!.dueAt.getTime()).toBe(renewAt);

      // The expiry job is queued first and fires first (as it did at midnight); both at the same instant.
      world.clock.offsetMs = renewAt - 400 - Date.now();
      const ordered = [...due].sort((a, b) => (a.kind === 'expire' ? -1 : b.kind === 'expire' ? 1 : 0)).filter((a) => a.kind === 'expire' || a.kind === 'auto-renew');
      for (const action of ordered) {
        await workers[0]!.enqueue(
          promotionDueJob,
          { promotionId, kind: action.kind, period: action.period, dueAt: action.dueAt.toISOString() },
          { jobId: `${promotionId}.${action.kind}.grace0`, delayMs: Math.max(0, action.dueAt.getTime() - now().getTime()) },
        );
      }
      await expectEventually(async () => expect(await typesOf(promotionId)).toContain('PromotionRenewed'), 10_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await typesOf(promotionId)).toEqual(['PromotionCreated', 'PromotionStarted', 'PromotionRenewed']);
      expect((await loadPromotion(world.store, promotionId)).state).toMatchObject({ status: 'Active', period: 2 });
      await expectEventually(async () => expect(await listingRow(listingId)).toEqual({ promoted: true, position: 1 }), 5_000);
    } finally {
      world.settings.promotionTiming = DEFAULT_SETTINGS.promotionTiming;
    }
  });

  it('a job run again after its worker died mid-run (after appending) appends nothing more', async () => {
    world.clock.offsetMs = 0;
    const listingId = await activeListing();
    const promotionId = await world.promote(listingId, { plan: '1-month', startDate: today(), autoRenew: false });
    const { state } = await loadPromotion(world.store, promotionId);
    const warn = dueActions(state, timingOf(world.settings)).find((a) => a.kind === 'warn-expiry')!;
    world.clock.offsetMs = warn.dueAt.getTime() + 1_000 - Date.now();
    const payload = { promotionId, kind: 'warn-expiry' as const, period: 1, dueAt: warn.dueAt.toISOString() };
    // Two deliveries at once (a stalled job handed to a second worker) and one more afterwards.
    const results = await Promise.all([runDueWork(world.rt, undefined, payload), runDueWork(world.rt, undefined, payload)]);
    expect(results.map((r) => r.length).sort()).toEqual([0, 1]);
    expect(await runDueWork(world.rt, undefined, payload)).toEqual([]);
    expect((await typesOf(promotionId)).filter((t) => t === 'PromotionExpiryWarned')).toHaveLength(1);
  });

  it('the start-up sweep does work whose jobs were lost', async () => {
    world.clock.offsetMs = 0;
    const listingId = await activeListing();
    const promotionId = await world.promote(listingId, { plan: '1-month', startDate: addDays(today(), 2), autoRenew: false });
    await expectEventually(async () => expect((await world.prisma.promotion.findUnique({ where: { id: promotionId } }))?.status).toBe('Scheduled'));
    // No job was ever queued for it (as after Redis lost its data); time passes its start.
    const { state } = await loadPromotion(world.store, promotionId);
    world.clock.offsetMs = dueActions(state, timingOf(world.settings))[0]!.dueAt.getTime() + 5_000 - Date.now();
    const swept = await sweepDueWork(world.rt, workers[0]!);
    expect(swept.scheduled).toBeGreaterThanOrEqual(1);
    await expectEventually(async () => expect(await typesOf(promotionId)).toContain('PromotionStarted'), 10_000);
    await expectEventually(async () => expect(await listingRow(listingId)).toEqual({ promoted: true, position: 1 }), 5_000);
  });
});
