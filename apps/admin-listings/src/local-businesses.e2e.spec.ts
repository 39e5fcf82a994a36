import type { BrowserContext, Locator, Page, Route } from 'playwright-core';
import { LISTING_ADMIN_MESSAGES } from '@afterwards/contracts';
import { assertAccessible, HttpSession, staffSignedIn, startWithStaff, type StaffScreens, type RunningProduct, screenshot } from '@afterwards/testing';

// Local Business Management in the browser against the built product:
// the Add/Edit form with its client-side messages, approve, reject, suspend and delete with their dialogs,
// a bulk status change the server refuses for one listing, and the keyboard. Every step checks both what
// the person sees and what the server holds. SCREENSHOT_DIR=... saves screenshots to look at.
const shot = (page: Page, name: string) => screenshot(page, name, { fullPage: true });

const ADA = { email: 'ada.listings@example.test', name: 'Ada Admin', password: 'quiet-harbour-70' };
const BEN = { email: 'ben.listings@example.test', name: 'Ben Okafor', password: 'steady-lantern-41' };

interface Listing {
  id: string;
  name: string;
  status: string;
  location: string;
  latitude: number | null;
  longitude: number | null;
  serviceRadiusMiles: number;
  rejectionReason?: string | null;
  suspensionReason?: string | null;
}

describe('Local Businesses in the browser', () => {
  let product: RunningProduct;
  let context: BrowserContext;
  /** Ben's session: the other staff member, changing listings behind the page's back. */
  let ben: HttpSession;

  let screens: StaffScreens;

  beforeAll(async () => {
    // Ada signs in once through the /admin sign-in screen; every page of the context shares her session.
    screens = await startWithStaff({ profile: 'services', seedCount: 0, staff: [ADA, BEN] });
    ({ product, context } = screens);
    ben = await staffSignedIn(product, BEN, 'local-businesses-e2e');
  }, 180_000);

  afterAll(() => screens?.stop());

  /** A new page on Local Businesses, narrowed to the listings whose text holds `term`. */
  async function openListings(term: string, before?: (page: Page) => Promise<void>): Promise<Page> {
    const page = await context.newPage();
    await before?.(page);
    await page.goto(`${product.url}/admin/`);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Local Businesses' }).click();
    await page.getByRole('heading', { level: 1, name: 'Local Businesses' }).waitFor();
    await page.getByText(/^Showing /).waitFor();
    // The search applies after its debounce (and starts the selection afresh): wait for the filtered page.
    const filtered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/listings' && new URL(r.url()).searchParams.get('q') === term);
    await page.getByRole('searchbox', { name: /Search/ }).fill(term);
    await filtered;
    await page.getByText('updating…').waitFor({ state: 'detached' });
    return page;
  }

  const rowOf = (page: Page, name: string): Locator => page.locator('.lb-table tbody tr').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });
  const statusOf = async (row: Locator) => (await row.locator('td[data-label="Status"] .lb-badges').textContent())?.trim();

  /** The listing as the server holds it, read with the page's own staff session. */
  async function server(page: Page, id: string): Promise<{ status: number; body: Listing }> {
    const res = await page.request.get(`${product.url}/api/admin/listings/${id}`);
    return { status: res.status(), body: res.ok() ? ((await res.json()) as Listing) : (undefined as unknown as Listing) };
  }
  async function idOf(page: Page, name: string): Promise<string> {
    const res = await page.request.get(`${product.url}/api/admin/listings?q=${encodeURIComponent(name)}`);
    const body = (await res.json()) as { listings: Listing[] };
    const found = body.listings.filter((l) => l.name === name);
    expect(found).toHaveLength(1);
    return found[0]!.id;
  }
  async function createAsBen(name: string, status: string): Promise<Listing> {
    const res = await ben.json<Listing>('/api/admin/listings', { method: 'POST', json: { name, category: 'Funeral Directors', location: 'Dublin, Ireland', status } });
    expect(res.status).toBe(201);
    return res.body;
  }
  /** Opens the row's 'More actions' menu and chooses `item`. */
  async function more(page: Page, name: string, item: string) {
    const button = page.getByRole('button', { name: `More actions for ${name}` });
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('menu', { name: `More actions for ${name}` }).getByRole('menuitem', { name: item, exact: true }).click();
  }

  it('adds, edits, approves, rejects, suspends and deletes businesses', async () => {
    const added = 'Harbour Lights Funeral Care';
    const active = 'Harbour Lights Bereavement Support';
    const page = await openListings('Harbour Lights');
    await page.getByText('No businesses match these filters.').waitFor();

    // Add, with the spec's client-side messages first (nothing is sent until the form is valid).
    let posts = 0;
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/admin/listings') && posts++);
    await page.getByRole('button', { name: 'Add New Business' }).click();
    const form = page.getByRole('dialog', { name: 'Add New Business' });
    await form.getByRole('button', { name: 'Add Business' }).click();
    await form.getByText('Business name is required').waitFor();
    await form.getByText('Category is required').waitFor();
    await form.getByText('Location is required').waitFor();
    await assertAccessible(page, 'Add New Business dialog, with its errors');
    await form.getByLabel('Business name').fill(added);
    await form.getByLabel('Category').selectOption('Funeral Directors');
    await form.getByLabel('Location').fill('Dublin, Ireland');
    await form.getByLabel('Address').fill('12 Quay Street, Dublin');
    await form.getByLabel('Service radius (miles)').fill('80');
    await form.getByRole('button', { name: 'Add Business' }).click();
    await form.getByText('Service radius must be between 1 and 50 miles').waitFor();
    expect(await form.getByText('Business name is required').count()).toBe(0);
    expect(posts).toBe(0);
    await form.getByLabel('Service radius (miles)').fill('15');
    await form.getByRole('button', { name: 'Add Business' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByText(`"${added}" added`).waitFor();
    const row = rowOf(page, added);
    await row.getByText('12 Quay Street, Dublin').waitFor();
    expect(await statusOf(row)).toBe('Pending Review');
    const id = await idOf(page, added);
    const created = (await server(page, id)).body;
    expect(created).toMatchObject({ name: added, status: 'Pending Review', location: 'Dublin, Ireland', serviceRadiusMiles: 15 });
    expect(typeof created.latitude).toBe('number');
    await shot(page, 'added-1280');

    // Edit: a new location gets new coordinates on the server.
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Business' });
    expect(await edit.getByLabel('Location').inputValue()).toBe('Dublin, Ireland');
    await assertAccessible(page, 'Edit Business dialog');
    await edit.getByLabel('Location').fill('Cardiff, Wales');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await row.getByRole('cell', { name: 'Cardiff, Wales' }).waitFor();
    const edited = (await server(page, id)).body;
    expect(edited.location).toBe('Cardiff, Wales');
    expect(typeof edited.latitude).toBe('number');
    expect([edited.latitude, edited.longitude]).not.toEqual([created.latitude, created.longitude]);

    // Approve, after a confirmation.
    await row.getByRole('button', { name: 'Approve' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve business' });
    await approve.getByText(`Approve ${added}?`).waitFor();
    await assertAccessible(page, 'Approve business dialog');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(`"${added}" approved`).waitFor();
    expect(await statusOf(row)).toBe('Active');
    expect(await row.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect((await server(page, id)).body.status).toBe('Active');

    // Reject: cancelling the reason dialog aborts and changes nothing; then with a reason.
    await more(page, added, 'Reject');
    let reject = page.getByRole('dialog', { name: 'Reject business' });
    await reject.getByLabel('Reason').fill('Changed my mind');
    await reject.getByRole('button', { name: 'Cancel' }).click();
    await reject.waitFor({ state: 'detached' });
    expect(await statusOf(row)).toBe('Active');
    expect((await server(page, id)).body).toMatchObject({ status: 'Active', rejectionReason: null });
    await more(page, added, 'Reject');
    reject = page.getByRole('dialog', { name: 'Reject business' });
    await reject.getByRole('button', { name: 'Reject' }).click();
    await reject.getByText('A reason is required').waitFor();
    await assertAccessible(page, 'Reject business dialog, with its error');
    await reject.getByLabel('Reason').fill('Could not confirm the address');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await page.getByText(`"${added}" rejected`).waitFor();
    await row.getByText('Reason: Could not confirm the address').waitFor();
    expect(await statusOf(row)).toBe('Inactive');
    expect((await server(page, id)).body).toMatchObject({ status: 'Inactive', rejectionReason: 'Could not confirm the address' });

    // Suspend an Active business (added by Ben; live updates bring it onto Ada's page).
    const other = await createAsBen(active, 'Active');
    const activeRow = rowOf(page, active);
    await activeRow.waitFor();
    expect(await statusOf(activeRow)).toBe('Active');
    // Promote opens Create Promotion for the business (decision 0048): apps/admin-promotions/src/paid-placement.e2e.spec.ts.
    await more(page, active, 'Suspend');
    const suspend = page.getByRole('dialog', { name: 'Suspend business' });
    await suspend.getByLabel('Reason').fill('Complaints under review');
    await assertAccessible(page, 'Suspend business dialog');
    await suspend.getByRole('button', { name: 'Suspend' }).click();
    await page.getByText(`"${active}" suspended`).waitFor();
    await activeRow.getByText('Reason: Complaints under review').waitFor();
    expect(await statusOf(activeRow)).toBe('Suspended');
    expect((await server(page, other.id)).body).toMatchObject({ status: 'Suspended', suspensionReason: 'Complaints under review' });
    // Suspend is offered only on Active businesses.
    await page.getByRole('button', { name: `More actions for ${active}` }).click();
    const items = await page.getByRole('menu', { name: `More actions for ${active}` }).getByRole('menuitem').allTextContents();
    expect(items).toEqual(['Reject', 'Delete']);
    await page.keyboard.press('Escape');

    // Delete, after a confirmation: gone from the page and from the server.
    await more(page, added, 'Delete');
    const remove = page.getByRole('dialog', { name: 'Delete business' });
    await remove.getByText(`Delete ${added}?`).waitFor();
    await assertAccessible(page, 'Delete business dialog');
    await remove.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`"${added}" deleted`).waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await server(page, id)).status).toBe(404);
    expect(await rowOf(page, active).count()).toBe(1);
    await page.close();
  }, 90_000);

  it('rolls back only the listing the server refuses in a bulk status change', async () => {
    const names = ['Bulk Willow Chapel', 'Bulk Willow Registry', 'Bulk Willow Solicitors'];
    const listings = [];
    for (const name of names) listings.push(await createAsBen(name, 'Active'));
    const [one, gone, three] = listings as [Listing, Listing, Listing];

    // No live updates on this page, and the list's refetches can be held to see the rollback itself.
    let hold = false;
    const held: Route[] = [];
    const page = await openListings('Bulk Willow', async (p) => {
      await p.route('**/socket.io/**', (r) => r.abort());
      await p.route(
        (url) => url.pathname === '/api/admin/listings',
        (r) => (hold && r.request().method() === 'GET' ? void held.push(r) : r.continue()),
      );
    });
    for (const name of names) await rowOf(page, name).waitFor();
    for (const name of names) await page.getByLabel(`Select ${name}`).check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByText('3 selected').waitFor();

    // Ben deletes one of them; Ada's page does not hear of it and still shows it.
    expect((await ben.fetch(`/api/admin/listings/${gone.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await server(page, gone.id)).status).toBe(404);
    expect(await statusOf(rowOf(page, names[1]!))).toBe('Active');

    hold = true;
    await page.getByLabel('Change status to').selectOption('Inactive');
    await page.getByRole('button', { name: 'Apply status' }).click();
    await page.getByRole('alert').filter({ hasText: LISTING_ADMIN_MESSAGES.bulkUpdateFailed(LISTING_ADMIN_MESSAGES.notFound(gone.id)) }).waitFor();
    await page.getByText('Updated 2 businesses').waitFor();
    expect(await statusOf(rowOf(page, names[0]!))).toBe('Inactive');
    expect(await statusOf(rowOf(page, names[2]!))).toBe('Inactive');
    expect(await statusOf(rowOf(page, names[1]!))).toBe('Active');
    // The refused one stays selected to try again.
    expect(await page.getByLabel(`Select ${names[1]}`).isChecked()).toBe(true);
    expect(await page.getByLabel(`Select ${names[0]}`).isChecked()).toBe(false);
    await shot(page, 'bulk-rollback-1280');
    expect((await server(page, one.id)).body.status).toBe('Inactive');
    expect((await server(page, three.id)).body.status).toBe('Inactive');
    expect((await server(page, gone.id)).status).toBe(404);

    // Once the held refetch answers, the page shows what the server holds: the deleted one is gone.
    hold = false;
    for (const r of held.splice(0)) await r.continue();
    await rowOf(page, names[1]!).waitFor({ state: 'detached' });
    expect(await statusOf(rowOf(page, names[0]!))).toBe('Inactive');
    await page.close();
  }, 60_000);

  it('opens and closes the Add dialog and a row menu with the keyboard, focus returning', async () => {
    const name = 'Keyboard Meadow Chapel';
    await createAsBen(name, 'Active');
    const page = await openListings('Keyboard Meadow');
    await rowOf(page, name).waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') || document.activeElement?.textContent?.trim() || '');

    // Tab to Add New Business from the top of the section (the search box comes after it).
    await page.getByRole('heading', { level: 1, name: 'Local Businesses' }).focus();
    for (let i = 0; i < 10 && (await focused()) !== 'Add New Business'; i++) await page.keyboard.press('Tab');
    expect(await focused()).toBe('Add New Business');
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'Add New Business' });
    await form.waitFor();
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent?.includes('Business name') ?? false);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Add New Business');

    // The row menu: Enter opens on the first item, arrows move, Escape closes back to the button.
    const button = page.getByRole('button', { name: `More actions for ${name}` });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: `More actions for ${name}` });
    await menu.waitFor();
    expect(await button.getAttribute('aria-haspopup')).toBe('menu');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await focused()).toBe('Reject');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Suspend');
    await page.keyboard.press('End');
    expect(await focused()).toBe('Delete');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Reject');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await focused()).toBe(`More actions for ${name}`);
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    // A dialog opened from the menu returns focus to the menu button.
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe('Delete');
    await page.keyboard.press('Enter');
    const remove = page.getByRole('dialog', { name: 'Delete business' });
    await remove.waitFor();
    await page.keyboard.press('Escape');
    await remove.waitFor({ state: 'detached' });
    await page.waitForFunction((label) => document.activeElement?.getAttribute('aria-label') === label, `More actions for ${name}`);
    expect(await statusOf(rowOf(page, name))).toBe('Active');
    await page.close();
  }, 60_000);

  it('shows one card per business at 375 px without sideways scrolling', async () => {
    const page = await openListings('Keyboard Meadow');
    await page.setViewportSize({ width: 375, height: 800 });
    const row = rowOf(page, 'Keyboard Meadow Chapel');
    await row.waitFor();
    await row.getByRole('button', { name: 'More actions for Keyboard Meadow Chapel' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    // One heading for the section: the shell's h1; the remote's subsections use h2.
    expect(await page.getByRole('heading', { name: 'Local Businesses' }).count()).toBe(1);
    await shot(page, 'cards-375');
    await page.close();
  }, 30_000);
});
