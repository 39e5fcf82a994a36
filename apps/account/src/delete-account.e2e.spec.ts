import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assertAccessible, familyContext, HttpSession, latestMail, newFamilySession, signInInBrowser, totp, useProductAndBrowser, type RunningProduct, screenshot } from '@afterwards/testing';

// Deleting an account that others share memories with (issue 40, items 6 and 7; decision 0045): the dialog says
// first who loses access to which memory and what happens to the memories shared with this person; with
// two-step verification on, nothing is deleted without the current code (a wrong one gets its own message);
// once deleted, the people on the memories are told by e-mail. SCREENSHOT_DIR=... saves screenshots to look at.
const shot = (page: Page, name: string, fullPage = true) => screenshot(page, name, { fullPage });

const PASSWORD = 'willow-lantern-57';
const DORA = { email: 'dora.pike@example.test', name: 'Dora Pike' };
const ELI = { email: 'eli.lark@example.test', name: 'Eli Lark' };

describe('deleting an account others share memories with', () => {
  let product: RunningProduct;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let eli: HttpSession;

  async function share(owner: HttpSession, memoryId: string, to: { email: string }, guest: HttpSession, role: 'editor' | 'viewer') {
    expect((await owner.json(`/api/memories/${memoryId}/invitations`, { method: 'POST', json: { email: to.email, role } })).status).toBe(201);
    const invitation = await latestMail(product.outboxDir, to.email, { kind: 'memory-invitation' });
    const token = new URL(invitation.links[0]!).searchParams.get('token')!;
    expect((await guest.json(`/api/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' })).status).toBe(200);
  }
  const create = async (who: HttpSession, name: string, deceasedName: string) =>
    (await who.json<{ memory: { id: string } }>('/api/memories', { method: 'POST', json: { name, deceasedName, jurisdiction: 'England', dateOfDeath: '2026-11-10' } })).body.memory.id;

  // Declared before useProductAndBrowser's hooks: Jest runs after-hooks in that order, so this runs before the browser closes.
  afterAll(() => context?.close());
  useProductAndBrowser({ profile: 'embedded', seedCount: 0 }, async (started) => {
    ({ product, browser } = started);
    const dora = await newFamilySession(product, { ...DORA, password: PASSWORD });
    eli = await newFamilySession(product, { ...ELI, password: PASSWORD });
    // Dora shares her father's memory with Eli; Eli shares his grandmother's with Dora.
    await share(dora, await create(dora, "Dad's papers", 'Walter Pike'), ELI, eli, 'viewer');
    await share(eli, await create(eli, 'Gran', 'Rose Lark'), DORA, dora, 'editor');
  });

  it('says who loses access first, asks for the two-step code, refuses a wrong one, and then tells the others', async () => {
    context = await familyContext(browser, { width: 1280 });
    const page = await context.newPage();
    await signInInBrowser(page, product.url, DORA.email, PASSWORD);
    // Two-step verification turned on from this browser's own session, as the Settings card does.
    const secret = await page.evaluate(async (password) => {
      const res = await fetch('/api/auth/two-factor/enable', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password }) });
      return new URL(((await res.json()) as { totpURI: string }).totpURI).searchParams.get('secret')!;
    }, PASSWORD);
    const verify = async (code: string) =>
      page.evaluate(async (c) => (await fetch('/api/auth/two-factor/verify-totp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: c }) })).status, code);
    expect(await verify(await totp(secret))).toBe(200);

    await page.reload();
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    // Before the button: who loses which memory, and what happens to the one shared with her.
    await dialog.getByRole('region', { name: 'Who will lose access' }).getByText("(Walter Pike): Eli Lark will no longer see it. We will let them know by e-mail.").waitFor();
    await dialog
      .getByRole('region', { name: 'Memories shared with you' })
      .getByText("Rose Lark's memory stays with Eli Lark; you will no longer see it. We will let Eli Lark know you have left.")
      .waitFor();
    await dialog.getByLabel('Code from your authenticator app').waitFor();
    await assertAccessible(page, 'delete account dialog with who loses access and the two-step code');
    await shot(page, 'delete-account-1280');
    // At 375 px the dialog fills the screen and scrolls within itself: the screen as a phone shows it.
    await page.setViewportSize({ width: 375, height: 812 });
    await shot(page, 'delete-account-375', false);
    await dialog.getByLabel('Code from your authenticator app').scrollIntoViewIfNeeded();
    await shot(page, 'delete-account-375-code', false);
    await page.setViewportSize({ width: 1280, height: 900 });

    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByLabel('Your password').fill(PASSWORD);
    // No code: nothing happens, and the field says why.
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Please enter the 6-digit code from your authenticator app to delete your account.').waitFor();
    // A wrong code: its own message, and the account is still there.
    const now = Date.now();
    const near = await Promise.all([-30_000, 0, 30_000].map((d) => totp(secret, now + d)));
    const wrong = ['000000', '111111', '222222', '333333'].find((c) => !near.includes(c))!;
    await dialog.getByLabel('Code from your authenticator app').fill(wrong);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('That code is not right, or it has expired. Please enter the current code from your authenticator app. Your account has not been deleted.').waitFor();
    expect(await page.evaluate(async () => (await fetch('/api/session')).status)).toBe(200);
    expect((await eli.json('/api/memories')).body).toMatchObject({ memories: expect.arrayContaining([expect.objectContaining({ deceasedName: 'Walter Pike' })]) });
    await shot(page, 'delete-account-wrong-code-1280');

    await dialog.getByLabel('Code from your authenticator app').fill(await totp(secret));
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(`${product.url}/login?account=deleted`);

    // Eli is told twice: her father's memory went with her account, and she left his grandmother's.
    const gone = await latestMail(product.outboxDir, ELI.email, { kind: 'memory-notice-owner-account-deleted' });
    expect(gone.subject).toBe('Walter Pike: a shared memory is no longer available');
    expect(gone.text).toContain('Dora Pike has closed their Afterwards account, and the memory of Walter Pike that they shared with you was deleted with it.');
    expect(gone.text).not.toContain("Dad's papers");
    const left = await latestMail(product.outboxDir, ELI.email, { kind: 'memory-notice-member-left' });
    expect(left.text).toContain('Dora Pike is no longer on the memory of Rose Lark');
    const eliSees = (await eli.json<{ memories: { deceasedName: string }[] }>('/api/memories')).body.memories.map((m) => m.deceasedName);
    expect(eliSees).toEqual(['Rose Lark']);
  }, 180_000);

  it('the two-step code is checked by the server whatever sends the request', async () => {
    const http = new HttpSession(product.url);
    // Eli turns two-step verification on, then asks to delete without a code and with a wrong one.
    await http.json('/api/auth/sign-in/email', { method: 'POST', json: { email: ELI.email, password: PASSWORD } });
    const enabled = await http.json<{ totpURI: string }>('/api/auth/two-factor/enable', { method: 'POST', json: { password: PASSWORD } });
    const secret = new URL(enabled.body.totpURI).searchParams.get('secret')!;
    expect((await http.json('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code: await totp(secret) } })).status).toBe(200);
    const withoutCode = await http.json<{ code: string }>('/api/account', { method: 'DELETE', json: { confirmation: 'DELETE', password: PASSWORD } });
    expect([withoutCode.status, withoutCode.body?.code]).toEqual([400, 'ACCOUNT_CODE_REQUIRED']);
    const near = await Promise.all([-30_000, 0, 30_000].map((d) => totp(secret, Date.now() + d)));
    const wrong = ['000000', '111111', '222222', '333333'].find((c) => !near.includes(c))!;
    const wrongCode = await http.json<{ code: string }>('/api/account', { method: 'DELETE', json: { confirmation: 'DELETE', password: PASSWORD, code: wrong } });
    expect([wrongCode.status, wrongCode.body?.code]).toEqual([403, 'ACCOUNT_CODE_INCORRECT']);
    expect((await http.json('/api/session')).status).toBe(200);
    expect((await http.json('/api/account', { method: 'DELETE', json: { confirmation: 'DELETE', password: PASSWORD, code: await totp(secret) } })).status).toBe(204);
    expect((await http.json('/api/session')).status).toBe(401);
  }, 120_000);
});
