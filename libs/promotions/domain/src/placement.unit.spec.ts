import fc from 'fast-check';
import { decideListing, evolveListing, initialListingState, ListingError, type ListingCommand, type ListingEvent, type ListingState } from '@afterwards/directory-domain';
import { startOfDate } from '@afterwards/checklist-domain';
import { featuredPlace, placementCommand, placementReactsTo, placePaused } from './placement';
import { decidePromotion, evolvePromotion, initialPromotionState, type PromotionCommand, type PromotionState } from './promotion';
import { PromotionError } from './promotion.errors';
import type { PromotionEvent } from './promotion.events';
import type { PromotionTiming } from './schedule';

const LISTING = '22222222-2222-4222-8222-222222222222';
const PROMOTION = '11111111-1111-4111-8111-111111111111';
const TIMING: PromotionTiming = { timeZone: 'Europe/London', autoStart: true, gracePeriodHours: 24, expiryWarningDays: 3, renewalReminderDays: 7 };
const TERMS = { price: 79, durationDays: 30 };
const DETAILS = { name: 'Hope & Sons', category: 'Funeral Directors' as const, location: 'Birmingham' };

describe('featuredPlace', () => {
  it('features an Active listing at the best position of its running promotions', () => {
    expect(featuredPlace('Active', [{ status: 'Active', position: 3 }, { status: 'Active', position: 2 }, { status: 'Expired', position: 1 }])).toBe(2);
  });

  it.each(['Suspended', 'Inactive', 'Pending Review'] as const)('pauses the place of a %s listing while its promotion stays Active', (status) => {
    expect(featuredPlace(status, [{ status: 'Active', position: 2 }])).toBeNull();
    expect(placePaused({ status: 'Active' }, status)).toBe(true);
  });

  it('gives no place without a running promotion', () => {
    expect(featuredPlace('Active', [{ status: 'Scheduled', position: 1 }, { status: 'Cancelled', position: 1 }])).toBeNull();
    expect(placementCommand(LISTING, 'Active', [])).toEqual({ type: 'RemoveListingPromotion', listingId: LISTING });
  });

  it('decides again when the listing leaves Active and when it comes back', () => {
    expect(['ListingSuspended', 'ListingStatusChanged', 'ListingApproved', 'ListingRejected', 'PromotionCancelled', 'PromotionExpired'].every(placementReactsTo)).toBe(true);
    expect(placementReactsTo('ListingEdited')).toBe(false);
  });
});

/**
 * The listing and its promotion run through their own deciders; after each step the placement process does
 * what the reactor does (decide the place again when it reacts to one of the events). Whatever the order
 * of suspend, activate, reject, cancel, renew, expire and move, the listing's featured flag and position
 * are what the promotion says.
 */
describe('the featured place follows the promotion (property)', () => {
  type Step =
    | { kind: 'suspend' }
    | { kind: 'activate' }
    | { kind: 'set-inactive' }
    | { kind: 'reject' }
    | { kind: 'cancel' }
    | { kind: 'renew' }
    | { kind: 'expire' }
    | { kind: 'auto-renew' }
    | { kind: 'move'; position: number };

  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.constantFrom<Step>({ kind: 'suspend' }, { kind: 'activate' }, { kind: 'set-inactive' }, { kind: 'reject' }, { kind: 'cancel' }, { kind: 'renew' }, { kind: 'expire' }, { kind: 'auto-renew' }),
    fc.integer({ min: 1, max: 5 }).map((position): Step => ({ kind: 'move', position })),
  );

  class World {
    listing: ListingState = initialListingState;
    promotion: PromotionState = initialPromotionState;

    listingDo(command: ListingCommand): ListingEvent[] {
      try {
        const events = decideListing(command, this.listing);
        this.listing = events.reduce(evolveListing, this.listing);
        return events;
      } catch (error) {
        if (error instanceof ListingError) return [];
        throw error;
      }
    }

    promotionDo(command: PromotionCommand): PromotionEvent[] {
      try {
        const events = decidePromotion(command, this.promotion);
        this.promotion = events.reduce(evolvePromotion, this.promotion);
        return events;
      } catch (error) {
        if (error instanceof PromotionError) return [];
        throw error;
      }
    }

    /** The placement reactor: on an event it reacts to, the listing is sent the command of the rule. */
    place(events: readonly { type: string }[]): void {
      if (!events.some((e) => placementReactsTo(e.type))) return;
      this.listingDo(placementCommand(LISTING, this.listing.status, [this.promotion]));
    }

    run(s: Step): void {
      const end = this.promotion.endDate ? startOfDate(this.promotion.endDate, TIMING.timeZone).getTime() : 0;
      const afterGrace = new Date(end + (TIMING.gracePeriodHours + 1) * 3_600_000);
      const due = (kind: 'expire' | 'auto-renew') =>
        this.promotionDo({ type: 'RunDueAction', kind, period: this.promotion.period, now: afterGrace, today: this.promotion.endDate ?? '2026-06-01', timing: TIMING, terms: TERMS });
      const events: { type: string }[] = (() => {
        switch (s.kind) {
          case 'suspend':
            return this.listingDo({ type: 'SuspendListing', listingId: LISTING, reason: 'Complaint under review' });
          case 'activate':
            return this.listingDo({ type: 'ChangeListingStatus', listingId: LISTING, status: 'Active' });
          case 'set-inactive':
            return this.listingDo({ type: 'ChangeListingStatus', listingId: LISTING, status: 'Inactive' });
          case 'reject':
            return this.listingDo({ type: 'RejectListing', listingId: LISTING, reason: 'Closed' });
          case 'cancel':
            return this.promotionDo({ type: 'CancelPromotion', today: '2026-06-10' });
          case 'renew':
            return this.promotionDo({ type: 'RenewPromotion', by: 'staff', terms: TERMS });
          case 'expire':
            return due('expire');
          case 'auto-renew':
            return due('auto-renew');
          case 'move':
            return this.promotionDo({ type: 'ChangePromotion', changes: { position: s.position }, terms: TERMS, today: '2026-06-02', maxDurationDays: 365 });
        }
      })();
      this.place(events);
    }
  }

  it('after every step, the listing is featured exactly when and where the promotion says', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 1, max: 5 }), fc.array(step, { minLength: 1, maxLength: 30 }), (autoRenew, position, steps) => {
        const world = new World();
        world.listingDo({ type: 'SubmitListing', listingId: LISTING, status: 'Active', details: DETAILS });
        world.place(
          world.promotionDo({
            type: 'CreatePromotion',
            promotionId: PROMOTION,
            listingId: LISTING,
            listingStatus: 'Active',
            plan: autoRenew ? 'monthly' : '1-month',
            terms: TERMS,
            startDate: '2026-06-01',
            position,
            autoRenew,
            today: '2026-06-01',
            autoStart: true,
            maxDurationDays: 365,
          }),
        );
        const check = () => {
          const place = featuredPlace(world.listing.status, [world.promotion]);
          expect({ promoted: world.listing.promoted, position: world.listing.position }).toEqual({ promoted: place !== null, position: place });
        };
        check();
        for (const s of steps) {
          world.run(s);
          check();
        }
      }),
      { numRuns: 300 },
    );
  });
});
