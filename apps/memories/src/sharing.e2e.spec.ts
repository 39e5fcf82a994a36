import type { Browser, Page } from 'playwright-core';
import {
  assertAccessible,
  familyContext,
  fillSignIn,
  openDashboardTab,
  latestMail,
  signUpVerified,
  type RunningProduct,
  screenshot,
  useContexts,
  useProductAndBrowser,
} from '@afterwards/testing';

// Two people on one memory in two browsers (issue: share the work): Ann invites Ben as an editor (he has an
// account) and Cara as a viewer (she creates one from the invitation); Ben and Ann both tick and each sees the
// other's tick live, with who ticked it; Cara can read but not change, in the screen and at the API; a removed
// editor finds nothing. SCREENSHOT_DIR=... saves screenshots to look at.
const shot = (page: Page, name: string, fullPage = true) => screenshot(page, name, { fullPage });

const PASSWORD = 'lantern-meadow-82';
const ANN = 'ann.sharing@example.test';
const BEN = 'ben.sharing@example.test';
const CARA = 'cara.sharing@example.test';

describe('sharing a memory', () => {
  let product: RunningProduct;
  let browser: Browser;
  let memoryId: string;
  const contexts = useContexts('all');
  useProductAndBrowser({ profile: 'embedded', seedCount: 0 }, (started) => ({ product, browser } = started));

  const newPage = (width = 1280) => contexts.newPage(familyContext(browser, { width }));
  const signIn = (page: Page, email: string) => fillSignIn(page, email, PASSWORD);
  /** A write from the page itself (same origin, its own cookie): what the server answers a person. */
  const writeFrom = (page: Page, method: string, url: string, body?: unknown) =>
    page.evaluate(
      async ({ method, url, body }) => {
        const res = await fetch(url, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
        return { status: res.status, code: res.status >= 400 ? ((await res.json()) as { code?: string }).code : undefined };
      },
      { method, url, body },
    );

  beforeAll(async () => {
    const ann = await signUpVerified(product, { email: ANN, password: PASSWORD, name: 'Ann Ellis' });
    await signUpVerified(product, { email: BEN, password: PASSWORD, name: 'Ben Ellis' });
    const created = await ann.json<{ memory: { id: string } }>('/api/memories', {
      method: 'POST',
      json: { name: "Mum's affairs", deceasedName: 'Margaret Ellis', jurisdiction: 'England', dateOfDeath: '2026-11-10' },
    });
    expect(created.status).toBe(201);
    memoryId = created.body.memory.id;
  }, 180_000);

  let ann: Page;
  let ben: Page;
  let cara: Page;

  it('the owner invites an editor and a viewer by e-mail', async () => {
    ann = await newPage();
    await ann.goto(`${product.url}/login`);
    await signIn(ann, ANN);
    await ann.waitForURL(`${product.url}/dashboard`);
    await ann.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Memories' }).click();
    await ann.getByRole('button', { name: 'View Details' }).click();
    await ann.getByRole('button', { name: 'Share' }).click();
    const dialog = ann.getByRole('dialog', { name: "Share Mum's affairs" });
    await dialog.getByText('Only you can see this memory.').waitFor();

    // A bad address is refused before anything is sent.
    await dialog.getByLabel('Email address').fill('not-an-address');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('Please enter a valid email address').waitFor();

    await dialog.getByLabel('Email address').fill(BEN);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText(BEN, { exact: true }).waitFor();
    await dialog.getByLabel('Email address').fill(CARA);
    await dialog.getByLabel('What they can do').selectOption('viewer');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText(CARA, { exact: true }).waitFor();
    await assertAccessible(ann, 'Share dialog');
    await shot(ann, 'sharing-dialog');

    const mail = await latestMail(product.outboxDir, BEN, { kind: 'memory-invitation' });
    expect(mail.subject).toBe('Ann Ellis has shared the tasks for Margaret Ellis with you');
    expect(mail.links[0]).toMatch(/\/invitation\?token=/);
    await dialog.getByRole('button', { name: 'Done' }).click();
  }, 120_000);

  it('someone with an account accepts after signing in and lands on the shared memory', async () => {
    ben = await newPage();
    const mail = await latestMail(product.outboxDir, BEN, { kind: 'memory-invitation' });
    await ben.goto(mail.links[0]!);
    await ben.getByText('This invitation is for ben.sharing@example.test.').waitFor();
    await assertAccessible(ben, 'invitation page');
    await ben.getByRole('link', { name: 'Sign in to accept' }).click();
    await signIn(ben, BEN);
    await ben.getByRole('heading', { name: "Mum's affairs" }).waitFor();
    await ben.getByText('Shared by Ann Ellis · Editor').waitFor();
    expect(await ben.getByRole('button', { name: 'Edit Case' }).count()).toBe(0);
  }, 120_000);

  it('someone without an account creates one from the invitation and lands on the shared memory', async () => {
    cara = await newPage(390);
    const mail = await latestMail(product.outboxDir, CARA, { kind: 'memory-invitation' });
    await cara.goto(mail.links[0]!);
    await cara.getByRole('link', { name: 'Create an account' }).click();
    await cara.getByRole('heading', { name: 'Create Account' }).waitFor();
    await cara.getByLabel('Email address').fill(CARA);
    await cara.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await cara.getByRole('button', { name: 'Create Account', exact: true }).click();
    const verify = await latestMail(product.outboxDir, CARA, { kind: 'verify-email' });
    await cara.goto(verify.links[0]!);
    await cara.getByRole('heading', { name: "Mum's affairs" }).waitFor();
    await cara.getByText('Shared by Ann Ellis · Viewer').waitFor();
    await shot(cara, 'sharing-viewer-phone');
  }, 120_000);

  it('the editor and the owner both tick, and each sees the other’s tick live with who made it', async () => {
    const tasks = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Tasks', exact: true }).click();
    await tasks(ann);
    await tasks(ben);
    const item = (page: Page, title: string) => page.locator('li.mem-item', { hasText: title });

    await item(ben, 'Register the death').getByRole('checkbox').check();
    await item(ann, 'Register the death').getByText('Ticked by Ben Ellis').waitFor();
    expect(await item(ann, 'Register the death').getByRole('checkbox').isChecked()).toBe(true);

    await item(ann, 'Arrange the funeral').getByRole('checkbox').check();
    await item(ben, 'Arrange the funeral').getByText('Ticked by Ann Ellis').waitFor();
    await shot(ann, 'sharing-ticked-by');
  }, 120_000);

  it('the viewer reads but cannot change anything, in the screen or at the API', async () => {
    await openDashboardTab(cara, 'Tasks');
    const register = cara.locator('li.mem-item', { hasText: 'Register the death' });
    await register.getByText('Ticked by Ben Ellis').waitFor();
    expect(await register.getByRole('checkbox').isDisabled()).toBe(true);
    expect(await cara.getByRole('button', { name: /^Does not apply\?/ }).count()).toBe(0);

    const task = await cara.evaluate(async (id) => ((await (await fetch(`/api/memories/${id}`)).json()) as { tasks: { id: string }[] }).tasks[2]!.id, memoryId);
    const base = `/api/memories/${memoryId}`;
    expect(await writeFrom(cara, 'PUT', `${base}/tasks/${task}`, { status: 'complete' })).toEqual({ status: 403, code: 'CASE_READ_ONLY' });
    expect(await writeFrom(cara, 'POST', `${base}/notes`, { title: 'Hi', content: 'From Cara' })).toEqual({ status: 403, code: 'CASE_READ_ONLY' });
    expect(await writeFrom(cara, 'PATCH', base, { name: 'Cara was here' })).toEqual({ status: 403, code: 'CASE_OWNER_ONLY' });
    expect(await writeFrom(cara, 'POST', `${base}/invitations`, { email: 'dan@example.test', role: 'editor' })).toEqual({ status: 403, code: 'CASE_OWNER_ONLY' });
    expect(await writeFrom(cara, 'DELETE', base)).toEqual({ status: 403, code: 'CASE_OWNER_ONLY' });
    // The editor may tick but not share or delete.
    expect(await writeFrom(ben, 'PUT', `${base}/tasks/${task}`, { status: 'complete' })).toMatchObject({ status: 200 });
    expect(await writeFrom(ben, 'DELETE', base)).toEqual({ status: 403, code: 'CASE_OWNER_ONLY' });
  }, 120_000);

  it('Remove asks first, naming the person; a removed editor looking at the memory is told calmly and by e-mail, and finds nothing', async () => {
    // Ben has the memory open.
    await ben.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Memories' }).click();
    await ben.getByRole('button', { name: 'View Details' }).click();
    await ben.getByRole('heading', { name: "Mum's affairs" }).waitFor();

    await ann.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Memories' }).click();
    await ann.getByRole('button', { name: 'View Details' }).click();
    await ann.getByText('People on this memory:').waitFor();
    await ann.getByRole('button', { name: 'Share' }).click();
    const dialog = ann.getByRole('dialog', { name: "Share Mum's affairs" });
    await dialog.getByRole('button', { name: 'Remove Ben Ellis' }).click();
    // Nothing changes yet: the row asks, by name, and the keyboard is on 'Keep'.
    const confirm = dialog.getByRole('group', { name: /^Remove Ben Ellis from this memory\?/ });
    await confirm.getByText('They will no longer see it, and we will let them know by e-mail.').waitFor();
    expect(await confirm.getByRole('button', { name: 'Keep Ben Ellis' }).evaluate((b) => b === document.activeElement)).toBe(true);
    await assertAccessible(ann, 'Share dialog asking to confirm Remove');
    await shot(ann, 'share-remove-confirm');
    await ann.setViewportSize({ width: 375, height: 812 });
    await confirm.scrollIntoViewIfNeeded();
    await shot(ann, 'share-remove-confirm-375', false);
    await ann.setViewportSize({ width: 1280, height: 900 });
    await ann.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    // Focus comes back to the button that asked once the confirmation has left the page: a frame later, not at once.
    const removeBen = dialog.getByRole('button', { name: 'Remove Ben Ellis' });
    await ann.waitForFunction((b) => b === document.activeElement, await removeBen.elementHandle(), { timeout: 5_000 }).catch(() => undefined);
    expect(await removeBen.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await ann.evaluate(async (id) => (await fetch(`/api/memories/${id}`)).status, memoryId)).toBe(200);
    await dialog.getByText(BEN, { exact: true }).waitFor();
    // Asked again, and confirmed from the keyboard: Tab from 'Keep' to the button that says whom it removes.
    await dialog.getByRole('button', { name: 'Remove Ben Ellis' }).click();
    await ann.keyboard.press('Tab');
    expect(await confirm.getByRole('button', { name: 'Yes, remove Ben Ellis' }).evaluate((b) => b === document.activeElement)).toBe(true);
    await ann.keyboard.press('Enter');
    await ann.getByText('Ben Ellis no longer has access').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Ben's open screen says what happened, in words, and moves him to his memories: never a blank page.
    const told = ben.getByRole('dialog', { name: 'This memory is no longer shared with you' });
    await told.getByText('Ann Ellis has stopped sharing the memory of Margaret Ellis with you, so you can no longer see it.', { exact: false }).waitFor();
    await shot(ben, 'removed-told');
    await told.getByRole('button', { name: 'Back to my memories' }).click();
    await ben.getByText('No Memories Yet').waitFor();
    expect(await ben.getByText('Please select a case first.').count()).toBe(0);
    const mail = await latestMail(product.outboxDir, BEN, { kind: 'memory-notice-removed' });
    expect(mail.subject).toBe('Margaret Ellis: a memory is no longer shared with you');
    expect(mail.text).toContain('Ann Ellis has stopped sharing the memory of Margaret Ellis with you');
    expect(mail.text).not.toContain("Mum's affairs");
    const base = `/api/memories/${memoryId}`;
    expect(await ben.evaluate(async (url) => (await fetch(url)).status, base)).toBe(404);
    expect(await writeFrom(ben, 'POST', `${base}/notes`, { title: 'Hi', content: 'From Ben' })).toEqual({ status: 404, code: 'CASE_NOT_FOUND' });
    expect(await ben.evaluate(async (url) => (await fetch(url)).status, `${base}/calendar.ics`)).toBe(404);
  }, 120_000);

  it('Delete Forever says first who will lose access; the viewer looking at the memory is told, calmly and by e-mail', async () => {
    // Cara (the viewer, on a phone) has the memory open.
    await openDashboardTab(cara, 'Memories');
    await cara.getByRole('button', { name: 'View Details' }).click();
    await cara.getByRole('heading', { name: "Mum's affairs" }).waitFor();

    await ann.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Memories' }).click();
    await ann.getByRole('button', { name: "Delete Mum's affairs" }).click();
    const dialog = ann.getByRole('dialog', { name: 'Delete this memory forever?' });
    await dialog.getByText('cara.sharing will lose access').waitFor();
    await dialog.getByText('We will let them know by e-mail that you deleted it.').waitFor();
    await assertAccessible(ann, 'Delete Forever naming who loses access');
    await shot(ann, 'delete-memory-who-loses-access');
    await ann.setViewportSize({ width: 375, height: 812 });
    await shot(ann, 'delete-memory-who-loses-access-375', false);
    await ann.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: 'Delete Forever' }).click();
    await ann.getByText('Memory deleted successfully').waitFor();

    const told = cara.getByRole('dialog', { name: 'This memory has been deleted' });
    await told.getByText('Ann Ellis has deleted the memory of Margaret Ellis, so you can no longer see it.', { exact: false }).waitFor();
    await assertAccessible(cara, 'the viewer told the memory was deleted');
    await shot(cara, 'deleted-told-phone');
    await told.getByRole('button', { name: 'Back to my memories' }).click();
    await cara.getByText('No Memories Yet').waitFor();
    expect(await cara.getByText('Please select a case first.').count()).toBe(0);
    const mail = await latestMail(product.outboxDir, CARA, { kind: 'memory-notice-memory-deleted' });
    expect(mail.subject).toBe('Margaret Ellis: a shared memory has been deleted');
    expect(mail.text).toContain('Ann Ellis has deleted the memory of Margaret Ellis on Afterwards.');
    expect(mail.text).not.toContain("Mum's affairs");
    expect(await cara.evaluate(async (url) => (await fetch(url)).status, `/api/memories/${memoryId}`)).toBe(404);
  }, 120_000);
});
