import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { RecordInteractionsRequestSchema } from '@afterwards/contracts';
import { useProductAndBrowser, type RunningProduct } from '@afterwards/testing';

const LEEDS = { latitude: 53.7996, longitude: -1.5491 };
const INTERACTIONS = '/api/directory/interactions';

/** Finding places, the visitor's location, suggestions and interaction tracking on the built product. */
describe('finder: places, location, suggestions and tracking in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  useProductAndBrowser({ profile: 'embedded', seedCount: 200 }, (started) => ({ product, browser } = started));

  afterEach(async () => {
    await context?.close();
  });

  async function open(options: Parameters<Browser['newContext']>[0] = {}) {
    context = await browser.newContext(options);
    page = await context.newPage();
  }
  const api = async (query: string) => (await fetch(`${product.url}/api/directory/listings?${query}`)).json();
  const cardNames = async () => (await page.getByTestId('listing-card').locator('h3').allTextContents()).map((n) => n.trim());

  it.each([
    ['a postcode', 'SW1A 1AA'],
    ['a postcode district', 'M1'],
    ['a town', 'Leeds'],
    ['an Irish town', 'Cork'],
  ])('finds services near %s (%s)', async (_kind, place) => {
    await open();
    await page.goto(`${product.url}/resources`);
    await page.getByLabel('Location').fill(place);
    const expected = await api(`category=all&location=${encodeURIComponent(place)}`);
    expect(expected.searchType).toBe('nearby');
    expect(expected.total).toBeGreaterThan(0);
    await page.getByText(`Within 25 miles of ${expected.place.label}`).waitFor();
    await page.getByTestId('result-count').filter({ hasText: new RegExp(`^${expected.total} services? found`) }).waitFor();
    expect(await cardNames()).toEqual(expected.listings.map((l: { name: string }) => l.name));
    expect(await page.getByTestId('listing-card').first().textContent()).toMatch(/\d+\.\d miles away/);
  });

  it('uses the emulated position when location is allowed, and View on Maps opens there', async () => {
    await open();
    await context.grantPermissions(['geolocation'], { origin: product.url });
    await context.setGeolocation(LEEDS);
    await page.goto(`${product.url}/resources`);
    const status = page.getByTestId('location-status');
    await status.filter({ hasText: 'Location found - Showing services near you.' }).waitFor();
    await status.getByRole('button', { name: 'Update location' }).waitFor();
    await page.getByText('Within 25 miles of your location').waitFor();
    const expected = await api(`category=all&lat=${LEEDS.latitude.toFixed(5)}&lng=${LEEDS.longitude.toFixed(5)}`);
    await page.getByTestId('result-count').filter({ hasText: new RegExp(`^${expected.total} services? found`) }).waitFor();
    expect(await cardNames()).toEqual(expected.listings.map((l: { name: string }) => l.name));
    expect(await page.getByTestId('view-on-maps').getAttribute('href')).toBe('https://www.google.com/maps/@53.79960,-1.54910,14z');
  });

  it('says so when location is refused, offers Try again and lists every active service', async () => {
    await open(); // no permission: the browser refuses
    await page.goto(`${product.url}/resources`);
    await page.getByRole('button', { name: 'Use my location' }).click();
    const status = page.getByTestId('location-status');
    await status.filter({ hasText: 'Location access denied - Use search to find services by area' }).waitFor();
    await status.getByRole('button', { name: 'Try again' }).waitFor();
    const all = await api('category=all');
    expect(all.searchType).toBe('all');
    await page.getByTestId('result-count').filter({ hasText: new RegExp(`^${all.total} services? found`) }).waitFor();
    expect(await page.getByTestId('view-on-maps').getAttribute('href')).toBe('https://www.google.com/maps');
  });

  it('suggests places while typing; arrow keys and Enter, or a click, choose one and search by it', async () => {
    await open();
    await page.goto(`${product.url}/resources`);
    const box = page.getByRole('combobox', { name: 'Location' });
    const listbox = page.getByRole('listbox', { name: 'Suggested places' });
    await box.pressSequentially('Leed', { delay: 30 });
    await listbox.getByRole('option', { name: /^Leeds\b/ }).first().waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    const labels = await listbox.locator('.aw-combobox__label').allTextContents();
    await box.press('ArrowDown');
    const activeId = await box.getAttribute('aria-activedescendant');
    expect(activeId).toBeTruthy();
    expect(await page.locator(`[id="${activeId}"]`).getAttribute('aria-selected')).toBe('true');
    await box.press('Enter');
    await listbox.waitFor({ state: 'hidden' });
    expect(await box.inputValue()).toBe(labels[0]);
    const expected = await api(`category=all&location=${encodeURIComponent(labels[0]!)}`);
    await page.getByText(`Within 25 miles of ${expected.place.label}`).waitFor();

    // Escape closes the list and keeps the text.
    await box.fill('');
    await box.pressSequentially('Cor', { delay: 30 });
    const cork = listbox.getByRole('option', { name: /^Cork\b/ });
    await cork.waitFor();
    await box.press('Escape');
    await listbox.waitFor({ state: 'hidden' });
    expect(await box.inputValue()).toBe('Cor');
    await box.press('ArrowDown');
    await cork.click();
    expect(await box.inputValue()).toBe('Cork');
    await page.getByText('Within 25 miles of Cork').waitFor();
  });

  it('sends no interaction before analytics consent, then batches the views and logs actions', async () => {
    await open();
    context.on('page', (popup) => void popup.close()); // Website links open a new tab
    const sent: Request[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === INTERACTIONS) sent.push(r);
    });
    await page.goto(`${product.url}/resources`);
    await page.getByLabel('Location').fill('Leeds');
    await page.getByText('Within 25 miles of Leeds').waitFor();
    const shown = await page.getByTestId('listing-card').count();
    expect(shown).toBeGreaterThan(0);
    await page.getByTestId('listing-card').first().getByRole('link', { name: /^Website of/ }).click();
    // Prove the page has had time to send anything it would send: a round trip to the server after the click.
    await page.evaluate(() => fetch('/api/health/ready'));
    expect(sent).toHaveLength(0);

    const firstBatch = page.waitForRequest((r) => new URL(r.url()).pathname === INTERACTIONS);
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Accept All Cookies' }).click();
    const request = await firstBatch;
    const body = RecordInteractionsRequestSchema.parse(request.postDataJSON());
    expect(body.page).toBe('resources');
    expect(body.interactions.filter((i) => i.action === 'view')).toHaveLength(shown);
    const response = await request.response();
    expect(response?.status()).toBe(202);

    const actionBatch = page.waitForRequest((r) => new URL(r.url()).pathname === INTERACTIONS && r !== request);
    const first = page.getByTestId('listing-card').first();
    await first.getByRole('link', { name: /^Website of/ }).click();
    const second = RecordInteractionsRequestSchema.parse((await actionBatch).postDataJSON());
    expect(second.interactions).toEqual([expect.objectContaining({ action: 'website', listingId: body.interactions[0]!.listingId })]);
    expect(second.sessionId).toBe(body.sessionId);
  });
});
