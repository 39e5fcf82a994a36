import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { PROMOTION_MESSAGES, type AdminPromotion, type AdminPromotionList, type AdminSettingsResponse } from '@afterwards/contracts';
import { addDays } from '@afterwards/checklist-domain';
import { assertAccessible, HttpSession, staffSignedIn, startWithStaff, type StaffScreens, type RunningProduct, screenshot } from '@afterwards/testing';
import { formatCalendarDate } from './promotion-view';

// Promotion Management in the browser against the built product (admin spec: Promotion Management,
// Promotion rules, messages): the empty screen and the Dashboard's quick action, creating a promotion
// with the form's own messages first, the business going to the top of the public finder in another open
// page and back when the promotion is cancelled, a renewal priced from the Settings of the moment, and the
// phone layout. Every step checks both what the person sees and what the server holds.
// SCREENSHOT_DIR=... saves screenshots to look at.
const shot = (page: Page, name: string) => screenshot(page, name, { fullPage: true });

const ADA = { email: 'ada.promotions@example.test', name: 'Ada Admin', password: 'quiet-harbour-70' };
const BEN = { email: 'ben.promotions@example.test', name: 'Ben Okafor', password: 'steady-lantern-41' };
/** Three Active businesses in one town, so the finder has an order for a promotion to change. */
const LEEDS = ['Aire Valley Funeral Care', 'Briggate Bereavement Support', 'Calverley Memorial Services'];

describe('Promotions in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  let context: BrowserContext;
  /** Ben: the other staff member, changing things behind the page's back. */
  let ben: HttpSession;

  let screens: StaffScreens;

  beforeAll(async () => {
    // Ada signs in once through the /admin sign-in screen; every page of the context shares her session.
    screens = await startWithStaff({ profile: 'services', seedCount: 0, staff: [ADA, BEN] });
    ({ product, browser, context } = screens);
    ben = await staffSignedIn(product, BEN, 'promotions-e2e');
  }, 180_000);

  afterAll(() => screens?.stop());

  /** A new page of the staff area on the Promotions section, its list loaded. */
  async function openPromotions(): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${product.url}/admin/`);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Promotions' }).click();
    await page.getByRole('heading', { level: 1, name: 'Promotions' }).waitFor();
    await page.getByText(/^\d+ shown/).waitFor();
    return page;
  }

  const cardOf = (page: Page, business: string): Locator => page.locator('article.pm-card').filter({ has: page.getByRole('heading', { level: 3, name: business, exact: true }) });
  const statusOf = async (card: Locator) => (await card.getByTestId('promotion-status').textContent())?.replace('Status: ', '').trim();
  const fact = (card: Locator, label: string) => card.locator('.pm-fact').filter({ has: card.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

  async function serverList(): Promise<AdminPromotionList> {
    const res = await ben.json<AdminPromotionList>('/api/admin/promotions');
    expect(res.status).toBe(200);
    return res.body;
  }
  async function createListing(name: string): Promise<string> {
    const res = await ben.json<{ id: string }>('/api/admin/listings', { method: 'POST', json: { name, category: 'Funeral Directors', location: 'Leeds', status: 'Active' } });
    expect(res.status).toBe(201);
    return res.body.id;
  }
  async function changeSettings(change: (s: AdminSettingsResponse['settings']) => AdminSettingsResponse['settings']) {
    const current = (await ben.json<AdminSettingsResponse>('/api/admin/settings')).body;
    const saved = await ben.json('/api/admin/settings', { method: 'PUT', json: { settings: change(current.settings), expectedVersion: current.version } });
    expect(saved.status).toBe(200);
  }
  /** The finder's business names, top first. */
  const finderNames = async (finder: Page) => (await finder.getByTestId('listing-card').locator('h3').allTextContents()).map((n) => n.trim());

  it('lands on an empty Promotions screen from the Dashboard with the create dialog open, and refuses to create without an Active business', async () => {
    const page = await context.newPage();
    await page.goto(`${product.url}/admin/`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: /Create Promotion/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Promotions' }).waitFor();
    const form = page.getByRole('dialog', { name: 'Create Promotion' });
    await form.getByText(PROMOTION_MESSAGES.noActiveBusinesses).waitFor();
    expect(await form.getByRole('button', { name: 'Create Promotion' }).isDisabled()).toBe(true);
    await assertAccessible(page, 'Create Promotion dialog, no Active business');
    await shot(page, 'no-businesses-1280');

    // Escape closes the dialog; the empty state offers the first promotion, and opens the same form.
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    await page.getByText(PROMOTION_MESSAGES.empty).waitFor();
    const first = page.getByRole('button', { name: 'Create First Promotion' });
    await first.click();
    await form.getByText(PROMOTION_MESSAGES.noActiveBusinesses).waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Create First Promotion');
    expect((await serverList()).promotions).toHaveLength(0);
    await shot(page, 'empty-1280');
    await page.close();
  }, 60_000);

  it('creates a promotion that puts the business first in an open finder at once, and cancelling it puts the business back', async () => {
    for (const name of LEEDS) await createListing(name);
    // The public finder, open in another page: the three businesses in their unpromoted order.
    const finder = await browser.newPage();
    await finder.goto(`${product.url}/resources`);
    await finder.getByLabel('Location').fill('Leeds');
    await finder.getByTestId('result-count').filter({ hasText: /^3 services found/ }).waitFor();
    const before = await finderNames(finder);
    expect([...before].sort()).toEqual(LEEDS);
    const target = before[before.length - 1]!;

    const page = await openPromotions();
    const { today } = await serverList();
    let posts = 0;
    page.on('request', (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/admin/promotions' && posts++);
    await page.getByRole('button', { name: 'Create First Promotion' }).click();
    const form = page.getByRole('dialog', { name: 'Create Promotion' });
    // Nothing is sent until the form is right, and the messages are the spec's.
    await form.getByRole('button', { name: 'Create Promotion' }).click();
    await form.getByText(PROMOTION_MESSAGES.selectBusiness).waitFor();
    await form.getByLabel('Business').selectOption({ label: `${target} · Leeds` });
    await form.getByLabel('Promotion type').selectOption({ label: '14-Day Boost' });
    await form.getByText('£49 for 14 days').waitFor();
    await form.getByTestId('promotion-end-date').filter({ hasText: formatCalendarDate(addDays(today, 14)) }).waitFor();
    await form.getByLabel('Start date').fill(addDays(today, -1));
    await form.getByLabel('Display position').fill('0');
    await form.getByRole('button', { name: 'Create Promotion' }).click();
    await form.getByText(PROMOTION_MESSAGES.startNotPast).waitFor();
    await form.getByText(PROMOTION_MESSAGES.position).waitFor();
    // Auto-renew is offered only with the monthly plan.
    expect(await form.getByRole('switch', { name: 'Auto-renew' }).count()).toBe(0);
    expect(posts).toBe(0);
    await assertAccessible(page, 'Create Promotion dialog, with its errors');
    await shot(page, 'create-errors-1280');
    await form.getByLabel('Start date').fill(today);
    await form.getByLabel('Display position').fill('1');
    await form.getByRole('button', { name: 'Create Promotion' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByText(PROMOTION_MESSAGES.created(target)).waitFor();

    const card = cardOf(page, target);
    await card.waitFor();
    expect(await statusOf(card)).toBe('Active');
    await card.getByText('Position #1').waitFor();
    await card.getByText('14-Day Boost').waitFor();
    expect(await fact(card, 'Days remaining').textContent()).toBe('14 days');
    expect(await fact(card, 'Amount').textContent()).toBe('£49');
    const created = (await serverList()).promotions.find((p) => p.businessName === target)!;
    expect(created).toMatchObject({ status: 'Active', plan: '14-day', startDate: today, endDate: addDays(today, 14), position: 1, amount: 49, paymentStatus: 'Paid' });
    await shot(page, 'created-1280');

    // The open finder shows the business first, featured, without a reload.
    await finder.waitForFunction((name) => document.querySelector('[data-testid="listing-card"] h3')?.textContent?.trim() === name, target, { timeout: 5_000 });
    await finder.getByTestId('listing-card').first().getByText('Featured').waitFor();

    // Cancel asks first; keeping it changes nothing.
    await card.getByRole('button', { name: `Cancel promotion for ${target}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel promotion' });
    await confirm.getByText(`Cancel the promotion for ${target}?`).waitFor();
    await assertAccessible(page, 'Cancel promotion dialog');
    await confirm.getByRole('button', { name: 'Keep Promotion' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await serverList()).promotions.find((p) => p.id === created.id)?.status).toBe('Active');
    await card.getByRole('button', { name: `Cancel promotion for ${target}` }).click();
    await confirm.getByRole('button', { name: 'Cancel Promotion' }).click();
    await page.getByText(PROMOTION_MESSAGES.cancelled).waitFor();
    expect(await statusOf(card)).toBe('Cancelled');
    expect(await fact(card, 'Days remaining').textContent()).toBe('Expired');
    expect(await card.getByRole('button', { name: `Cancel promotion for ${target}` }).count()).toBe(0);
    expect(await card.getByRole('button', { name: `Edit promotion for ${target}` }).count()).toBe(0);
    expect((await serverList()).promotions.find((p) => p.id === created.id)).toMatchObject({ status: 'Cancelled', endDate: today, daysRemaining: 0 });

    // And the finder goes back to the order it had.
    await finder.waitForFunction(
      (names) => [...document.querySelectorAll('[data-testid="listing-card"] h3')].map((h) => h.textContent?.trim()).join('|') === names.join('|'),
      before,
      { timeout: 5_000 },
    );
    // The success message clears by itself.
    await page.getByText(PROMOTION_MESSAGES.cancelled).waitFor({ state: 'detached', timeout: 6_000 });
    await finder.close();
    await page.close();
  }, 120_000);

  it('renews a promotion with 2 days left after a confirmation naming the new end date and the price in Settings now', async () => {
    const business = LEEDS[0]!;
    const listingId = (await ben.json<{ listings: { id: string; name: string }[] }>(`/api/admin/listings?q=${encodeURIComponent(business)}`)).body.listings.find((l) => l.name === business)!.id;
    const page = await openPromotions();
    const { today } = await serverList();

    // A 2-day 14-Day Boost, sold by Ben: Ada's open page hears of it.
    await changeSettings((s) => ({ ...s, promotionPricing: { ...s.promotionPricing, '14-day': { ...s.promotionPricing['14-day'], durationDays: 2 } } }));
    const sold = await ben.json<AdminPromotion>('/api/admin/promotions', { method: 'POST', json: { listingId, plan: '14-day', startDate: today, position: 2 } });
    expect(sold.status).toBe(201);
    expect(sold.body).toMatchObject({ status: 'Active', endDate: addDays(today, 2), daysRemaining: 2 });
    const card = cardOf(page, business);
    await card.waitFor({ timeout: 5_000 });
    await card.getByText(`Ends in 2 days, on ${formatCalendarDate(addDays(today, 2))}.`).waitFor();
    expect(await fact(card, 'Days remaining').textContent()).toBe('2 days');
    await shot(page, 'expiring-1280');

    // The plan goes back to 14 days at a new price: the renewal takes what Settings say now.
    await changeSettings((s) => ({ ...s, promotionPricing: { ...s.promotionPricing, '14-day': { ...s.promotionPricing['14-day'], durationDays: 14, price: 59 } } }));
    const renewedUntil = addDays(today, 2 + 14);
    await card.getByRole('button', { name: `Renew promotion for ${business}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Renew promotion' });
    await confirm.getByText(`It will run until ${formatCalendarDate(renewedUntil)}, for £59.`).waitFor();
    await assertAccessible(page, 'Renew promotion dialog');
    await confirm.getByRole('button', { name: 'Renew' }).click();
    await page.getByText(PROMOTION_MESSAGES.renewed(business, formatCalendarDate(renewedUntil))).waitFor();
    expect(await fact(card, 'End date').textContent()).toBe(formatCalendarDate(renewedUntil));
    expect(await fact(card, 'Days remaining').textContent()).toBe('16 days');
    await card.getByText('£108 in total · period 2').waitFor();
    expect(await card.getByText(/^Ends in /).count()).toBe(0);
    expect(await card.getByRole('button', { name: `Renew promotion for ${business}` }).count()).toBe(0);
    const renewed = (await serverList()).promotions.find((p) => p.id === sold.body.id)!;
    expect(renewed).toMatchObject({ status: 'Active', endDate: renewedUntil, period: 2, amount: 59, revenue: 108 });
    await shot(page, 'renewed-1280');

    // Edit while Active: the plan and start date are fixed, the position is not. Ben moves it first, so
    // Ada's save is refused and her form shows what is there now.
    await card.getByRole('button', { name: `Edit promotion for ${business}` }).click();
    const form = page.getByRole('dialog', { name: 'Edit Promotion' });
    const position = form.getByLabel('Display position');
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent?.includes('Display position') ?? false);
    expect(await form.getByLabel('Promotion type').isDisabled()).toBe(true);
    expect(await form.getByLabel('Start date').isDisabled()).toBe(true);
    expect(await form.getByTestId('promotion-end-date').textContent()).toBe(formatCalendarDate(renewedUntil));
    expect((await ben.json(`/api/admin/promotions/${renewed.id}`, { method: 'PUT', json: { expectedVersion: renewed.version, position: 5 } })).status).toBe(200);
    await position.fill('3');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await form.getByText(PROMOTION_MESSAGES.changed).waitFor();
    expect(await position.inputValue()).toBe('5');
    await assertAccessible(page, 'Edit Promotion dialog, changed by someone else');
    await position.fill('3');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByText(PROMOTION_MESSAGES.updated).waitFor();
    await card.getByText('Position #3').waitFor();
    expect((await serverList()).promotions.find((p) => p.id === sold.body.id)).toMatchObject({ position: 3, endDate: renewedUntil });
    await page.close();
  }, 90_000);

  it('shows an auditor every promotion and no action', async () => {
    const auditor = { email: 'cara.promotions@example.test', name: 'Cara Reid', password: 'patient-meadow-22' };
    product.tool('create-admin', '--email', auditor.email, '--name', auditor.name, '--password', auditor.password, '--role', 'auditor');
    const own = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/London', viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await own.newPage();
    await page.goto(`${product.url}/admin/`);
    await page.getByLabel('Email address').fill(auditor.email);
    await page.getByLabel('Password', { exact: true }).fill(auditor.password);
    await page.getByRole('button', { name: /secure sign in/i }).click();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Promotions' }).click();
    await page.getByText('Read-only access').waitFor();
    await cardOf(page, LEEDS[0]!).waitFor();
    expect(await page.locator('article.pm-card').count()).toBe(2);
    expect(await page.getByRole('button', { name: /Create Promotion|Edit promotion|Renew promotion|Cancel promotion/ }).count()).toBe(0);
    await own.close();
  }, 60_000);

  it('shows the cards at 375 px without sideways scrolling, with one heading for the section', async () => {
    const page = await openPromotions();
    await page.setViewportSize({ width: 375, height: 800 });
    await cardOf(page, LEEDS[0]!).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    expect(await page.getByRole('heading', { name: 'Promotions', exact: true }).count()).toBe(1);
    await shot(page, 'cards-375');
    await page.getByRole('button', { name: 'Create Promotion' }).click();
    await page.getByRole('dialog', { name: 'Create Promotion' }).getByLabel('Business').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await shot(page, 'create-375');
    await page.close();
  }, 60_000);
});
