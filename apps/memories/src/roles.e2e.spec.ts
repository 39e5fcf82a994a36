import type { Browser, Page } from 'playwright-core';
import {
  assertAccessible,
  familyContext,
  fillSignIn,
  latestMail,
  openDashboardTab,
  signUpVerified,
  type HttpSession,
  type RunningProduct,
  screenshot,
  useContexts,
  useProductAndBrowser,
} from '@afterwards/testing';

// Issue 40, item 7: each person is shown only what they may do and only what is true for them. Ann owns a
// memory; Cara can only view it (she has no memory of her own); Dan is invited as an editor while Ben is the
// one signed in in the browser that opens the link. SCREENSHOT_DIR=... saves screenshots to look at.
/** The whole page, or (long checklists) what the screen shows first. */
const shot = (page: Page, name: string, fullPage = true) => screenshot(page, name, { fullPage });

const PASSWORD = 'lantern-meadow-82';
const ANN = 'ann.roles@example.test';
const BEN = 'ben.roles@example.test';
const CARA = 'cara.roles@example.test';
const DAN = 'dan.roles@example.test';
const MEMORY = "Mum's affairs";
const UNSHARED = 'Everything you keep in Afterwards is encrypted and only you can see it.';

describe('roles: what each person is shown', () => {
  let product: RunningProduct;
  let browser: Browser;
  let ann: HttpSession;
  let memoryId: string;
  const contexts = useContexts('all');
  useProductAndBrowser({ profile: 'embedded', seedCount: 0 }, (started) => ({ product, browser } = started));

  const newPage = (width: number) => contexts.newPage(familyContext(browser, { width }));
  async function signIn(email: string, width: number): Promise<Page> {
    const page = await newPage(width);
    await page.goto(`${product.url}/login`);
    await fillSignIn(page, email, PASSWORD);
    await page.waitForURL(`${product.url}/dashboard`);
    return page;
  }
  const openSettings = (page: Page) => page.getByRole('button', { name: 'Settings', exact: true }).click();
  const privacyBanner = (page: Page) => page.getByRole('region', { name: 'Your privacy' });
  /** Invites by the API (the Share dialog is covered by sharing.e2e.spec.ts) and returns the e-mailed link. */
  async function invite(email: string, role: 'editor' | 'viewer'): Promise<string> {
    const sent = await ann.json(`/api/memories/${memoryId}/invitations`, { method: 'POST', json: { email, role } });
    expect(sent.status).toBe(201);
    return (await latestMail(product.outboxDir, email, { kind: 'memory-invitation' })).links[0]!;
  }

  beforeAll(async () => {
    ann = await signUpVerified(product, { email: ANN, password: PASSWORD, name: 'Ann Ellis' });
    await signUpVerified(product, { email: BEN, password: PASSWORD, name: 'Ben Ellis' });
    await signUpVerified(product, { email: DAN, password: PASSWORD, name: 'Dan Ellis' });
    const created = await ann.json<{ memory: { id: string } }>('/api/memories', {
      method: 'POST',
      json: { name: MEMORY, deceasedName: 'Margaret Ellis', jurisdiction: 'England', dateOfDeath: '2026-11-10' },
    });
    expect(created.status).toBe(201);
    memoryId = created.body.memory.id;
    const note = await ann.json(`/api/memories/${memoryId}/notes`, { method: 'POST', json: { title: 'Call with the bank', content: 'They need the death certificate.' } });
    expect(note.status).toBe(201);
  }, 180_000);

  it('while nothing is shared, the owner is told only she can see her memories', async () => {
    const page = await signIn(ANN, 1280);
    await openSettings(page);
    await privacyBanner(page).getByText(UNSHARED).waitFor();
    await openDashboardTab(page, 'Overview');
    await page.getByRole('button', { name: /Create New Memory/ }).click();
    await page
      .getByRole('dialog', { name: /Create/ })
      .getByText('Only you can see your memories.')
      .waitFor();
  }, 120_000);

  it('a person who can only view a shared memory is offered nothing she cannot do, and sees that memory', async () => {
    const link = await invite(CARA, 'viewer');
    const cara = await signUpVerified(product, { email: CARA, password: PASSWORD, name: 'Cara Ellis' });
    const token = new URL(link).searchParams.get('token')!;
    expect((await cara.json(`/api/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' })).status).toBe(200);

    for (const width of [1280, 375]) {
      const page = await signIn(CARA, width);
      await openDashboardTab(page, 'Notes');
      await page.getByRole('heading', { name: 'Notes & Documentation' }).waitFor();
      // The shared memory and its note are there; no way to write one, and no word of an empty account.
      await page.getByRole('heading', { name: MEMORY }).waitFor();
      await page.getByText('Call with the bank').waitFor();
      expect(await page.getByRole('button', { name: 'Create Note' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Add Note/ }).count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'Quick templates' }).count()).toBe(0);
      // The keyboard shortcut for a new note opens nothing for her either.
      await page.keyboard.press('Control+Shift+N');
      await page.getByRole('heading', { name: 'Notes & Documentation' }).waitFor();
      expect(await page.getByRole('dialog', { name: 'Create Note' }).count()).toBe(0);
      expect(await page.getByText('No memories yet').count()).toBe(0);
      expect(await page.getByText('Please select a case first.').count()).toBe(0);
      expect(await page.getByText('No Cases Yet').count()).toBe(0);
      // Reading a note offers no edit either.
      await page
        .getByRole('button', { name: /Call with the bank/ })
        .first()
        .click();
      const reading = page.getByRole('dialog', { name: 'Call with the bank' });
      await reading.getByText('They need the death certificate.').waitFor();
      expect(await reading.getByRole('button', { name: 'Edit' }).count()).toBe(0);
      await reading.getByRole('button', { name: 'Close' }).click();
      await assertAccessible(page, 'Notes tab of a viewer');
      await shot(page, `viewer-notes-${width}`);

      await openDashboardTab(page, 'Tasks');
      const register = page.locator('li.mem-item', { hasText: 'Register the death' });
      expect(await register.getByRole('checkbox').isDisabled()).toBe(true);
      // Why, in words; and the checklist was started by Ann, not by her.
      await page.getByText('You can see everything here and download files. Ann Ellis and the people editing this memory tick things off.').waitFor();
      await page.getByText(/^Ann Ellis started this checklist on /).waitFor();
      expect(await page.getByText(/^You started this checklist/).count()).toBe(0);
      await shot(page, `viewer-tasks-${width}`, false);

      await openDashboardTab(page, 'Documents');
      await page.getByRole('heading', { name: MEMORY }).first().waitFor();
      await page.getByText('Ann Ellis and the people editing this memory collect and upload documents.', { exact: false }).waitFor();
      expect(await page.getByRole('button', { name: /^Upload/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /Additional Documents/ }).count()).toBe(0);
      await shot(page, `viewer-documents-${width}`, false);

      await openDashboardTab(page, 'Memories');
      await page.getByText('Shared by Ann Ellis · Viewer').waitFor();
      expect(await page.getByText('No Memories Yet').count()).toBe(0);
      expect(await page.getByRole('button', { name: `Delete ${MEMORY}` }).count()).toBe(0);
      await page.getByRole('button', { name: 'View Details' }).click();
      await page.getByRole('button', { name: 'Leave this memory' }).waitFor();
      expect(await page.getByRole('button', { name: 'Share' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Edit Case' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /Download everything/i }).count()).toBe(0);
      await shot(page, `viewer-details-${width}`);

      // Nothing of hers is shared, and she writes in nobody's memory: only she can see what she keeps.
      await openSettings(page);
      await privacyBanner(page).getByText(UNSHARED).waitFor();
      await shot(page, `viewer-settings-${width}`);
    }

    // The server refuses what the screens no longer offer her.
    const detail = await cara.json<{ documents: { id: string }[] }>(`/api/memories/${memoryId}`);
    const documentId = detail.body.documents[0]!.id;
    const upload = await cara.fetch(`/api/memories/${memoryId}/documents/${documentId}/files`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent('will.pdf') },
      body: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    expect(upload.status).toBe(403);
    expect(((await upload.json()) as { code: string }).code).toBe('CASE_READ_ONLY');
    expect((await cara.json(`/api/memories/${memoryId}/documents/${documentId}`, { method: 'PUT', json: { collected: true } })).body).toMatchObject({
      code: 'CASE_READ_ONLY',
    });
  }, 240_000);

  it('once the memory is shared, the owner is told who else can see it', async () => {
    const page = await signIn(ANN, 1280);
    await openSettings(page);
    await privacyBanner(page)
      .getByText(`Everything you keep in Afterwards is encrypted and only you can see it, apart from what you have shared: Cara Ellis can see ${MEMORY}.`)
      .waitFor();
    expect(await privacyBanner(page).getByText(UNSHARED).count()).toBe(0);
    await shot(page, 'owner-settings-shared-1280');
    await openDashboardTab(page, 'Overview');
    await page.getByRole('button', { name: /Create New Memory/ }).click();
    const dialog = page.getByRole('dialog', { name: /Create/ });
    await dialog.getByText('Only you will see this memory, unless you share it.').waitFor();
    expect(await dialog.getByText('Only you can see your memories.').count()).toBe(0);
  }, 120_000);

  it('an invitation opened while signed in as someone else says so, and switching account accepts it for the right person', async () => {
    const link = await invite(DAN, 'editor');
    for (const width of [375, 1280]) {
      const page = await signIn(BEN, width);
      await page.goto(link);
      const alert = page.getByText('You are signed in with a different account');
      await alert.waitFor();
      await page.getByText(`This invitation was sent to ${DAN}, and you are signed in as ${BEN}. To accept it, sign out and use that address`).waitFor();
      expect(await page.getByRole('button', { name: 'Accept invitation' }).count()).toBe(0);
      await assertAccessible(page, 'invitation for another address');
      await shot(page, `invitation-other-account-${width}`);
      if (width === 375) continue;

      await page.getByRole('button', { name: 'Sign out and switch account' }).click();
      // Back at the invitation, signed out, the link still in hand.
      await page.getByRole('link', { name: 'Sign in to accept' }).waitFor();
      expect(new URL(page.url()).searchParams.get('token')).toBe(new URL(link).searchParams.get('token'));
      await shot(page, `invitation-after-switch-${width}`);
      await page.getByRole('link', { name: 'Sign in to accept' }).click();
      await fillSignIn(page, DAN, PASSWORD);
      await page.getByRole('heading', { name: MEMORY }).waitFor();
      await page.getByText('Shared by Ann Ellis · Editor').waitFor();
      // As an editor Dan may write notes, and is told that what he adds there is seen by everyone on it.
      await openDashboardTab(page, 'Notes');
      await page.getByRole('button', { name: 'Create Note' }).waitFor();
      await openSettings(page);
      await privacyBanner(page).getByText(`${UNSHARED} What you add to a memory shared with you can be seen by everyone on it.`).waitFor();
    }
    // Ben was never added; Dan was.
    const sharing = await ann.json<{ people: { email: string; role: string }[] }>(`/api/memories/${memoryId}/sharing`);
    expect(sharing.body.people.map((p) => [p.email, p.role]).sort()).toEqual([
      [ANN, 'owner'],
      [CARA, 'viewer'],
      [DAN, 'editor'],
    ]);
  }, 240_000);
});
