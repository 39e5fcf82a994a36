import { randomUUID } from 'node:crypto';
import type { ListingCommand } from '@afterwards/directory-domain';
import { ListingCommands, SearchListings, SearchListingsHandler, StaffDashboardController, staffListingStats } from '@afterwards/directory-server';
import { expectEventually } from '@afterwards/persistence/testing';
import { endsAt, type PromotionCommand } from '@afterwards/promotions-domain';
import { listStaffPromotions } from '../list-promotions/list-promotions.handler';
import { startPromotionsOnPostgres, type PromotionsOnPostgres } from '../promotions-on-postgres.testing';
import { loadPromotion, termsOf, timingOf } from '../promotion-runtime';

/**
 * The featured place follows the promotion (decision 0048), and every screen that counts it says the same:
 * after every kind of change to a listing or its promotion, Local Businesses (its Promoted tile and the
 * promoted rows), Promotions (its Active tile and the promotions featuring an Active business), the
 * dashboard's Active Promotions and the public finder's featured results agree, over the real read models.
 */

describe('a paid featured place and the screens that count it', () => {
  let world: PromotionsOnPostgres;
  const listings: string[] = [];
  const promotions: string[] = [];

  beforeAll(async () => {
    world = await startPromotionsOnPostgres();
    // Four Active businesses in Birmingham; three buy a promotion (positions 1, 2, 3), one does not.
    for (let i = 0; i < 4; i++) {
      const listingId = randomUUID();
      listings.push(listingId);
      await listing({ type: 'SubmitListing', listingId, status: 'Active', details: { name: `Birmingham Funeral Care ${i + 1}`, category: 'Funeral Directors', location: 'Birmingham', latitude: 52.48, longitude: -1.89 } });
    }
    for (let i = 0; i < 3; i++) promotions.push(await world.promote(listings[i]!, { plan: i === 0 ? 'monthly' : '1-month', position: i + 1 }));
  });

  afterAll(() => world?.stop());

  const today = () => world.today();
  const listing = (command: ListingCommand) => new ListingCommands(world.store).run(command.listingId, command, { actor: 'admin:test' });
  const promotion = (promotionId: string, command: PromotionCommand) => world.rt.commands.run(promotionId, command, { actor: 'admin:test' });

  /** What each screen shows, from the queries the screens use. */
  async function screens() {
    const [tiles, promotionList, dashboard, finder, rows] = await Promise.all([
      staffListingStats(world.prisma),
      listStaffPromotions(world.prisma, {}, today()),
      new StaffDashboardController(world.prisma).dashboard(),
      new SearchListingsHandler(world.prisma).execute(new SearchListings({})),
      world.prisma.listing.findMany({ where: { promoted: true }, select: { id: true, position: true } }),
    ]);
    const featuring = promotionList.promotions.filter((p) => p.status === 'Active' && !p.placePaused);
    return {
      localBusinesses: { promotedTile: tiles.promoted, promoted: rows.map((r) => `${r.id}#${r.position}`).sort() },
      promotions: { activeTile: promotionList.stats.active, pausedTile: promotionList.stats.paused, featuring: featuring.map((p) => `${p.listingId}#${p.position}`).sort() },
      dashboard: { activePromotions: dashboard.stats.activePromotions, pausedPromotions: dashboard.stats.pausedPromotions },
      finder: { featured: finder.featured, promoted: finder.listings.filter((l) => l.promoted).map((l) => `${l.id}#${l.position}`).sort() },
    };
  }

  /** Waits until the read models settle on `expected` featured listings (`paused` paid ones aside), then checks every screen says so. */
  async function agree(expected: Record<string, number>, paused: number): Promise<void> {
    const places = Object.entries(expected)
      .map(([id, position]) => `${id}#${position}`)
      .sort();
    const n = places.length;
    await expectEventually(async () => {
      expect(await screens()).toEqual({
        localBusinesses: { promotedTile: n, promoted: places },
        promotions: { activeTile: n, pausedTile: paused, featuring: places },
        dashboard: { activePromotions: n, pausedPromotions: paused },
        finder: { featured: n, promoted: places },
      });
    }, 10_000);
  }

  const a = () => listings[0]!;
  const b = () => listings[1]!;
  const c = () => listings[2]!;

  it('agrees at the start: three paid places, one business without', async () => {
    await agree({ [a()]: 1, [b()]: 2, [c()]: 3 }, 0);
  });

  it('a suspended business pauses its place and gets it back, at the same position, when Active again', async () => {
    await listing({ type: 'SuspendListing', listingId: b(), reason: 'Complaint under review' });
    await agree({ [a()]: 1, [c()]: 3 }, 1);
    await listing({ type: 'ChangeListingStatus', listingId: b(), status: 'Active' });
    await agree({ [a()]: 1, [b()]: 2, [c()]: 3 }, 0);
    // The promotion itself never changed: still Active and Paid, same end date.
    expect((await loadPromotion(world.store, promotions[1]!)).state).toMatchObject({ status: 'Active', paymentStatus: 'Paid', period: 1 });
  });

  it('a bulk status change (Suspended, then Active) pauses and restores every place', async () => {
    await Promise.all([a(), b(), c()].map((listingId) => listing({ type: 'ChangeListingStatus', listingId, status: 'Suspended' })));
    await agree({}, 3);
    await Promise.all([a(), b(), c()].map((listingId) => listing({ type: 'ChangeListingStatus', listingId, status: 'Active' })));
    await agree({ [a()]: 1, [b()]: 2, [c()]: 3 }, 0);
  });

  it('rejected (Inactive) and approved again after review, the place follows', async () => {
    await listing({ type: 'RejectListing', listingId: c(), reason: 'Closed for refurbishment' });
    await agree({ [a()]: 1, [b()]: 2 }, 1);
    await listing({ type: 'ChangeListingStatus', listingId: c(), status: 'Pending Review' });
    await agree({ [a()]: 1, [b()]: 2 }, 1);
    await listing({ type: 'ApproveListing', listingId: c() });
    await agree({ [a()]: 1, [b()]: 2, [c()]: 3 }, 0);
  });

  it('a moved position, a renewal, an expiry and a cancellation each show the same everywhere', async () => {
    await promotion(promotions[2]!, { type: 'ChangePromotion', changes: { position: 4 }, terms: termsOf(world.settings, '1-month'), today: today(), maxDurationDays: 365 });
    await agree({ [a()]: 1, [b()]: 2, [c()]: 4 }, 0);

    // b's period ends and passes its grace: it expires; a (monthly, auto-renew) renews at the same time.
    const { state } = await loadPromotion(world.store, promotions[1]!);
    world.clock.offsetMs = endsAt(state, timingOf(world.settings)).getTime() + (world.settings.promotionTiming.gracePeriodHours + 1) * 3_600_000 - Date.now();
    const due = (promotionId: string, kind: 'expire' | 'auto-renew', period: number) =>
      promotion(promotionId, { type: 'RunDueAction', kind, period, now: world.rt.clock.now(), today: today(), timing: timingOf(world.settings), terms: termsOf(world.settings, kind === 'auto-renew' ? 'monthly' : '1-month') });
    await due(promotions[1]!, 'expire', 1);
    await due(promotions[0]!, 'auto-renew', 1);
    expect((await loadPromotion(world.store, promotions[0]!)).state).toMatchObject({ status: 'Active', period: 2 });
    await agree({ [a()]: 1, [c()]: 4 }, 0);

    // A suspended business whose promotion is cancelled meanwhile does not come back featured.
    await listing({ type: 'SuspendListing', listingId: a(), reason: 'Complaint under review' });
    await promotion(promotions[0]!, { type: 'CancelPromotion', today: today() });
    await listing({ type: 'ChangeListingStatus', listingId: a(), status: 'Active' });
    await agree({ [c()]: 4 }, 0);
    world.clock.offsetMs = 0;
  });
});
