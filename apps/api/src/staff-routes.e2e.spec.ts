import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AdminListingsResponseSchema, PartialProblemDetailsSchema, type AuditEntry } from '@afterwards/contracts';
import { PASSWORD_TOO_COMMON } from '@afterwards/identity-domain';
import { HttpSession, queryDatabase, mappedRoutes, signedIn, signUpVerified, startProduct, type RunningProduct } from '@afterwards/testing';

const ADMIN = { email: 'ada.admin@example.test', name: 'Ada Admin', password: 'quiet-harbour-70' };
const AUDITOR = { email: 'otto.auditor@example.test', name: 'Otto Auditor', password: 'quiet-harbour-71' };
const FAMILY = { email: 'fern.family@example.test', password: 'quiet-harbour-72' };
const FIRST = { name: 'Fay First', email: 'fay.first@example.test', password: 'quiet-harbour-73' };

/** Staff routes and their guard over HTTP, on the services profile (PostgreSQL, Redis), against the built product. */
describe('staff routes over HTTP', () => {
  let product: RunningProduct;
  let setupLinkFile: string;
  let routes: { method: string; path: string }[];
  let listingId: string;

  beforeAll(async () => {
    setupLinkFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'afterwards-setup-')), 'link');
    // info: Nest logs every route it maps, so the list below is the running app's own.
    product = await startProduct({ profile: 'services', seedCount: 10, env: { LOG_LEVEL: 'info', AFTERWARDS_SETUP_LINK_FILE: setupLinkFile } });
    routes = mappedRoutes(product).filter((r) => r.path.startsWith('/api/admin'));
  }, 180_000);
  afterAll(async () => {
    await product?.stop();
  });

  const query = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => queryDatabase<T>(product, text, params);
  const staffSignIn = async (who: { email: string; password: string }) => {
    const http = new HttpSession(product.url, { 'user-agent': 'staff-routes-e2e' });
    const res = await http.json('/api/admin/session', { method: 'POST', json: { email: who.email, password: who.password } });
    expect(res.status).toBe(200);
    return http;
  };

  it('creates the first staff account from the one-time link printed at start-up, once', async () => {
    const link = new URL(fs.readFileSync(setupLinkFile, 'utf8'));
    expect(link.pathname).toBe('/admin/setup');
    const token = link.searchParams.get('token')!;
    const http = new HttpSession(product.url);
    expect((await http.json(`/api/admin/setup?token=${token}`)).body).toEqual({ valid: true });
    expect((await http.json('/api/admin/setup?token=not-the-token')).body).toEqual({ valid: false });
    const bad = await http.json('/api/admin/setup', { method: 'POST', json: { token, name: FIRST.name, email: 'nope', password: FIRST.password } });
    expect(bad.status).toBe(400);
    // A common password is refused with the same words as every form, before the link is claimed.
    const common = await http.json('/api/admin/setup', { method: 'POST', json: { token, ...FIRST, password: 'password' } });
    expect([common.status, common.body]).toMatchObject([400, { code: 'VALIDATION_FAILED', errors: [{ path: 'password', message: PASSWORD_TOO_COMMON }] }]);
    expect((await http.json(`/api/admin/setup?token=${token}`)).body).toEqual({ valid: true });
    const foreign = await http.json('/api/admin/setup', { method: 'POST', headers: { origin: 'https://evil.example' }, json: { token, ...FIRST } });
    expect(foreign.status).toBe(403);
    const created = await http.json('/api/admin/setup', { method: 'POST', json: { token, ...FIRST } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ admin: { name: FIRST.name, email: FIRST.email, role: 'admin' } });
    const again = await http.json('/api/admin/setup', { method: 'POST', json: { token, ...FIRST, email: 'second@example.test' } });
    expect(again.status).toBe(410);
    expect((await http.json(`/api/admin/setup?token=${token}`)).body).toEqual({ valid: false });
    await staffSignIn(FIRST);
    const [row] = await query<{ last_login: Date | null }>('SELECT last_login FROM admin_users WHERE email = $1', [FIRST.email]);
    expect(row!.last_login).not.toBeNull();
  });

  it('guards every /api/admin route the app maps: 401 anonymous, 403 family, 403 auditor on writes, 403 foreign Origin', async () => {
    expect(product.tool('create-admin', '--email', ADMIN.email, '--name', ADMIN.name, '--password', ADMIN.password)).toContain('as admin');
    expect(product.tool('create-admin', '--email', AUDITOR.email, '--name', AUDITOR.name, '--password', AUDITOR.password, '--role', 'auditor')).toContain('as auditor');
    expect(() => product.tool('create-admin', '--email', 'x@example.test', '--name', 'X', '--password', 'quiet-harbour-74', '--role', 'owner')).toThrow(/--role must be one of admin, auditor/);
    await signUpVerified(product, FAMILY);
    const family = await signedIn(product, FAMILY.email, FAMILY.password);
    const admin = await staffSignIn(ADMIN);
    const auditor = await staffSignIn(AUDITOR);
    const anonymous = new HttpSession(product.url);
    listingId = AdminListingsResponseSchema.parse((await admin.json('/api/admin/listings?pageSize=1')).body).listings[0]!.id;

    // Only sign-in and the first account's set-up are open; everything else is guarded.
    const open = new Set(['/api/admin/session', '/api/admin/setup']);
    const guarded = routes.filter((r) => !open.has(r.path));
    expect(guarded.length).toBeGreaterThanOrEqual(15);
    for (const needed of ['/api/admin/listings', '/api/admin/listings/bulk', '/api/admin/dashboard', '/api/admin/settings', '/api/admin/audit-log']) {
      expect(guarded.map((r) => r.path)).toContain(needed);
    }
    const codeOf = (body: unknown) => PartialProblemDetailsSchema.parse(body).code;
    for (const route of guarded) {
      const url = route.path.replace(/:id\b/g, listingId);
      const init = { method: route.method, ...(route.method === 'GET' ? {} : { json: {} }) };
      const label = `${route.method} ${route.path}`;
      const anon = await anonymous.json(url, init);
      expect([label, anon.status, codeOf(anon.body)]).toEqual([label, 401, 'NOT_SIGNED_IN']);
      // A look-alike of the address (another case) is either not routed or guarded the same.
      for (const lookAlike of [url.replace('/api/admin', '/api/ADMIN'), `/api${url.slice(4).toUpperCase()}`]) {
        const other = await anonymous.json(lookAlike, init);
        expect([`${route.method} ${lookAlike}`, [401, 404].includes(other.status) ? 'refused' : other.status]).toEqual([`${route.method} ${lookAlike}`, 'refused']);
      }
      const fam = await family.json(url, init);
      expect([label, fam.status, codeOf(fam.body)]).toEqual([label, 403, 'ADMIN_ACCESS_DENIED']);
      const aud = await auditor.json(url, init);
      // An auditor passes the guard on every read (a route may then find no such id, or want a query it was not given).
      if (route.method === 'GET') expect([label, [200, 400, 404].includes(aud.status) ? 'read' : aud.status]).toEqual([label, 'read']);
      else expect([label, aud.status, codeOf(aud.body)]).toEqual([label, 403, 'ADMIN_READ_ONLY']);
      if (route.method !== 'GET') {
        const foreign = await admin.json(url, { ...init, headers: { origin: 'https://evil.example' } });
        expect([label, foreign.status, codeOf(foreign.body)]).toEqual([label, 403, 'FOREIGN_ORIGIN']);
      }
    }
    // The family refusal is audited as the spec asks.
    const refusals = await query<{ n: number }>(`SELECT count(*)::int AS n FROM admin_audit_log WHERE action = 'unauthorized_access'`);
    expect(refusals[0]!.n).toBeGreaterThanOrEqual(guarded.length);
    // And the audit log names the account, not 'no staff member'.
    const refused = await admin.json<{ entries: AuditEntry[] }>('/api/admin/audit-log?action=unauthorized_access');
    expect(refused.body.entries[0]).toMatchObject({ admin: null, account: { email: FAMILY.email } });
  });

  it('records a staff change with the staff member as actor, request metadata, and an audit row of old and new values', async () => {
    const admin = await staffSignIn(ADMIN);
    const [staff] = await query<{ id: string }>('SELECT id FROM admin_users WHERE email = $1', [ADMIN.email]);
    const res = await admin.json(`/api/admin/listings/${listingId}/suspend`, { method: 'POST', headers: { 'x-request-id': 'corr-123' }, json: { reason: 'Complaint under review' } });
    if (res.status === 409) {
      // Seeded listings vary in status: make it Active first, then suspend.
      expect((await admin.json(`/api/admin/listings/${listingId}/status`, { method: 'PUT', json: { status: 'Active' } })).status).toBe(200);
      expect((await admin.json(`/api/admin/listings/${listingId}/suspend`, { method: 'POST', headers: { 'x-request-id': 'corr-123' }, json: { reason: 'Complaint under review' } })).status).toBe(200);
    } else expect(res.status).toBe(200);
    const [event] = await query<{ type: string; metadata: Record<string, unknown> }>(
      `SELECT type, metadata FROM events WHERE stream_id = $1 ORDER BY revision DESC LIMIT 1`,
      [`listing-${listingId}`],
    );
    expect(event!.type).toBe('ListingSuspended');
    expect(event!.metadata).toMatchObject({ actor: `admin:${staff!.id}`, correlationId: 'corr-123', userAgent: 'staff-routes-e2e', ip: expect.any(String), requestId: expect.any(String) });
    const [audit] = await query<{ action: string; admin_user_id: string; old_values: Record<string, unknown>; new_values: Record<string, unknown>; ip_address: string }>(
      `SELECT action, admin_user_id, old_values, new_values, ip_address FROM admin_audit_log WHERE record_id = $1 ORDER BY id DESC LIMIT 1`,
      [listingId],
    );
    expect(audit).toMatchObject({ action: 'listing_suspended', admin_user_id: staff!.id, old_values: { status: 'Active' }, new_values: { status: 'Suspended', suspensionReason: 'Complaint under review' } });
    // The audit log screen finds it, filtered to this staff member.
    const log = await admin.json<{ entries: AuditEntry[] }>(`/api/admin/audit-log?adminUserId=${staff!.id}&action=listing_suspended`);
    const [listing] = await query<{ name: string }>('SELECT name FROM listings WHERE id = $1', [listingId]);
    // 'What' names the business, not 'listings <uuid>'.
    expect(log.body.entries[0]).toMatchObject({ action: 'listing_suspended', recordId: listingId, recordName: listing!.name, account: null });
    const signIns = await admin.json<{ entries: AuditEntry[] }>(`/api/admin/audit-log?adminUserId=${staff!.id}&action=admin_sign_in`);
    expect(signIns.body.entries[0]).toMatchObject({ recordName: `${ADMIN.name} (${ADMIN.email})` });
  });

  it('applies the settings to new listings, audits each save with old and new values, and refuses a stale save', async () => {
    const admin = await staffSignIn(ADMIN);
    const current = (await admin.json<{ settings: Record<string, any>; version: number }>('/api/admin/settings')).body;
    const settings = structuredClone(current.settings);
    settings.defaultServiceRadius = 12;
    settings.platformConfig.autoApproveBusinesses = true;
    const saved = await admin.json<{ settings: Record<string, any>; version: number }>('/api/admin/settings', { method: 'PUT', json: { settings, expectedVersion: current.version } });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ defaultServiceRadius: 12, platformConfig: { autoApproveBusinesses: true } });
    const stale = await admin.json('/api/admin/settings', { method: 'PUT', json: { settings: current.settings, expectedVersion: current.version } });
    expect(stale.status).toBe(409);
    const invalid = await admin.json<{ errors: { path: string; message: string }[] }>('/api/admin/settings', { method: 'PUT', json: { settings: { ...settings, defaultServiceRadius: 51 } } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toContainEqual({ path: 'settings.defaultServiceRadius', message: 'Service radius must be between 1 and 50 miles' });

    const created = await admin.json<{ status: string; serviceRadiusMiles: number; latitude: number | null }>('/api/admin/listings', { method: 'POST', json: { name: 'Settings Test Funerals', category: 'Funeral Directors', location: 'Leeds' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'Active', serviceRadiusMiles: 12 });
    expect(created.body.latitude).not.toBeNull();

    const [audit] = await query<{ action: string; old_values: Record<string, unknown>; new_values: Record<string, unknown> }>(
      `SELECT action, old_values, new_values FROM admin_audit_log WHERE table_name = 'admin_settings' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toMatchObject({ action: 'settings_updated', old_values: { default_service_radius: 5 }, new_values: { default_service_radius: 12 } });
    expect((audit!.new_values.platform_config as Record<string, unknown>).auto_approve_businesses ?? (audit!.new_values.platform_config as Record<string, unknown>).autoApproveBusinesses).toBe(true);
    const saves = await admin.json<{ entries: AuditEntry[] }>('/api/admin/audit-log?action=settings_updated');
    expect(saves.body.entries[0]!.recordName).toBe('Settings: default service radius and platform config');

    const reset = await admin.json<{ settings: Record<string, any> }>('/api/admin/settings/reset', { method: 'POST' });
    expect(reset.body.settings.defaultServiceRadius).toBe(5);
    const pending = await admin.json<{ status: string; serviceRadiusMiles: number }>('/api/admin/listings', { method: 'POST', json: { name: 'After Reset Funerals', category: 'Funeral Directors', location: 'York', serviceRadiusMiles: '' } });
    expect(pending.body).toMatchObject({ status: 'Pending Review', serviceRadiusMiles: 5 });
  });

  it('deactivating a staff record takes effect on the next request', async () => {
    const auditor = await staffSignIn(AUDITOR);
    expect((await auditor.json('/api/admin/dashboard')).status).toBe(200);
    await query(`UPDATE admin_users SET is_active = false WHERE email = $1`, [AUDITOR.email]);
    expect((await auditor.json('/api/admin/dashboard')).status).toBe(403);
  });
});
