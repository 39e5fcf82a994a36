import {
  AdminListingFormSchema,
  type AdminPromotion,
  StreamHistorySchema,
  StreamSearchResponseSchema,
  StreamStateSchema,
  type AdminListing,
  type StreamHistory,
  type StreamState,
} from '@afterwards/contracts';
import { expectStatus, newFamilySession, newStaffSession, queryDatabase, tamperAsSuperuser, useProduct, type HttpSession, type RunningProduct } from '@afterwards/testing';

const ADMIN = { email: 'hana.history@example.test', name: 'Hana History', password: 'quiet-harbour-81' };
const AUDITOR = { email: 'rory.reviewer@example.test', name: 'Rory Reviewer', password: 'quiet-harbour-82' };
const FAMILY = { email: 'fion.family@example.test', password: 'quiet-harbour-83' };

/**
 * Event history over HTTP against the built product (services profile): the state at every version,
 * replayed by each domain's own evolve, equals the read model as it was after that change.
 */
describe('event history for reviewers', () => {
  let product: RunningProduct;
  let admin: HttpSession;
  let auditor: HttpSession;

  useProduct({ profile: 'services', seedCount: 2 }, async (started) => {
    product = started;
    admin = await newStaffSession(product, ADMIN);
    auditor = await newStaffSession(product, AUDITOR, { role: 'auditor' });
  });

  const query = <T>(text: string, params: unknown[] = []) => queryDatabase<T>(product, text, params);
  const state = async (http: HttpSession, streamId: string, version: number) =>
    StreamStateSchema.parse(await expectStatus(http.json(`/api/admin/history/streams/${streamId}/state?version=${version}`))) as StreamState & {
      state: Record<string, any>;
    };

  it("a listing's state at each version equals the staff read model after that change; version 1 has the original name", async () => {
    const [seeded] = await query<{ id: string }>(`SELECT id::text AS id FROM listings ORDER BY name LIMIT 1`);
    const template = await expectStatus<AdminListing>(admin.json(`/api/admin/listings/${seeded!.id}`));
    const form = Object.fromEntries(Object.keys(AdminListingFormSchema.shape).filter((k) => k !== 'status').map((k) => [k, (template as any)[k]]));
    const snapshots: AdminListing[] = [];
    const created = await expectStatus<AdminListing>(admin.json('/api/admin/listings', { method: 'POST', json: { ...form, name: 'Original Name Florists', status: 'Pending Review' } }), 201);
    snapshots.push(created);
    snapshots.push(await expectStatus(admin.json(`/api/admin/listings/${created.id}`, { method: 'PUT', json: { ...form, name: 'Renamed Florists', expectedVersion: created.version } })));
    snapshots.push(await expectStatus(admin.json(`/api/admin/listings/${created.id}/approve`, { method: 'POST' })));
    // A featured place comes with a promotion (decision 0048): staff sell one; the product features the listing.
    const { today } = await expectStatus<{ today: string }>(admin.json('/api/admin/promotions'));
    await expectStatus(admin.json('/api/admin/promotions', { method: 'POST', json: { listingId: created.id, plan: '1-month', startDate: today, position: 2 } }), 201);
    let promoted = await expectStatus<AdminListing>(admin.json(`/api/admin/listings/${created.id}`));
    for (let i = 0; i < 100 && !promoted.promoted; i++) {
      await new Promise((r) => setTimeout(r, 100));
      promoted = await expectStatus<AdminListing>(admin.json(`/api/admin/listings/${created.id}`));
    }
    snapshots.push(promoted);
    snapshots.push(await expectStatus(admin.json(`/api/admin/listings/${created.id}/suspend`, { method: 'POST', json: { reason: 'Complaints' } })));

    const streamId = `listing-${created.id}`;
    const history = StreamHistorySchema.parse(await expectStatus(auditor.json(`/api/admin/history/streams/${streamId}`))) as StreamHistory;
    expect(history.events.map((e) => e.type)).toEqual(['ListingSubmitted', 'ListingEdited', 'ListingApproved', 'ListingPromoted', 'ListingSuspended']);
    expect(history.events.filter((e) => e.type !== 'ListingPromoted').every((e) => e.actor.kind === 'staff' && e.actor.name === ADMIN.name && e.ip && e.correlationId)).toBe(true);
    expect(history.events[3]!.actor.raw).toBe('system:promotions');
    for (const snapshot of snapshots) {
      const at = await state(auditor, streamId, snapshot.version + 1);
      expect({ name: at.state.details.name, status: at.state.status, promoted: at.state.promoted, position: at.state.position }).toEqual({
        name: snapshot.name,
        status: snapshot.status,
        promoted: snapshot.promoted,
        position: snapshot.position,
      });
    }
    const first = await state(auditor, streamId, 1);
    expect(first.state.details.name).toBe('Original Name Florists');
    expect((await state(auditor, streamId, 2)).changes).toContainEqual({ path: 'details.name', change: 'changed', before: 'Original Name Florists', after: 'Renamed Florists' });

    const csv = await auditor.fetch(`/api/admin/history/streams/${streamId}/export.csv`);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toMatch(/^version,type,position,recorded_at,actor/);
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual(history.events.map((e) => `${e.version},${e.type}`));
    const json = await expectStatus<StreamHistory>(auditor.json(`/api/admin/history/streams/${streamId}/export.json`));
    expect(json.events).toHaveLength(5);

    // The correlation of the create request leads back to its event; the global log filters by type and actor.
    const corr = await expectStatus<{ events: { streamId: string }[] }>(auditor.json(`/api/admin/history/correlation/${history.events[0]!.correlationId}`));
    expect(corr.events.map((e) => e.streamId)).toContain(streamId);
    const staffActor = history.events[0]!.actor.raw!;
    const log = await expectStatus<{ events: { streamId: string; type: string }[] }>(auditor.json(`/api/admin/history/events?type=ListingSuspended&actor=${encodeURIComponent(staffActor)}`));
    expect(log.events).toEqual([expect.objectContaining({ streamId, type: 'ListingSuspended' })]);
  });

  it("a promotion's state at each version equals the staff read model after that change", async () => {
    const [business] = await query<{ id: string }>(`SELECT id::text AS id FROM listings WHERE status = 'Active' AND NOT promoted ORDER BY name LIMIT 1`);
    const { today } = await expectStatus<{ today: string }>(admin.json('/api/admin/promotions'));
    const snapshots: AdminPromotion[] = [];
    const created = await expectStatus<AdminPromotion>(admin.json('/api/admin/promotions', { method: 'POST', json: { listingId: business!.id, plan: '1-month', startDate: today, position: 1 } }), 201);
    snapshots.push(created);
    snapshots.push(await expectStatus(admin.json(`/api/admin/promotions/${created.id}`, { method: 'PUT', json: { position: 2, expectedVersion: snapshots.at(-1)!.version } })));
    snapshots.push(await expectStatus(admin.json(`/api/admin/promotions/${created.id}/renew`, { method: 'POST', json: { expectedVersion: snapshots.at(-1)!.version } })));
    snapshots.push(await expectStatus(admin.json(`/api/admin/promotions/${created.id}/cancel`, { method: 'POST', json: { expectedVersion: snapshots.at(-1)!.version } })));
    expect(snapshots.map((p) => p.status)).toEqual(['Active', 'Active', 'Active', 'Cancelled']);

    const streamId = `promotion-${created.id}`;
    for (const snapshot of snapshots) {
      const at = await state(auditor, streamId, snapshot.version + 1);
      const fields = ['status', 'plan', 'startDate', 'endDate', 'position', 'autoRenew', 'period', 'revenue', 'amount'] as const;
      expect(Object.fromEntries(fields.map((f) => [f, at.state[f]]))).toEqual(Object.fromEntries(fields.map((f) => [f, snapshot[f]])));
    }

    // Found by the business's name, and opened, with its plan and status (both were a 500 once: a column renamed).
    const [named] = await query<{ name: string }>(`SELECT name FROM listings WHERE id = $1`, [business!.id]);
    const found = StreamSearchResponseSchema.parse(await expectStatus(auditor.json(`/api/admin/history/streams?q=${encodeURIComponent(named!.name)}`)));
    expect(found.streams).toContainEqual(expect.objectContaining({ streamId, kind: 'promotion', title: named!.name, subtitle: 'Promotion · 1-month · Cancelled' }));
    expect(await expectStatus(auditor.json(`/api/admin/history/streams/${streamId}`))).toMatchObject({ streamId, subtitle: 'Promotion · 1-month · Cancelled' });
  });

  it("settings' state at the latest version equals the settings in force", async () => {
    const current = await expectStatus<{ settings: any; version: number }>(admin.json('/api/admin/settings'));
    const changed = structuredClone(current.settings);
    changed.platformConfig.autoApproveBusinesses = !changed.platformConfig.autoApproveBusinesses;
    const saved = await expectStatus<{ settings: any; version: number }>(admin.json('/api/admin/settings', { method: 'PUT', json: { settings: changed, expectedVersion: current.version } }));
    const history = await expectStatus<StreamHistory>(auditor.json('/api/admin/history/streams/settings-platform'));
    const at = await state(auditor, 'settings-platform', history.events.length);
    expect(at.state.settings).toEqual(saved.settings);
    expect(at.changes.map((c) => c.path)).toContain('settings.platformConfig.autoApproveBusinesses');
  });

  it('an auditor reads history but changes nothing', async () => {
    const [listing] = await query<{ id: string }>(`SELECT id::text AS id FROM listings LIMIT 1`);
    expect((await auditor.json(`/api/admin/listings/${listing!.id}/approve`, { method: 'POST' })).status).toBe(403);
    expect((await auditor.json('/api/admin/history/filters')).status).toBe(200);
  });

  it('a memory stream shows no personal data, and opening it is audited', async () => {
    const family = await newFamilySession(product, FAMILY);
    const created = await expectStatus<{ memory: { id: string } }>(
      family.json('/api/memories', { method: 'POST', json: { name: 'Grandad Private', deceasedName: 'Albert Secretname', jurisdiction: 'England' } }),
      201,
    );
    const streamId = `case-${created.memory.id}`;
    const res = await auditor.json<StreamHistory>(`/api/admin/history/streams/${streamId}`);
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/Secretname|Grandad Private|fion\.family/);
    expect(res.body.redacted).toBe(true);
    expect(res.body.events[0]).toMatchObject({ type: expect.any(String), version: 1, data: null, redacted: true, actor: { kind: 'family', raw: null } });
    const at = await state(auditor, streamId, 1);
    expect(at.state).toBeNull();
    expect(JSON.stringify(at)).not.toMatch(/Secretname|Grandad Private/);
    expect(at.changes.length).toBeGreaterThan(0);
    expect(at.changes.every((c) => !('before' in c) && !('after' in c))).toBe(true);
    const audited = await query<{ action: string; record_id: string }>(`SELECT action, record_id FROM admin_audit_log WHERE record_id = $1 ORDER BY id`, [streamId]);
    expect(audited.map((a) => a.action)).toEqual(['memory_history_opened', 'memory_history_state_opened']);
  });

  it('tools audit verify and events verify pass on the running product, and audit verify catches a row edited with SQL', async () => {
    expect(product.tool('events', 'verify')).toMatch(/every hash matches/);
    expect(product.tool('audit', 'verify')).toMatch(/chain unbroken/);
    const badge = await expectStatus<{ ok: boolean }>(auditor.json('/api/admin/audit-log/verify'));
    expect(badge.ok).toBe(true);
    const [row] = await query<{ id: string }>(`SELECT id::text AS id FROM admin_audit_log ORDER BY id LIMIT 1 OFFSET 1`);
    await tamperAsSuperuser(product, `UPDATE admin_audit_log SET ip_address = '203.0.113.9' WHERE id = $1`, [row!.id]);
    expect(() => product.tool('audit', 'verify')).toThrow(new RegExp(`BROKEN at row ${row!.id} \\(changed\\)`));
    expect(await expectStatus(auditor.json('/api/admin/audit-log/verify'))).toMatchObject({ ok: false, firstBadRowId: row!.id, problem: 'changed' });
  });
});
