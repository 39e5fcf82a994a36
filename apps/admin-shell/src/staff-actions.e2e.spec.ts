import type { Browser, Page } from 'playwright-core';
import type { AdminListing, BulkListingResponse } from '@afterwards/contracts';
import { signInAtAdmin, staffSignedIn, type HttpSession, type RunningProduct, type StaffAccount, screenshot, useContexts, useProductAndBrowser, staffContext } from '@afterwards/testing';

// Issue 41, item 9: the Dashboard's 'Add New Business' opens the Add form as 'Create Promotion' opens its
// own; an auditor (read-only staff role) is offered no write action anywhere (one rule, staffMay in
// libs/contracts, which the API's guard refuses by too); a bulk Suspend asks the reason a single Suspend
// asks, with the same words, and names how many businesses it suspends; the bulk route refuses a suspend
// without a reason. SCREENSHOT_DIR=... saves screenshots to look at.
const shot = (page: Page, name: string) => screenshot(page, name);

const ADA: StaffAccount = { email: 'ada.actions@example.test', name: 'Ada Actions', password: 'quiet-harbour-73' };
const OTTO: StaffAccount = { email: 'otto.actions@example.test', name: 'Otto Reader', password: 'steady-lantern-44' };
const REASON_REQUIRED = 'A reason is required';

describe('staff actions offered by role, and a bulk suspend that asks why', () => {
  let product: RunningProduct;
  let browser: Browser;
  let ada: HttpSession;
  const contexts = useContexts('each');
  useProductAndBrowser({ profile: 'services', seedCount: 30 }, (started) => ({ product, browser } = started));

  beforeAll(async () => {
    product.tool('create-admin', '--email', ADA.email, '--name', ADA.name, '--password', ADA.password);
    product.tool('create-admin', '--email', OTTO.email, '--name', OTTO.name, '--password', OTTO.password, '--role', 'auditor');
    ada = await staffSignedIn(product, ADA, 'staff-actions-e2e');
  }, 240_000);

  /** A signed-in staff member's own browser, on the Dashboard. */
  async function staffPage(staff: StaffAccount, width = 1280): Promise<Page> {
    const page = await contexts.newPage(staffContext(browser, { width }));
    await signInAtAdmin(page, product, staff);
    return page;
  }
  const quickActions = (page: Page) => page.getByRole('region', { name: 'Quick Actions' });
  async function openSection(page: Page, label: string) {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: label }).click();
    await page.getByRole('heading', { level: 1, name: label }).waitFor();
  }
  async function createActive(name: string): Promise<AdminListing> {
    const res = await ada.json<AdminListing>('/api/admin/listings', { method: 'POST', json: { name, category: 'Funeral Directors', location: 'Leeds', status: 'Active' } });
    expect(res.status).toBe(201);
    return res.body;
  }
  const listing = async (id: string) => (await ada.json<AdminListing>(`/api/admin/listings/${id}`)).body;

  it("opens the Add New Business form from the Dashboard's quick action, as Create Promotion opens its own", async () => {
    const page = await staffPage(ADA);
    await quickActions(page).getByRole('button', { name: /^Add New Business/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Local Businesses' }).waitFor();
    const form = page.getByRole('dialog', { name: 'Add New Business' });
    await form.waitFor();
    await shot(page, 'quick-add-1280');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });

    // Through the side menu the section opens as it is, without the form.
    await openSection(page, 'Dashboard');
    await openSection(page, 'Local Businesses');
    await page.getByText(/^Showing /).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await openSection(page, 'Dashboard');
    await quickActions(page).getByRole('button', { name: /^Create Promotion/ }).click();
    await page.getByRole('dialog', { name: 'Create Promotion' }).waitFor();
  }, 60_000);

  it('offers an auditor no Add, Create, bulk or row write action on the Dashboard, Local Businesses or Promotions', async () => {
    const page = await staffPage(OTTO);
    // Dashboard: only the quick action that reads.
    await quickActions(page).getByRole('button', { name: /^Coverage Analysis/ }).waitFor();
    expect(await quickActions(page).getByRole('button').allTextContents()).toEqual([expect.stringMatching(/^Coverage Analysis/)]);
    await shot(page, 'auditor-dashboard-1280');

    await openSection(page, 'Local Businesses');
    await page.getByText(/^Showing /).waitFor();
    await page.getByText('Read-only access').waitFor();
    const section = page.getByRole('region', { name: 'Local Businesses' });
    expect(await section.getByRole('button', { name: 'View' }).count()).toBeGreaterThan(0);
    for (const name of ['Add New Business', 'Bulk CSV Upload', 'Edit', 'Approve', /^More actions for/]) expect([name, await section.getByRole('button', { name }).count()]).toEqual([name, 0]);
    expect(await section.getByRole('checkbox').count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Bulk actions' }).count()).toBe(0);
    await shot(page, 'auditor-businesses-1280');

    await openSection(page, 'Promotions');
    await page.getByText(/^\d+ shown/).waitFor();
    expect(await page.locator('.pm-card').count()).toBeGreaterThan(0);
    for (const name of [/Create/, /^Edit/, /^Renew/, /^Cancel/, /^Start/]) expect([String(name), await page.getByRole('main').getByRole('button', { name }).count()]).toEqual([String(name), 0]);
    await shot(page, 'auditor-promotions-1280');

    // The screens and the server keep the same rule: a write from the auditor's own page is refused.
    const refused = await page.evaluate(async () => {
      const res = await fetch('/api/admin/listings', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Nope', category: 'Funeral Directors', location: 'Leeds' }) });
      return { status: res.status, code: ((await res.json()) as { code?: string }).code };
    });
    expect(refused).toEqual({ status: 403, code: 'ADMIN_READ_ONLY' });
  }, 90_000);

  it('asks the reason and a confirmation naming how many before a bulk suspend, with the single Suspend’s words', async () => {
    const names = ['Quiet Suspend Alder', 'Quiet Suspend Birch', 'Quiet Suspend Cedar'];
    const created = [];
    for (const name of names) created.push(await createActive(name));
    const page = await staffPage(ADA);
    let bulkPosts = 0;
    page.on('request', (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/admin/listings/bulk' && bulkPosts++);
    await openSection(page, 'Local Businesses');
    await page.getByText(/^Showing /).waitFor();
    const filtered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/listings' && new URL(r.url()).searchParams.get('q') === 'Quiet Suspend');
    await page.getByRole('searchbox', { name: /Search/ }).fill('Quiet Suspend');
    await filtered;
    await page.getByText(/^Showing 1–3 of 3/).waitFor();
    await page.getByLabel('Select all on this page').check();
    const bulk = page.getByRole('region', { name: 'Bulk actions' });
    await bulk.getByText('3 selected').waitFor();
    await bulk.getByLabel('Change status to').selectOption('Suspended');

    // Cancelling aborts: nothing is sent, nothing changes.
    await bulk.getByRole('button', { name: 'Apply status' }).click();
    let dialog = page.getByRole('dialog', { name: 'Suspend 3 businesses' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // No reason: the single Suspend's message, and nothing is sent.
    await bulk.getByRole('button', { name: 'Apply status' }).click();
    dialog = page.getByRole('dialog', { name: 'Suspend 3 businesses' });
    await dialog.getByText('Why are the 3 selected businesses being suspended?').waitFor();
    await dialog.getByRole('button', { name: 'Suspend 3' }).click();
    await dialog.getByText(REASON_REQUIRED).waitFor();
    await shot(page, 'bulk-suspend-reason-1280');
    expect(bulkPosts).toBe(0);
    for (const l of created) expect((await listing(l.id)).status).toBe('Active');

    await dialog.getByLabel('Reason').fill('Complaints about conduct, under review');
    await dialog.getByRole('button', { name: 'Suspend 3' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Updated 3 businesses').waitFor();
    expect(bulkPosts).toBe(1);
    for (const l of created) expect(await listing(l.id)).toMatchObject({ status: 'Suspended', suspensionReason: 'Complaints about conduct, under review' });

    // The single Suspend asks with the same words.
    const single = await createActive('Quiet Suspend Damson');
    await page.getByRole('button', { name: `More actions for ${single.name}` }).click();
    await page.getByRole('menuitem', { name: 'Suspend', exact: true }).click();
    const one = page.getByRole('dialog', { name: 'Suspend business' });
    await one.getByRole('button', { name: 'Suspend' }).click();
    await one.getByText(REASON_REQUIRED).waitFor();
  }, 90_000);

  it('refuses a bulk suspend without a reason over HTTP, as the single suspend does, and records the reason given', async () => {
    const [a, b] = [await createActive('Http Suspend Ash'), await createActive('Http Suspend Beech')];
    for (const body of [{}, { reason: '   ' }]) {
      const res = await ada.json<{ code: string; errors: { path: string; message: string }[] }>('/api/admin/listings/bulk', {
        method: 'POST',
        json: { action: 'status', ids: [a.id, b.id], status: 'Suspended', ...body },
      });
      expect([res.status, res.body.code, res.body.errors]).toEqual([400, 'VALIDATION_FAILED', [{ path: 'reason', message: REASON_REQUIRED }]]);
      const single = await ada.json<{ errors: { path: string; message: string }[] }>(`/api/admin/listings/${a.id}/suspend`, { method: 'POST', json: body });
      expect([single.status, single.body.errors]).toEqual([400, [{ path: 'reason', message: REASON_REQUIRED }]]);
    }
    for (const l of [a, b]) expect((await listing(l.id)).status).toBe('Active');

    const done = await ada.json<BulkListingResponse>('/api/admin/listings/bulk', { method: 'POST', json: { action: 'status', ids: [a.id, b.id], status: 'Suspended', reason: 'Licence lapsed' } });
    expect([done.status, done.body.succeeded, done.body.failed]).toEqual([200, 2, 0]);
    for (const l of [a, b]) expect(await listing(l.id)).toMatchObject({ status: 'Suspended', suspensionReason: 'Licence lapsed' });
    // Other statuses need no reason.
    const active = await ada.json<BulkListingResponse>('/api/admin/listings/bulk', { method: 'POST', json: { action: 'status', ids: [a.id], status: 'Active' } });
    expect([active.status, active.body.succeeded]).toEqual([200, 1]);
  }, 60_000);
});
