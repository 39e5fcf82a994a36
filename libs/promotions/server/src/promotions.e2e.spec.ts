import type pg from 'pg';
import {
  AdminDashboardSchema,
  AdminPromotionListSchema,
  AdminPromotionSchema,
  DirectorySearchResponseSchema,
  PROMOTION_MESSAGES,
  type AdminPromotion,
} from '@afterwards/contracts';
import { expectEventually } from '@afterwards/persistence/testing';
import { connectDatabase, newStaffSession, startProduct, startWorker, stopProcess, type HttpSession, type ProductProcess, type RunningProduct } from '@afterwards/testing';

const STAFF = { email: 'rhian.promotions@afterwards.example', name: 'Rhian Evans', password: 'harbour-lights-2026' };

/**
 * Promotions over HTTP on the services profile (PostgreSQL, Redis, a worker running the jobs): the
 * spec's rules and messages, the finder's order following a promotion's life, revenue, figures folded
 * from interactions, and the dashboard fed by promotion events.
 */
describe('promotions over HTTP (services profile, with a worker)', () => {
  let product: RunningProduct;
  let worker: ProductProcess | undefined;
  let staff: HttpSession;
  let db: pg.Client;

  beforeAll(async () => {
    product = await startProduct({ profile: 'services', seedCount: 60 });
    worker = startWorker(product, 'worker');
    staff = await newStaffSession(product, STAFF);
    db = await connectDatabase(product);
  }, 180_000);
  afterAll(async () => {
    await db?.end();
    if (worker) await stopProcess(worker);
    await product?.stop();
  });

  const list = async (query = '') => AdminPromotionListSchema.parse((await staff.json(`/api/admin/promotions${query}`)).body);
  const finder = async (location: string) =>
    DirectorySearchResponseSchema.parse(await (await fetch(`${product.url}/api/directory/listings?location=${encodeURIComponent(location)}&radius=50`)).json()).listings;

  /** An Active listing that no promotion holds yet, in a town with other Active listings. */
  async function unpromotedListing(): Promise<{ id: string; name: string; location: string }> {
    const { rows } = await db.query<{ id: string; name: string; location: string }>(
      `SELECT l.id, l.name, l.location FROM listings l
       WHERE l.status = 'Active' AND NOT l.promoted
         AND (SELECT count(*) FROM listings o WHERE o.location = l.location AND o.status = 'Active') >= 3
       ORDER BY l.name LIMIT 1`,
    );
    return rows[0]!;
  }

  it('sells a promotion with the spec rules, puts the business first in the finder, and cancels it back', async () => {
    const { today } = await list();
    expect((await list()).stats.active).toBeGreaterThan(0); // the sample data's promotions are real promotions
    const business = await unpromotedListing();
    const town = business.location.split(',')[0]!;
    expect((await finder(town))[0]?.id).not.toBe(business.id);

    // The spec's messages, from the server.
    const refused = async (body: object) => (await staff.json<{ detail: string }>('/api/admin/promotions', { method: 'POST', json: body })).body.detail;
    const base = { listingId: business.id, plan: '1-month', startDate: today, position: 1 };
    expect(await refused({ ...base, startDate: '2020-01-01' })).toBe(PROMOTION_MESSAGES.startNotPast);
    expect(await refused({ ...base, position: 0 })).toBe(PROMOTION_MESSAGES.position);
    expect(await refused({ ...base, autoRenew: true })).toBe(PROMOTION_MESSAGES.autoRenewMonthlyOnly);
    expect(await refused({ ...base, endDate: today })).toBe(PROMOTION_MESSAGES.endAfterStart);
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM listings WHERE status = 'Pending Review' LIMIT 1`);
    expect(await refused({ ...base, listingId: rows[0]!.id })).toBe(PROMOTION_MESSAGES.businessNotActive);

    const created = await staff.json<AdminPromotion>('/api/admin/promotions', { method: 'POST', json: base });
    expect(created.status).toBe(201);
    const promotion = AdminPromotionSchema.parse(created.body);
    expect(promotion).toMatchObject({ status: 'Active', paymentStatus: 'Paid', amount: 99, revenue: 99, durationDays: 30, daysRemaining: 30, businessName: business.name });
    // The placement reactor puts it first in the public finder.
    await expectEventually(async () => expect((await finder(town))[0]?.id).toBe(business.id), 5_000);

    // Cancel only while Active; it ends today and the business goes back to its place.
    const cancelled = await staff.json<AdminPromotion>(`/api/admin/promotions/${promotion.id}/cancel`, { method: 'POST', json: { expectedVersion: promotion.version } });
    expect(cancelled.body).toMatchObject({ status: 'Cancelled', endDate: today, daysRemaining: 0 });
    await expectEventually(async () => expect((await finder(town))[0]?.id).not.toBe(business.id), 5_000);
    const again = await staff.json<{ detail: string }>(`/api/admin/promotions/${promotion.id}/cancel`, { method: 'POST', json: { expectedVersion: cancelled.body.version } });
    expect([again.status, again.body.detail]).toEqual([409, PROMOTION_MESSAGES.cancelOnlyActive]);
    // A stale version is refused in words.
    const stale = await staff.json<{ code: string }>(`/api/admin/promotions/${promotion.id}/renew`, { method: 'POST', json: { expectedVersion: 0 } });
    expect([stale.status, stale.body.code]).toEqual([409, 'PROMOTION_CHANGED']);
  });

  it('renews for real (a new period from the end date, at the price of the day, as revenue) and the dashboard says so', async () => {
    const { today, stats } = await list();
    const business = await unpromotedListing();
    const created = AdminPromotionSchema.parse((await staff.json('/api/admin/promotions', { method: 'POST', json: { listingId: business.id, plan: '14-day', startDate: today, position: 2 } })).body);
    const renewed = AdminPromotionSchema.parse((await staff.json(`/api/admin/promotions/${created.id}/renew`, { method: 'POST', json: { expectedVersion: created.version } })).body);
    expect(renewed).toMatchObject({ period: 2, amount: 49, revenue: 98, durationDays: 14, daysRemaining: 28 });
    expect((await list()).stats.revenue).toBeCloseTo(stats.revenue + 98, 2);
    const dashboard = AdminDashboardSchema.parse((await staff.json('/api/admin/dashboard')).body);
    expect(dashboard.stats.totalRevenue).toBeCloseTo(stats.revenue + 98, 2);
    await expectEventually(async () => {
      const activity = AdminDashboardSchema.parse((await staff.json('/api/admin/dashboard')).body).activities;
      expect(activity.map((a) => a.type)).toEqual(expect.arrayContaining(['promotion_renewed', 'promotion_started', 'promotion_created']));
    });
    // The change is in the audit log with what it changed.
    const { rows } = await db.query<{ action: string; new_values: { period?: number } }>(
      `SELECT action, new_values FROM admin_audit_log WHERE record_id = $1 ORDER BY created_at`,
      [created.id],
    );
    expect(rows.map((r) => r.action)).toEqual(['promotion_created', 'promotion_renewed']);
    expect(rows[1]!.new_values.period).toBe(2);
  });

  it("counts views and clicks on a promoted business's listing toward its promotion, and call, e-mail and website as conversions", async () => {
    const { today } = await list();
    const business = await unpromotedListing();
    const promotion = AdminPromotionSchema.parse((await staff.json('/api/admin/promotions', { method: 'POST', json: { listingId: business.id, plan: '1-month', startDate: today, position: 1 } })).body);
    // Four visitors see it (the server keeps one view per visitor, listing and 5 s); one clicks, calls and visits the website.
    const visits: [string, string[]][] = [
      ['203.0.113.1', ['view']],
      ['203.0.113.2', ['view']],
      ['203.0.113.3', ['view']],
      ['203.0.113.4', ['view', 'click', 'call', 'website']],
    ];
    for (const [address, actions] of visits) {
      const res = await fetch(`${product.url}/api/directory/interactions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: product.url, 'x-forwarded-for': address },
        body: JSON.stringify({ sessionId: `visitor-${address}`, page: 'resources', interactions: actions.map((action) => ({ listingId: business.id, action })) }),
      });
      expect(res.status).toBeLessThan(300);
    }
    await expectEventually(async () => {
      const found = (await list()).promotions.find((p) => p.id === promotion.id)!;
      expect([found.views, found.clicks, found.conversions, found.clickThroughRate, found.conversionRate]).toEqual([4, 1, 2, 25, 50]);
    }, 15_000);
  });
});
