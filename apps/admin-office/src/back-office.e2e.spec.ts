import type { Browser, Page } from 'playwright-core';
import type { AdminListing, AdminSettingsResponse, AuditLogResponse } from '@afterwards/contracts';
import { accessibilityViolations, assertAccessible, HttpSession, signUpVerified, tamperAsSuperuser, type RunningProduct, useContexts, useProductAndBrowser } from '@afterwards/testing';

// The staff back office in the browser against the built product:
// a family account is refused, the Dashboard and the public finder update live from another staff
// member's change and from an operator tool, Settings (dirty state, leave confirmation, save, reset,
// range check), the Audit Log filtered to one staff member, and an auditor's read-only Settings.
// One product on the services profile (PostgreSQL and Redis), so operator tools run beside the API.

const PASSWORD = 'Staff-Passw0rd-2026';
interface Staff {
  email: string;
  name: string;
}
const PRIYA: Staff = { email: 'priya.office@example.com', name: 'Priya Shah' };
const TARIQ: Staff = { email: 'tariq.office@example.com', name: 'Tariq Nolan' };
const AUDITOR: Staff = { email: 'ada.auditor@example.com', name: 'Ada Lovell' };

/** The issue asks for 'within a second'; CI machines are loaded, so the assertion allows three. */
const LIVE_MS = 3_000;
const NOT_ADMIN = 'You do not have admin access to this system. Contact the system administrator.';
const UNSAVED = 'You have unsaved changes. Click "Save Changes" to apply them.';

describe('staff back office in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  const delays: string[] = [];
  const contexts = useContexts('each');
  useProductAndBrowser({ profile: 'services', seedCount: 40 }, (started) => ({ product, browser } = started));

  beforeAll(async () => {
    for (const s of [PRIYA, TARIQ]) product.tool('create-admin', '--email', s.email, '--name', s.name, '--password', PASSWORD);
    product.tool('create-admin', '--email', AUDITOR.email, '--name', AUDITOR.name, '--password', PASSWORD, '--role', 'auditor');
    await afterBlockingTool();
  }, 180_000);

  /**
   * `product.tool` blocks this process for seconds (spawnSync); meanwhile the API closes the idle
   * keep-alive connection of fetch's pool, and the next fetch would reuse the dead socket ('other side
   * closed'). Let the event loop take in the close, then check the API answers.
   */
  async function afterBlockingTool(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (let attempt = 1; ; attempt++) {
      try {
        if ((await fetch(`${product.url}/api/health/ready`)).ok) return;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  }

  const newPage = () => contexts.newPage(browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/London', viewport: { width: 1280, height: 900 } }));

  async function signInAtAdmin(page: Page, email: string, password: string): Promise<void> {
    await page.goto(`${product.url}/admin`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: /secure sign in/i }).click();
  }

  /** A staff member's own browser (a context of its own), signed in and on the Dashboard. */
  async function staffPage(staff: Staff): Promise<Page> {
    const page = await newPage();
    await signInAtAdmin(page, staff.email, PASSWORD);
    await page.getByText(`Welcome, ${staff.name}`).waitFor();
    return page;
  }

  /** The same staff member over HTTP, to read (and sometimes change) what the server holds. */
  async function staffApi(staff: Staff): Promise<{ http: HttpSession; id: string }> {
    const http = new HttpSession(product.url);
    const res = await http.json<{ admin: { id: string } }>('/api/admin/session', { method: 'POST', json: { email: staff.email, password: PASSWORD } });
    expect(res.status).toBe(200);
    return { http, id: res.body.admin.id };
  }

  /** A request from inside the page: the browser's own session cookie and Origin, as the screens send it. */
  function fromPage<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    return page.evaluate(
      async ({ method, path, body }) => {
        const res = await fetch(path, {
          method,
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        return { status: res.status, body: text ? JSON.parse(text) : null };
      },
      { method, path, body },
    );
  }

  const menu = (page: Page) => page.getByRole('navigation', { name: 'Sections' });
  const tileValue = (page: Page, label: string) => page.locator('.aw-stat').filter({ hasText: label }).locator('.aw-stat__value');

  it('has no serious accessibility violation on the sign-in page or any section (axe-core, WCAG A/AA)', async () => {
    const found: Record<string, string[]> = {};
    const check = async (page: Page, where: string) => {
      const violations = await accessibilityViolations(page);
      if (violations.length) found[where] = violations;
    };
    const signIn = await newPage();
    await signIn.goto(`${product.url}/admin`);
    await signIn.getByLabel('Email address').waitFor();
    await check(signIn, 'sign-in');
    const page = await staffPage(PRIYA);
    for (const section of ['Dashboard', 'Local Businesses', 'Promotions', 'Coverage Analytics', 'Document Processing', 'Settings', 'Audit Log', 'History']) {
      await menu(page).getByRole('button', { name: section }).click();
      await page.getByRole('heading', { level: 1, name: section }).waitFor();
      // Let the section's remote draw and its first data arrive.
      await page.waitForTimeout(1_500);
      await check(page, section);
    }
    expect(found).toEqual({});
  }, 120_000);

  it('refuses a family account at /admin and shows no panel', async () => {
    const email = 'ruth.family@example.test';
    const password = 'lantern-meadow-82';
    await signUpVerified(product, { email, password, name: 'Ruth Ellis' });

    const page = await newPage();
    await signInAtAdmin(page, email, password);
    await page.getByText(NOT_ADMIN).waitFor();
    // Still the sign-in screen: no welcome line, no side menu, no Sign Out.
    await page.getByRole('button', { name: /secure sign in/i }).waitFor();
    expect(await menu(page).count()).toBe(0);
    expect(await page.getByText(/^Welcome,/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sign Out' }).count()).toBe(0);

    // And the server agrees: the same account gets no staff session.
    const http = new HttpSession(product.url);
    const refused = await http.json<{ detail?: string }>('/api/admin/session', { method: 'POST', json: { email, password } });
    expect(refused.status).toBe(403);
    expect((await http.json('/api/admin/dashboard')).status).not.toBe(200);
  }, 60_000);

  it("shows a staff member's change and an operator's change live on another staff Dashboard and on the public finder", async () => {
    const priya = await staffApi(PRIYA);
    // A town some seeded, active listing is in: the public page searches it.
    const active = await priya.http.json<{ listings: AdminListing[] }>('/api/admin/listings?status=Active&pageSize=100');
    expect(active.status).toBe(200);
    let location = '';
    let town = '';
    for (const l of active.body.listings) {
      const candidate = l.location.split(',')[0]!.trim();
      const pub = await (await fetch(`${product.url}/api/directory/listings?location=${encodeURIComponent(candidate)}`)).json();
      if (pub.total > 0) {
        location = l.location;
        town = candidate;
        break;
      }
    }
    expect(town).not.toBe('');

    const a = await staffPage(PRIYA);
    const b = await staffPage(TARIQ);
    for (const page of [a, b]) await page.getByRole('status').filter({ hasText: 'Live updates on' }).waitFor();
    const before = await priya.http.json<{ stats: { totalBusinesses: number; pendingReviews: number } }>('/api/admin/dashboard');
    await tileValue(b, 'Total Businesses').filter({ hasText: new RegExp(`^${before.body.stats.totalBusinesses}$`) }).waitFor();
    const activity = b.getByRole('region', { name: 'Recent Activity' });

    const visitor = await newPage();
    await visitor.goto(`${product.url}/resources`);
    await visitor.getByLabel('Location').fill(town);
    await visitor.getByTestId('result-count').filter({ hasText: /\d+ services? found/ }).waitFor();
    await visitor.getByTestId('listing-card').first().waitFor();

    // Markers on window prove neither page reloads.
    for (const page of [b, visitor]) await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));

    const stamp = Date.now() % 100_000;
    const first = `Lantern Quay Funeral Care ${stamp}`;
    const second = `Heron Bridge Memorials ${stamp}`;
    const form = (name: string) => ({ name, category: 'Funeral Directors', location, description: 'Family-run, available day and night.', serviceRadiusMiles: 10 });

    // 1. Priya adds a business from her browser: Tariq's Recent Activity and Total Businesses follow.
    const created = await fromPage<AdminListing>(a, 'POST', '/api/admin/listings', form(first));
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('Pending Review');
    let committed = Date.now();
    await activity.getByText(`${first} (Funeral Directors, ${location})`).waitFor({ timeout: LIVE_MS });
    delays.push(`new business in the other staff member's Recent Activity: ${Date.now() - committed} ms`);
    await tileValue(b, 'Total Businesses')
      .filter({ hasText: new RegExp(`^${before.body.stats.totalBusinesses + 1}$`) })
      .waitFor({ timeout: LIVE_MS });
    delays.push(`Total Businesses on the other staff Dashboard: ${Date.now() - committed} ms`);
    // Pending listings stay off the public page.
    expect(await visitor.getByRole('heading', { name: first }).count()).toBe(0);

    // 2. Priya approves it: Tariq sees it go live, and so does the visitor on the public page.
    const approved = await fromPage<AdminListing>(a, 'POST', `/api/admin/listings/${created.body.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('Active');
    committed = Date.now();
    await Promise.all([
      activity
        .getByText(`${first} is now live in the directory`)
        .waitFor({ timeout: LIVE_MS })
        .then(() => delays.push(`staff approval in the other staff member's Recent Activity: ${Date.now() - committed} ms`)),
      visitor
        .getByRole('heading', { name: first })
        .waitFor({ timeout: LIVE_MS })
        .then(() => delays.push(`staff approval on the public finder: ${Date.now() - committed} ms`)),
    ]);

    // 3. An operator approves another one with the tools command while the API runs.
    const pending = await fromPage<AdminListing>(a, 'POST', '/api/admin/listings', form(second));
    expect(pending.status).toBe(201);
    await activity.getByText(`${second} (Funeral Directors, ${location})`).waitFor({ timeout: LIVE_MS });
    product.tool('listing', 'approve', pending.body.id);
    committed = Date.now();
    await Promise.all([
      activity
        .getByText(`${second} is now live in the directory`)
        .waitFor({ timeout: LIVE_MS })
        .then(() => delays.push(`operator approval in a staff member's Recent Activity: ${Date.now() - committed} ms`)),
      visitor
        .getByRole('heading', { name: second })
        .waitFor({ timeout: LIVE_MS })
        .then(() => delays.push(`operator approval on the public finder: ${Date.now() - committed} ms`)),
    ]);
    const after = await priya.http.json<{ stats: { totalBusinesses: number; pendingReviews: number } }>('/api/admin/dashboard');
    expect(after.body.stats.totalBusinesses).toBe(before.body.stats.totalBusinesses + 2);
    expect(after.body.stats.pendingReviews).toBe(before.body.stats.pendingReviews);
    await tileValue(b, 'Pending Reviews').filter({ hasText: new RegExp(`^${after.body.stats.pendingReviews}$`) }).waitFor({ timeout: LIVE_MS });
    // Priya's own Dashboard followed too.
    await a.getByRole('region', { name: 'Recent Activity' }).getByText(`${second} is now live in the directory`).waitFor({ timeout: LIVE_MS });

    for (const page of [b, visitor]) expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await b.getByRole('status').filter({ hasText: 'Live updates on' }).waitFor();
    console.log(`live updates measured:\n  ${delays.join('\n  ')}`);
  }, 120_000);

  it('edits, guards, saves, range-checks and resets the Settings', async () => {
    const { http } = await staffApi(PRIYA);
    const server = async () => (await http.json<AdminSettingsResponse>('/api/admin/settings')).body.settings;
    expect((await server()).defaultServiceRadius).toBe(5);

    const page = await staffPage(PRIYA);
    await menu(page).getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    const radius = page.getByLabel('Default service radius (miles)');
    const price = page.getByRole('group', { name: '14-day plan' }).getByLabel('Price (£)');
    const save = page.getByRole('button', { name: 'Save Changes' });
    await radius.waitFor();
    expect(await radius.inputValue()).toBe('5');
    expect(await price.inputValue()).toBe('49');
    expect(await save.isDisabled()).toBe(true);
    expect(await page.getByText(UNSAVED).count()).toBe(0);

    await radius.fill('12');
    await price.fill('59');
    await page.getByText(UNSAVED).waitFor();
    expect(await save.isEnabled()).toBe(true);

    // Leaving while dirty asks first; staying keeps the edits.
    await menu(page).getByRole('button', { name: 'Dashboard' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await assertAccessible(page, 'Leave without saving? dialog');
    await leave.getByRole('button', { name: 'Stay on Settings' }).click();
    await leave.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await radius.inputValue()).toBe('12');
    expect(await price.inputValue()).toBe('59');
    expect((await server()).defaultServiceRadius).toBe(5);

    await save.click();
    await page.getByText('Settings saved successfully!').waitFor();
    // The back office's toasts last 4 s, success included (the family app's success toasts 2 s).
    expect(await page.locator('.aw-toast', { hasText: 'Settings saved successfully!' }).getAttribute('data-duration')).toBe('4000');
    await page.getByText(UNSAVED).waitFor({ state: 'detached' });
    expect(await save.isDisabled()).toBe(true);
    let held = await server();
    expect(held.defaultServiceRadius).toBe(12);
    expect(held.promotionPricing['14-day'].price).toBe(59);

    // Out of range: the message shows and nothing is sent.
    let puts = 0;
    page.on('request', (r) => r.method() === 'PUT' && r.url().endsWith('/api/admin/settings') && puts++);
    await radius.fill('60');
    await page.getByText('Service radius must be between 1 and 50 miles').waitFor();
    await save.click();
    await page.getByText('Please correct the highlighted fields.').waitFor();
    await assertAccessible(page, 'Settings, with a field out of range');
    expect(puts).toBe(0);
    expect((await server()).defaultServiceRadius).toBe(12);

    // Reset to Defaults asks first, then puts the defaults back on the screen and on the server.
    await page.getByRole('button', { name: 'Reset to Defaults' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reset settings to the defaults?' });
    await confirm.waitFor();
    await assertAccessible(page, 'Reset settings dialog');
    await confirm.getByRole('button', { name: 'Reset to Defaults' }).click();
    await page.getByText('Settings were reset to the defaults.').waitFor();
    await confirm.waitFor({ state: 'hidden' });
    await page.waitForFunction(
      () =>
        (document.getElementById('ofc-setting-defaultServiceRadius') as HTMLInputElement | null)?.value === '5' &&
        (document.getElementById('ofc-setting-promotionPricing-14-day-price') as HTMLInputElement | null)?.value === '49',
    );
    expect(await radius.inputValue()).toBe('5');
    expect(await price.inputValue()).toBe('49');
    expect(await page.getByText('Service radius must be between 1 and 50 miles').count()).toBe(0);
    held = await server();
    expect(held.defaultServiceRadius).toBe(5);
    expect(held.promotionPricing['14-day'].price).toBe(49);
    expect(puts).toBe(0);
  }, 90_000);

  it('filters the Audit Log to one staff member and shows old and new values side by side', async () => {
    const priya = await staffApi(PRIYA);
    const tariq = await staffApi(TARIQ);

    // Tariq edits a listing; Priya saves the settings.
    const list = await tariq.http.json<{ listings: AdminListing[] }>('/api/admin/listings?status=Active&pageSize=10');
    const listing = list.body.listings[0]!;
    const newName = `${listing.name.slice(0, 60)} (audited ${Date.now() % 100_000})`;
    const edit = await tariq.http.json<AdminListing>(`/api/admin/listings/${listing.id}`, {
      method: 'PUT',
      json: {
        name: newName,
        category: listing.category,
        location: listing.location,
        address: listing.address,
        phone: listing.phone,
        email: listing.email,
        website: listing.website,
        description: listing.description,
        pricing: listing.pricing,
        serviceRadiusMiles: listing.serviceRadiusMiles,
        servesSurroundingAreas: listing.servesSurroundingAreas,
        expectedVersion: listing.version,
      },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.name).toBe(newName);
    const current = (await priya.http.json<AdminSettingsResponse>('/api/admin/settings')).body;
    const saved = await priya.http.json('/api/admin/settings', {
      method: 'PUT',
      json: { settings: { ...current.settings, promotionTiming: { ...current.settings.promotionTiming, gracePeriodHours: 48 } }, expectedVersion: current.version },
    });
    expect(saved.status).toBe(200);

    const page = await staffPage(PRIYA);
    await menu(page).getByRole('button', { name: 'Audit Log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
    const entries = page.locator('.ofc-audit__list > li > article');
    const article = (action: string) => entries.filter({ has: page.getByRole('heading', { level: 3, name: action, exact: true }) });
    await article('listing_updated').first().waitFor();
    await article('settings_updated').first().waitFor();

    // Tariq only: his edit shows, Priya's settings save does not, and every row is his.
    const staffFilter = page.getByLabel('Staff member');
    await staffFilter.selectOption({ label: `${TARIQ.name} (${TARIQ.email})` });
    const tariqLog = await priya.http.json<AuditLogResponse>(`/api/admin/audit-log?adminUserId=${tariq.id}`);
    expect(tariqLog.body.entries.some((e) => e.action === 'listing_updated')).toBe(true);
    await page.getByRole('status').filter({ hasText: new RegExp(`^${tariqLog.body.total} entr(y|ies), page 1 of 1$`) }).waitFor();
    await article('settings_updated').waitFor({ state: 'detached' });
    const row = article('listing_updated').filter({ hasText: listing.id });
    await row.waitFor();
    // 'What' names the business (as it is called now), with its id for searching.
    expect(await row.locator('.ofc-entry__facts > div').filter({ has: page.locator('dt', { hasText: 'What' }) }).locator('dd').textContent()).toBe(`${newName} (listings ${listing.id})`);
    const whos = await entries.locator('.ofc-entry__facts > div').filter({ has: page.locator('dt', { hasText: 'Who' }) }).locator('dd').allTextContents();
    expect(whos.length).toBe(tariqLog.body.entries.length);
    expect(whos.every((w) => w.includes(TARIQ.name) && w.includes(TARIQ.email))).toBe(true);
    expect(await entries.filter({ hasText: PRIYA.email }).count()).toBe(0);

    // Old and new values side by side.
    await row.getByText(/^Show values \(\d+ fields? changed\)$/).click();
    const nameRow = row.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^name\b/ }) });
    await nameRow.waitFor();
    expect((await nameRow.getByRole('cell').allTextContents()).map((t) => t.trim())).toEqual([listing.name, newName]);

    // Priya only: her settings save shows, Tariq's listing edit does not.
    await staffFilter.selectOption({ label: `${PRIYA.name} (${PRIYA.email})` });
    await article('settings_updated').first().waitFor();
    await article('listing_updated').filter({ hasText: listing.id }).waitFor({ state: 'detached' });
    expect(await entries.filter({ hasText: TARIQ.email }).count()).toBe(0);
  }, 90_000);

  it('shows an auditor the Settings read-only', async () => {
    const page = await staffPage(AUDITOR);
    await menu(page).getByRole('button', { name: 'Settings' }).click();
    await page.getByText('Read-only access').waitFor();
    const radius = page.getByLabel('Default service radius (miles)');
    await radius.waitFor();
    expect(await radius.isDisabled()).toBe(true);
    expect(await page.getByRole('group', { name: '14-day plan' }).getByLabel('Price (£)').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save Changes' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Reset to Defaults' }).count()).toBe(0);

    // The server refuses the auditor's writes too.
    const { http } = await staffApi(AUDITOR);
    const current = (await http.json<AdminSettingsResponse>('/api/admin/settings')).body;
    const refused = await http.json<{ code?: string }>('/api/admin/settings', { method: 'PUT', json: { settings: current.settings, expectedVersion: current.version } });
    expect(refused.status).toBe(403);
  }, 60_000);

  // Last: it breaks the audit trail of this product on purpose.
  it("says on the Audit Log that the trail is intact, then names the row an edit in the database changed", async () => {
    const page = await staffPage(PRIYA);
    await menu(page).getByRole('button', { name: 'Audit Log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
    const badge = page.getByRole('status').filter({ hasText: 'Audit trail' });
    await badge.getByText('Audit trail intact').waitFor();
    expect(await badge.textContent()).toMatch(/\d+ entr(y|ies) checked, chain unbroken\./);

    const { http } = await staffApi(PRIYA);
    const log = (await http.json<AuditLogResponse>('/api/admin/audit-log')).body;
    const victim = log.entries[log.entries.length - 1]!;
    await tamperAsSuperuser(product, `UPDATE admin_audit_log SET ip_address = '203.0.113.77' WHERE id = $1`, [victim.id]);

    // Opening the section again checks the chain again.
    await menu(page).getByRole('button', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await menu(page).getByRole('button', { name: 'Audit Log' }).click();
    await badge.getByText('Audit trail tampered with').waitFor();
    expect(await badge.textContent()).toContain(String(victim.id));
    // SCREENSHOT_DIR=... keeps a picture of the badge to look at.
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/audit-log-tampered.png` });
  }, 60_000);
});
