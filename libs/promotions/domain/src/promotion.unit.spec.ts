import fc from 'fast-check';
import { PROMOTION_MESSAGES } from '@afterwards/contracts';
import { startOfDate, isoDateIn, addDays } from '@afterwards/checklist-domain';
import { givenWhenThen } from '@afterwards/testing/decider';
import { decidePromotion, evolvePromotion, initialPromotionState, type PromotionCommand } from './promotion';
import { PromotionError } from './promotion.errors';
import type { PromotionEvent } from './promotion.events';
import { dueActions, type PromotionTiming } from './schedule';

const TIMING: PromotionTiming = { timeZone: 'Europe/London', autoStart: true, gracePeriodHours: 24, expiryWarningDays: 3, renewalReminderDays: 7 };
const MONTHLY = { price: 79, durationDays: 30 };
const FOURTEEN = { price: 49, durationDays: 14 };
const ID = '11111111-1111-4111-8111-111111111111';
const LISTING = '22222222-2222-4222-8222-222222222222';

const create = (over: Partial<Extract<PromotionCommand, { type: 'CreatePromotion' }>> = {}): PromotionCommand => ({
  type: 'CreatePromotion',
  promotionId: ID,
  listingId: LISTING,
  listingStatus: 'Active',
  plan: 'monthly',
  terms: MONTHLY,
  startDate: '2026-06-01',
  position: 1,
  autoRenew: true,
  today: '2026-06-01',
  autoStart: true,
  maxDurationDays: 365,
  ...over,
});

const given = givenWhenThen({ initialState: initialPromotionState, decide: decidePromotion, evolve: evolvePromotion }, PromotionError);

const created = decidePromotion(create(), initialPromotionState);

describe('creating a promotion', () => {
  it('records the first period at the plan price and starts it when the start date is today', () => {
    expect(created.map((e) => e.type)).toEqual(['PromotionCreated', 'PromotionStarted']);
    expect(created[0]!.data).toMatchObject({ endDate: '2026-07-01', amount: 79, durationDays: 30, paymentStatus: 'Paid', autoRenew: true });
  });

  it('waits for a later start date, and for staff when auto-start is off', () => {
    expect(decidePromotion(create({ startDate: '2026-06-05' }), initialPromotionState).map((e) => e.type)).toEqual(['PromotionCreated']);
    expect(decidePromotion(create({ autoStart: false }), initialPromotionState).map((e) => e.type)).toEqual(['PromotionCreated']);
  });

  it.each([
    [{ listingStatus: 'Pending Review' as const }, PROMOTION_MESSAGES.businessNotActive],
    [{ startDate: '2026-05-31' }, PROMOTION_MESSAGES.startNotPast],
    [{ endDate: '2026-06-01' }, PROMOTION_MESSAGES.endAfterStart],
    [{ endDate: '2026-06-20' }, PROMOTION_MESSAGES.endFollowsPlan('2026-07-01')],
    [{ position: 0 }, PROMOTION_MESSAGES.position],
    [{ plan: '14-day' as const, terms: FOURTEEN, autoRenew: true }, PROMOTION_MESSAGES.autoRenewMonthlyOnly],
    [{ maxDurationDays: 20 }, PROMOTION_MESSAGES.maxDuration(20)],
  ])('refuses %o with the spec message', (over, message) => {
    given().when(create(over)).thenRefused('PROMOTION_INVALID', message);
  });
});

describe('cancel, renew and change', () => {
  it('cancels only while Active, ending today', () => {
    expect(given(...created).when({ type: 'CancelPromotion', today: '2026-06-10' }).decided()).toEqual([
      { type: 'PromotionCancelled', data: { promotionId: ID, listingId: LISTING, cancelledOn: '2026-06-10', previousEndDate: '2026-07-01' } },
    ]);
    const scheduled = decidePromotion(create({ startDate: '2026-06-05' }), initialPromotionState);
    given(...scheduled).when({ type: 'CancelPromotion', today: '2026-06-02' }).thenRefused(undefined, PROMOTION_MESSAGES.cancelOnlyActive);
  });

  it('renews from the current end date at the plan price of the day, adding revenue', () => {
    const renewed = given(...created).when({ type: 'RenewPromotion', by: 'staff', terms: { price: 89, durationDays: 30 } }).decided();
    expect(renewed[0]!.data).toMatchObject({ period: 2, previousEndDate: '2026-07-01', endDate: '2026-07-31', amount: 89, auto: false });
    const state = given(...created, ...renewed).state;
    expect([state.revenue, state.endDate, state.period]).toEqual([168, '2026-07-31', 2]);
    const cancelled = given(...created).when({ type: 'CancelPromotion', today: '2026-06-10' }).decided();
    given(...created, ...cancelled).when({ type: 'RenewPromotion', by: 'staff', terms: MONTHLY }).thenRefused(undefined, PROMOTION_MESSAGES.renewOnlyActive);
  });

  it('changes position while Active but not the start date', () => {
    const change = (changes: object) => given(...created).when({ type: 'ChangePromotion', changes, terms: MONTHLY, today: '2026-06-02', maxDurationDays: 365 });
    expect(change({ position: 3 }).decided()[0]!.data).toMatchObject({ changes: { position: 3 } });
    change({ position: 1 }).thenNothing();
    change({ startDate: '2026-06-09' }).thenRefused(undefined, PROMOTION_MESSAGES.startLocked);
  });

  it('moves a scheduled start and its end with it', () => {
    const scheduled = decidePromotion(create({ startDate: '2026-06-05' }), initialPromotionState);
    const [changed] = given(...scheduled).when({ type: 'ChangePromotion', changes: { startDate: '2026-06-10' }, terms: MONTHLY, today: '2026-06-02', maxDurationDays: 365 }).decided();
    expect(changed!.data).toMatchObject({ changes: { startDate: '2026-06-10', endDate: '2026-07-10' } });
  });
});

describe('timed work', () => {
  const london = (date: string, hour = 0) => new Date(startOfDate(date, 'Europe/London').getTime() + hour * 3_600_000);
  const run = (events: PromotionEvent[], kind: Extract<PromotionCommand, { type: 'RunDueAction' }>['kind'], now: Date, period = 1) =>
    given(...events).when({ type: 'RunDueAction', kind, period, now, today: isoDateIn(now, 'Europe/London'), timing: TIMING, terms: MONTHLY }).decided();

  it('schedules reminder, warning, auto-renewal and expiry from the end date in the platform time zone', () => {
    const actions = dueActions(given(...created).state, TIMING).map((a) => [a.kind, a.dueAt.toISOString()]);
    // 1 July 2026 begins at 23:00 UTC on 30 June (British Summer Time).
    expect(actions).toEqual([
      ['remind-renewal', '2026-06-23T23:00:00.000Z'],
      ['warn-expiry', '2026-06-27T23:00:00.000Z'],
      ['auto-renew', '2026-06-30T23:00:00.000Z'],
      ['expire', '2026-07-01T23:00:00.000Z'],
    ]);
  });

  it('does each piece once, only when due, and never for an earlier period', () => {
    expect(run(created, 'warn-expiry', london('2026-06-27'))).toEqual([]);
    const warned = run(created, 'warn-expiry', london('2026-06-28', 9));
    expect(warned).toEqual([{ type: 'PromotionExpiryWarned', data: { promotionId: ID, listingId: LISTING, period: 1, endDate: '2026-07-01', daysLeft: 3 } }]);
    expect(run([...created, ...warned], 'warn-expiry', london('2026-06-28', 10))).toEqual([]);
    const renewed = run(created, 'auto-renew', london('2026-07-01'));
    expect(renewed[0]).toMatchObject({ type: 'PromotionRenewed', data: { period: 2, endDate: '2026-07-31', auto: true } });
    expect(run([...created, ...renewed], 'auto-renew', london('2026-07-01'))).toEqual([]);
    expect(run([...created, ...renewed], 'expire', london('2026-07-02', 1))).toEqual([]);
  });

  it('expires after the grace period, not before', () => {
    const plain = decidePromotion(create({ plan: '1-month', autoRenew: false }), initialPromotionState);
    expect(run(plain, 'expire', london('2026-07-01', 23))).toEqual([]);
    expect(run(plain, 'expire', london('2026-07-02'))[0]!.type).toBe('PromotionExpired');
    expect(dueActions(given(...plain, ...run(plain, 'expire', london('2026-07-02'))).state, TIMING)).toEqual([]);
  });

  it('starts a scheduled promotion on its start date', () => {
    const scheduled = decidePromotion(create({ startDate: '2026-06-05', today: '2026-06-01' }), initialPromotionState);
    const start = (now: Date) => given(...scheduled).when({ type: 'StartPromotion', by: 'schedule', now, today: isoDateIn(now, 'Europe/London'), timing: TIMING }).decided();
    expect(start(london('2026-06-04', 23))).toEqual([]);
    expect(start(london('2026-06-05'))[0]!.type).toBe('PromotionStarted');
    expect(addDays('2026-06-05', 30)).toBe('2026-07-05');
  });

  it('renews a monthly auto-renew promotion rather than expiring it, whatever the grace and whichever job runs first', () => {
    // Grace 0 to 168 hours (Settings), any instant from the period's end to past its grace, either job first.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 168 }), fc.integer({ min: 0, max: 200 * 3_600_000 }), fc.constantFrom('expire' as const, 'auto-renew' as const), (grace, afterEndMs, first) => {
        const timing = { ...TIMING, gracePeriodHours: grace };
        const now = new Date(london('2026-07-01').getTime() + afterEndMs);
        const at = (events: PromotionEvent[], kind: typeof first) =>
          given(...events).when({ type: 'RunDueAction', kind, period: 1, now, today: isoDateIn(now, 'Europe/London'), timing, terms: MONTHLY }).decided();
        const firstEvents = at(created, first);
        const second = at([...created, ...firstEvents], first === 'expire' ? 'auto-renew' : 'expire');
        const all = [...firstEvents, ...second];
        // The expiry job is not due before its own time; once either job runs, the promotion is renewed, once.
        if (first === 'expire' && afterEndMs < grace * 3_600_000) expect(firstEvents).toEqual([]);
        expect(all.map((e) => e.type)).toEqual(['PromotionRenewed']);
        expect(given(...created, ...all).state.status).toBe('Active');
      }),
    );
  });

  it('with a grace of 0 the expiry job at the very instant of the end renews an auto-renew promotion', () => {
    const timing = { ...TIMING, gracePeriodHours: 0 };
    const end = london('2026-07-01');
    const events = given(...created).when({ type: 'RunDueAction', kind: 'expire', period: 1, now: end, today: '2026-07-01', timing, terms: MONTHLY }).decided();
    expect(events).toMatchObject([{ type: 'PromotionRenewed', data: { period: 2, endDate: '2026-07-31', auto: true } }]);
    const plain = decidePromotion(create({ plan: '1-month', autoRenew: false }), initialPromotionState);
    expect(given(...plain).when({ type: 'RunDueAction', kind: 'expire', period: 1, now: end, today: '2026-07-01', timing, terms: MONTHLY }).decided()[0]!.type).toBe('PromotionExpired');
  });
});
