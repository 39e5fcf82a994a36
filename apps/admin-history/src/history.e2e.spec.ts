import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AdminListingFormSchema, type AdminListing } from '@afterwards/contracts';
import {
  assertAccessible,
  createStaff,
  expectStatus,
  newFamilySession,
  newStaffSession,
  signInAtAdmin,
  staffContext,
  useProductAndBrowser,
  type HttpSession,
  type RunningProduct,
  screenshot,
} from '@afterwards/testing';

// The History screen in the browser against the built product (services profile): a reviewer follows a
// listing's History link from Local Businesses, reads its events, steps back to version 1 and sees the
// original name, follows a correlation, filters the global log and exports the CSV; an auditor has no
// control that writes, and the API refuses their write; a family's memory shows none of its words.
// SCREENSHOT_DIR=... saves screenshots to look at.
const shot = (page: Page, name: string) => screenshot(page, name, { fullPage: true });

const ADA = { email: 'ada.history@example.test', name: 'Ada Archer', password: 'quiet-harbour-91' };
const RORY = { email: 'rory.history@example.test', name: 'Rory Reviewer', password: 'quiet-harbour-92' };
const FAMILY = { email: 'zephyrine.family@example.test', password: 'quiet-harbour-93' };
const ORIGINAL = 'Original Name Florists';
const RENAMED = 'Renamed Florists';
const TYPES = ['ListingSubmitted', 'ListingEdited', 'ListingApproved', 'ListingPromoted', 'ListingSuspended'];

describe('History in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  /** Rory, the auditor, is the reviewer in the browser. */
  let context: BrowserContext;
  let ada: HttpSession;
  let listingId: string;

  // Declared before useProductAndBrowser's hooks: Jest runs after-hooks in that order, so this runs before the browser closes.
  afterAll(() => context?.close());
  useProductAndBrowser({ profile: 'services', seedCount: 2 }, async (started) => {
    ({ product, browser } = started);
    ada = await newStaffSession(product, ADA, { userAgent: 'history-e2e' });
    await createStaff(product, RORY, 'auditor');

    // Ada submits, edits, approves, promotes and suspends one listing.
    const created = await expectStatus<AdminListing>(ada.json('/api/admin/listings', { method: 'POST', json: { name: ORIGINAL, category: 'Funeral Directors', location: 'Leeds', status: 'Pending Review' } }), 201);
    const form = Object.fromEntries(Object.keys(AdminListingFormSchema.shape).filter((k) => k !== 'status').map((k) => [k, (created as Record<string, unknown>)[k]]));
    await expectStatus(ada.json(`/api/admin/listings/${created.id}`, { method: 'PUT', json: { ...form, name: RENAMED, expectedVersion: created.version } }));
    await expectStatus(ada.json(`/api/admin/listings/${created.id}/approve`, { method: 'POST' }));
    // A featured place comes with a promotion (decision 0048): Ada sells one; the product features the listing.
    const { today } = await expectStatus<{ today: string }>(ada.json('/api/admin/promotions'));
    await expectStatus(ada.json('/api/admin/promotions', { method: 'POST', json: { listingId: created.id, plan: '1-month', startDate: today, position: 2 } }), 201);
    for (let i = 0; i < 100 && !(await expectStatus<AdminListing>(ada.json(`/api/admin/listings/${created.id}`))).promoted; i++) await new Promise((r) => setTimeout(r, 100));
    await expectStatus(ada.json(`/api/admin/listings/${created.id}/suspend`, { method: 'POST', json: { reason: 'Complaints' } }));
    listingId = created.id;

    context = await staffContext(browser, { acceptDownloads: true });
    const page = await context.newPage();
    await signInAtAdmin(page, product, RORY);
    await page.close();
  });

  const eventTitles = async (page: Page) => (await page.locator('article.hi-event h3').allTextContents()).map((t) => t.replace(/^v\d+\s*/, '').trim());

  it("opens a listing's history from Local Businesses, steps back to version 1, follows a correlation, filters the log and exports the CSV", async () => {
    const page = await context.newPage();
    await page.goto(`${product.url}/admin/`);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Local Businesses' }).click();
    await page.getByRole('link', { name: `History of ${RENAMED}` }).click();

    await page.getByRole('heading', { level: 1, name: 'History' }).waitFor();
    await page.getByRole('heading', { level: 2, name: `History of ${RENAMED}` }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/admin/history?stream=listing-${listingId}`);
    expect(await eventTitles(page)).toEqual(TYPES);
    const first = page.locator('article.hi-event').first();
    expect(await first.locator('.hi-fact', { hasText: 'Who' }).textContent()).toContain(ADA.name);
    await page.getByText('Audit trail intact').waitFor();
    await shot(page, 'stream-1280');

    // Version 1 is the listing as submitted, with its original name.
    await page.getByRole('button', { name: 'State at version 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'State at version 1' });
    await dialog.getByTestId('hi-state').waitFor();
    expect(await dialog.getByTestId('hi-state').textContent()).toContain(ORIGINAL);
    expect(await dialog.getByTestId('hi-state').textContent()).not.toContain(RENAMED);
    await assertAccessible(page, 'State at version 1 dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Version 2 changed the name: the diff shows before and after.
    await page.getByRole('button', { name: 'State at version 2' }).click();
    const v2 = page.getByRole('dialog', { name: 'State at version 2' });
    const nameRow = v2.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'details.name', exact: true }) });
    await nameRow.waitFor();
    expect((await nameRow.locator('td').allTextContents()).map((t) => t.trim())).toEqual(['Changed', ORIGINAL, RENAMED]);
    await assertAccessible(page, 'State at version 2 dialog, with its changes');
    await shot(page, 'state-1280');
    await page.keyboard.press('Escape');
    await v2.waitFor({ state: 'detached' });

    // The CSV export downloads every event of the stream.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`listing-${listingId}-history.csv`);
    const csv = fs.readFileSync((await download.path())!, 'utf8').trim().split(/\r?\n/);
    expect(csv[0]).toMatch(/^version,type,position,recorded_at,actor/);
    expect(csv.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual(TYPES.map((t, i) => `${i + 1},${t}`));
    expect(csv.join('\n')).toContain(ADA.name);

    // The submit's correlation leads to the same record.
    await first.getByRole('button', { name: /^Follow correlation / }).click();
    await page.getByRole('heading', { level: 2, name: 'One request across records' }).waitFor();
    await page.getByRole('button', { name: `listing-${listingId}` }).first().waitFor();
    expect(new URL(page.url()).searchParams.get('correlation')).toBeTruthy();

    // The global log, filtered by type and by who.
    await page.getByRole('button', { name: 'All events' }).click();
    await page.getByRole('heading', { level: 2, name: 'All events' }).waitFor();
    await page.getByLabel('Event type').selectOption('ListingSuspended');
    await page.getByLabel('Who').selectOption({ label: ADA.name });
    await page.waitForFunction(() => document.querySelectorAll('article.hi-event').length === 1);
    expect(await eventTitles(page)).toEqual(['ListingSuspended']);
    await page.getByLabel('Who').selectOption('system');
    await page.getByText('No events match these filters.').waitFor();
    await shot(page, 'log-1280');

    // A reload keeps the view; the phone layout has no sideways scroll.
    await page.goto(`${product.url}/admin/history?stream=listing-${listingId}`);
    await page.getByRole('heading', { level: 2, name: `History of ${RENAMED}` }).waitFor();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.locator('article.hi-event').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'stream-375');
    await page.getByRole('button', { name: 'State at version 2' }).click();
    await page.getByRole('dialog', { name: 'State at version 2' }).getByText('details.name', { exact: true }).waitFor();
    await shot(page, 'state-375');
    await page.close();
  });

  it('gives an auditor no control that writes, and the API refuses their write', async () => {
    const page = await context.newPage();
    await page.goto(`${product.url}/admin/history?stream=listing-${listingId}`);
    await page.getByRole('heading', { level: 2, name: `History of ${RENAMED}` }).waitFor();
    const buttons = (await page.locator('#main button, #main a').allTextContents()).map((t) => t.trim());
    expect(buttons.filter((b) => /^(Edit|Approve|Reject|Suspend|Delete|Save|Create|Renew|Cancel|Promote)\b/.test(b))).toEqual([]);
    expect(await page.locator('#main input:not([type=search]):not([type=datetime-local]), #main textarea').count()).toBe(0);

    const status = await page.evaluate(async (id) => {
      const res = await fetch(`/api/admin/listings/${id}/approve`, { method: 'POST', credentials: 'same-origin' });
      return res.status;
    }, listingId);
    expect(status).toBe(403);
    const listing = await ada.json<AdminListing>(`/api/admin/listings/${listingId}`);
    expect(listing.body.status).toBe('Suspended');
    await page.close();
  });

  it("shows a family's memory without any of its words", async () => {
    const family = await newFamilySession(product, FAMILY);
    const created = await family.json<{ memory: { id: string } }>('/api/memories', {
      method: 'POST',
      json: { name: 'Zephyrine Quillfeather memorial', deceasedName: 'Zephyrine Quillfeather', jurisdiction: 'England' },
    });
    expect(created.status).toBe(201);
    const memoryId = created.body.memory.id;
    const note = await family.json(`/api/memories/${memoryId}/notes`, { method: 'POST', json: { title: 'Lullaby for Marigold', content: 'She hummed it every evening by the harbour' } });
    expect(note.status).toBe(201);

    const page = await context.newPage();
    await page.goto(`${product.url}/admin/history?stream=case-${memoryId}`);
    await page.getByRole('heading', { level: 2, name: 'History of Memory' }).waitFor();
    await page.getByText("A family's memory").waitFor();
    expect((await page.locator('article.hi-event').count()) >= 2).toBe(true);
    await page.getByRole('button', { name: /^State at version/ }).last().click();
    await page.getByRole('dialog').getByText("The values of a family's memory are not shown.").waitFor();
    await shot(page, 'memory-1280');

    const secrets = [/Zephyrine/i, /Quillfeather/i, /Marigold/i, /Lullaby/i, /hummed/i, /harbour/i, /zephyrine\.family/i];
    const text = await page.evaluate(() => document.body.innerText);
    const html = await page.content();
    for (const secret of secrets) {
      expect(text).not.toMatch(secret);
      expect(html).not.toMatch(secret);
    }
    expect(text).toContain('Family member');
    await page.close();
  });
});
