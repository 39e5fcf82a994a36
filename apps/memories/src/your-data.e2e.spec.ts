import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import type pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { FILE_NAME_HEADER, MemoryDetailSchema, MemoryExportSchema, ProblemDetailsSchema, type MemoryDetail } from '@afterwards/contracts';
import { EncryptedFileStore } from '@afterwards/file-store';
import { expectEventually } from '@afterwards/persistence/testing';
import {
  assertAccessible,
  connectDatabase,
  familyContext,
  HttpSession,
  latestMail,
  launchChromium,
  signedIn,
  signInInBrowser,
  signUpVerified,
  startProduct,
  startWorker,
  stopProcess,
  type ProductProcess,
  type RunningProduct,
  screenshot,
  useContexts,
} from '@afterwards/testing';

// "Your data" in the browser against the built product on the services profile: the zip is prepared by the
// worker through BullMQ, as in production. SCREENSHOT_DIR=... saves screenshots to look at.
const shot = (page: Page, name: string) => screenshot(page, name, { fullPage: true });

const PASSWORD = 'lantern-meadow-93';
const ANN = { email: 'orla.featherstonehaugh@example.test', name: 'Orla Featherstonehaugh' };
const BOB = { email: 'bram.quickthorn@example.test', name: 'Bram Quickthorn' };
/** What Ann keeps, each unusual enough that finding it anywhere after her account is deleted means a leak. */
const ANNS = {
  memory: 'Grandad Wrenfield',
  deceased: 'Tobias Wrenfield',
  note: 'Tobias wanted bluebells at Penhallow chapel',
  fileMarker: 'wrenfield-will-bytes-4417',
  address: '12 Marrowgate Lane',
  /** An account number on one of her memory's organisations (sealed, so never in a table in the clear anyway). */
  accountNumber: '40-11-62 91550387',
  /** One of her own organisations: its name is plain in the list's rows until the memory goes. */
  organisation: 'Marrowgate Allotment Society',
};
const pdf = (marker: string) => Buffer.from(`%PDF-1.4\n1 0 obj << >> endobj\n% ${marker}\ntrailer << >>\n%%EOF\n`);

describe('your data in the browser', () => {
  let product: RunningProduct;
  let worker: ProductProcess | undefined;
  let browser: Browser;
  let db: pg.Client;
  let ann: HttpSession;
  let bob: HttpSession;
  let annMemory: MemoryDetail;
  let bobMemory: MemoryDetail;
  // Before the afterAll below, so the pages' contexts close before the browser does.
  const contexts = useContexts('all');

  beforeAll(async () => {
    product = await startProduct({ profile: 'services', seedCount: 0 });
    worker = startWorker(product, 'worker');
    browser = await launchChromium();
    db = await connectDatabase(product);
    for (const who of [ANN, BOB]) await signUpVerified(product, { ...who, password: PASSWORD });
    ann = await signedIn(product, ANN.email, PASSWORD);
    bob = await signedIn(product, BOB.email, PASSWORD);
    annMemory = await memoryOf(ann, { name: ANNS.memory, deceasedName: ANNS.deceased, jurisdiction: 'Wales' }, ANNS.fileMarker, ANNS.note);
    // Ann's checklist with states: a task done, a task not needed (with her reason), a document done before she started.
    const [t1, t2] = annMemory.tasks;
    expect((await ann.json(`/api/memories/${annMemory.memory.id}/tasks/${t1!.id}`, { method: 'PUT', json: { status: 'complete' } })).status).toBe(200);
    expect((await ann.json(`/api/memories/${annMemory.memory.id}/tasks/${t2!.id}/settlement`, { method: 'PUT', json: { kind: 'not_needed', reason: 'No pension' } })).status).toBe(
      200,
    );
    expect(
      (await ann.json(`/api/memories/${annMemory.memory.id}/documents/${annMemory.documents[1]!.id}/settlement`, { method: 'PUT', json: { kind: 'done_before' } })).status,
    ).toBe(200);
    expect(
      (await ann.json('/api/profile', { method: 'PUT', json: { firstName: 'Orla', lastName: 'Featherstonehaugh', phone: '029 2018 0000', address: ANNS.address } })).status,
    ).toBe(200);
    bobMemory = await memoryOf(bob, { name: 'Nan Quickthorn', deceasedName: 'Ivy Quickthorn', jurisdiction: 'Scotland' }, 'quickthorn-bytes-5521', 'Ivy liked marigolds');
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await db?.end();
    if (worker) await stopProcess(worker);
    await product?.stop();
  });

  async function memoryOf(http: HttpSession, details: Record<string, unknown>, fileMarker: string, note: string): Promise<MemoryDetail> {
    const created = MemoryDetailSchema.parse((await http.json('/api/memories', { method: 'POST', json: details })).body);
    const id = created.memory.id;
    const uploaded = await http.fetch(`/api/memories/${id}/documents/${created.documents[0]!.id}/files`, {
      method: 'POST',
      body: new Uint8Array(pdf(fileMarker)),
      headers: { 'content-type': 'application/octet-stream', [FILE_NAME_HEADER]: encodeURIComponent(`${fileMarker}.pdf`) },
    });
    expect(uploaded.status).toBe(201);
    expect((await http.json(`/api/memories/${id}/notes`, { method: 'POST', json: { title: 'Wishes', content: note, category: 'general' } })).status).toBe(201);
    return MemoryDetailSchema.parse((await http.json(`/api/memories/${id}`)).body);
  }

  async function signedInPage(email: string, width: number): Promise<Page> {
    const page = await contexts.newPage(familyContext(browser, { width, acceptDownloads: true }));
    await signInInBrowser(page, product.url, email, PASSWORD);
    return page;
  }

  async function openMemory(page: Page, name: string, phone = false): Promise<void> {
    // At phone width the navigation is behind the menu button.
    if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Memories' }).click();
    await page.getByRole('article', { name }).getByRole('button', { name: 'View Details' }).click();
    await page.getByRole('heading', { level: 2, name }).waitFor();
  }

  /** Every row of every table as text: what the database holds, wherever it is. */
  async function everything(): Promise<string> {
    const tables = await db.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'");
    const dumps = await Promise.all(tables.rows.map((t) => db.query(`SELECT t::text AS row FROM "${t.table_name}" t`)));
    return dumps.flatMap((d, i) => d.rows.map((r) => `${tables.rows[i]!.table_name}: ${String(r.row)}`)).join('\n');
  }

  /** Every file in the file store, decrypted with the product's key. */
  async function storedFiles(): Promise<Map<string, Buffer>> {
    const files = new EncryptedFileStore({ dir: path.join(product.dataDir, 'files'), masterKey: Buffer.from(product.env.FILE_STORE_KEY!, 'base64') });
    const all = new Map<string, Buffer>();
    for (const id of await files.allFileIds()) all.set(id, await files.read(id));
    return all;
  }

  it('Download everything: the worker prepares the zip with progress, it holds the files, notes, checklist and summary, and its link expires', async () => {
    const page = await signedInPage(ANN.email, 1280);
    await openMemory(page, ANNS.memory);
    const card = page.getByRole('region', { name: 'Download everything' });
    await card.getByRole('button', { name: 'Download everything' }).click();
    await card.getByText(/^Your download is ready\. The link works until/).waitFor({ timeout: 60_000 });
    await assertAccessible(page, 'download everything, ready');
    await shot(page, 'download-everything-1280');

    const link = card.getByRole('link', { name: /^Download afterwards-grandad-wrenfield-\d{4}-\d{2}-\d{2}\.zip/ });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const zip = await JSZip.loadAsync(fs.readFileSync((await download.path())!));
    const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir);
    expect(names).toEqual(expect.arrayContaining(['summary.html', 'memory.json', 'checklist.json', 'notes.json']));
    // The uploaded document, decrypted, byte for byte.
    const documentPath = names.find((n) => n.startsWith('documents/') && n.endsWith(`${ANNS.fileMarker}.pdf`))!;
    expect(await zip.file(documentPath)!.async('nodebuffer')).toEqual(pdf(ANNS.fileMarker));
    const checklist = JSON.parse(await zip.file('checklist.json')!.async('string'));
    expect(checklist.tasks[0]).toMatchObject({ title: annMemory.tasks[0]!.title, state: 'Completed', status: 'complete' });
    expect(checklist.tasks[1]).toMatchObject({ title: annMemory.tasks[1]!.title, state: 'Not needed', settled: { kind: 'not_needed', reason: 'No pension' } });
    expect(checklist.documents[0]).toMatchObject({ title: annMemory.documents[0]!.title, state: 'Collected', collected: true, files: [{ path: documentPath }] });
    expect(checklist.documents[1]).toMatchObject({ state: 'Done before I started', settled: { kind: 'done_before' } });
    expect(checklist.tasks).toHaveLength(annMemory.tasks.length);
    expect(JSON.parse(await zip.file('notes.json')!.async('string')).notes).toEqual([expect.objectContaining({ title: 'Wishes', content: ANNS.note })]);
    expect(JSON.parse(await zip.file('memory.json')!.async('string')).memory).toMatchObject({ name: ANNS.memory, deceasedName: ANNS.deceased, jurisdiction: 'Wales' });
    const summary = await zip.file('summary.html')!.async('string');
    for (const text of [ANNS.memory, ANNS.deceased, ANNS.note, 'Not needed (No pension)', 'Done before I started']) expect(summary).toContain(text);

    // Nobody else reaches it: Bob gets the memory's 404, as on every other memory route.
    const url = (await link.getAttribute('href'))!;
    const exportId = url.split('/').at(-2)!;
    expect((await bob.fetch(url)).status).toBe(404);
    expect((await bob.fetch(`/api/memories/${annMemory.memory.id}/exports/${exportId}`)).status).toBe(404);
    expect((await bob.json(`/api/memories/${annMemory.memory.id}/exports`, { method: 'POST', json: {} })).status).toBe(404);

    // Its time up (moved back rather than waited for), the link refuses with a clear problem.
    await db.query(`UPDATE memory_exports SET expires_at = now() - interval '1 minute' WHERE id = $1`, [exportId]);
    const expired = await ann.fetch(url);
    expect(expired.status).toBe(410);
    expect(expired.headers.get('content-type')).toContain('application/problem+json');
    expect(ProblemDetailsSchema.parse(await expired.json())).toMatchObject({
      code: 'EXPORT_EXPIRED',
      detail: 'This download link has expired. Please prepare a new download of the memory.',
    });
    expect(MemoryExportSchema.parse((await ann.json(`/api/memories/${annMemory.memory.id}/exports/${exportId}`)).body).downloadUrl).toBeNull();

    // At phone width: the same card, usable and readable, with a new zip prepared.
    const phone = await signedInPage(ANN.email, 390);
    await openMemory(phone, ANNS.memory, true);
    const small = phone.getByRole('region', { name: 'Download everything' });
    await small.getByRole('button', { name: 'Download everything' }).focus();
    await phone.keyboard.press('Enter');
    await small.getByRole('link', { name: /^Download afterwards-grandad-wrenfield/ }).waitFor({ timeout: 60_000 });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await assertAccessible(phone, 'download everything at phone width');
    await shot(phone, 'download-everything-390');
  }, 180_000);

  it('Delete my account: a strong warning, then nothing of the person anywhere, every session ended, and another family untouched', async () => {
    // A password reset asked for: its token and its counter name Ann too.
    expect(
      (await new HttpSession(product.url).json('/api/auth/request-password-reset', { method: 'POST', json: { email: ANN.email, redirectTo: '/login/new-password' } })).status,
    ).toBe(200);
    const annId = ((await ann.json<{ user: { id: string } }>('/api/session')).body as { user: { id: string } }).user.id;
    // Sharing both ways: Bob shares his memory with Ann, who accepts and ticks a task there; Ann has invited a
    // friend to hers, and that invitation (an address she typed) is still waiting.
    const bobId = ((await bob.json<{ user: { id: string } }>('/api/session')).body as { user: { id: string } }).user.id;
    expect((await bob.json(`/api/memories/${bobMemory.memory.id}/invitations`, { method: 'POST', json: { email: ANN.email, role: 'editor' } })).status).toBe(201);
    const invitation = await latestMail(product.outboxDir, ANN.email, { kind: 'memory-invitation' });
    const token = new URL(invitation.links[0]!).searchParams.get('token')!;
    expect((await ann.json(`/api/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' })).status).toBe(200);
    const bobsTask = bobMemory.tasks[0]!.id;
    expect((await ann.json(`/api/memories/${bobMemory.memory.id}/tasks/${bobsTask}`, { method: 'PUT', json: { status: 'complete' } })).status).toBe(200);
    expect(
      (await ann.json(`/api/memories/${annMemory.memory.id}/invitations`, { method: 'POST', json: { email: 'Featherstonehaugh.friend@example.test', role: 'viewer' } })).status,
    ).toBe(201);
    // Her memory's organisations: a bank with its account number, and one of her own.
    const organisations = `/api/memories/${annMemory.memory.id}/organisations`;
    const added = (await ann.json<{ organisations: { id: string }[] }>(organisations, { method: 'POST', json: { organisationId: 'nationwide' } })).body;
    const patched = await ann.json(`${organisations}/${added.organisations[0]!.id}`, {
      method: 'PATCH',
      json: { references: [{ label: 'Account number', value: ANNS.accountNumber }] },
    });
    expect(patched.status).toBe(200);
    expect((await ann.json(organisations, { method: 'POST', json: { organisationId: null, name: ANNS.organisation, kind: 'other' } })).status).toBe(201);
    const markers = [
      ANN.email,
      'Featherstonehaugh',
      ANNS.memory,
      'Wrenfield',
      ANNS.note,
      'bluebells',
      ANNS.address,
      ANNS.fileMarker,
      ANNS.accountNumber,
      '91550387',
      ANNS.organisation,
    ];
    const before = await everything();
    for (const marker of [ANN.email, 'Featherstonehaugh', ANNS.memory, ANNS.note, ANNS.address, ANNS.organisation]) expect(before).toContain(marker); // the scan sees them
    const filesBefore = await storedFiles();
    expect([...filesBefore.values()].some((b) => b.includes(Buffer.from(ANNS.fileMarker)))).toBe(true);

    const page = await signedInPage(ANN.email, 1280);
    const browserCookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByText('This cannot be undone').waitFor();
    await assertAccessible(page, 'delete account dialog');
    await shot(page, 'delete-account-1280');

    // Nothing happens without the typed phrase, or with a wrong password.
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Please type DELETE to confirm.').waitFor();
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByLabel('Your password').fill('not-my-password-1');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('That password is not right. Your account has not been deleted.').waitFor();
    expect((await ann.json('/api/session')).status).toBe(200);

    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(`${product.url}/login?account=deleted`);
    await page.getByText('Your account has been deleted').waitFor();
    await assertAccessible(page, 'sign-in page after deleting the account');
    await shot(page, 'account-deleted-1280');

    // Every session ended: the API session, the browser's old cookie; and the password no longer signs in.
    expect((await ann.json('/api/session')).status).toBe(401);
    expect((await ann.json('/api/memories')).status).toBe(401);
    const oldCookie = await fetch(`${product.url}/api/memories`, { headers: { cookie: browserCookie } });
    expect(oldCookie.status).toBe(401);

    // Bob is told Ann left his memory (decision 0045): her name was kept only until that e-mail went.
    const left = await latestMail(product.outboxDir, BOB.email, { kind: 'memory-notice-member-left' });
    expect(left.text).toContain('Orla Featherstonehaugh is no longer on the memory of Ivy Quickthorn');
    await expectEventually(async () => expect((await db.query(`SELECT 1 FROM memory_notices WHERE sent_at IS NULL`)).rowCount).toBe(0), 15_000);

    // Nothing of Ann in any table. Her random id stays only in her memories' tombstones (no address, no
    // browser) and, in Bob's memory she helped with, as who joined, ticked and left (no name: it is gone).
    const after = await everything();
    expect(after.split('\n').filter((row) => markers.some((m) => row.includes(m)))).toEqual([]);
    const withId = after.split('\n').filter((row) => row.includes(annId));
    expect(withId.length).toBeGreaterThan(0);
    for (const row of withId) {
      expect(row).toMatch(/^events: .*(CaseDeleted|MemberJoined|TaskCompleted|MemberRemoved)|^case_tasks: .*Quickthorn/);
    }
    expect(await db.query(`SELECT 1 FROM case_members WHERE user_id = $1`, [annId])).toMatchObject({ rowCount: 0 });
    expect(await db.query(`SELECT 1 FROM memory_invitations`)).toMatchObject({ rowCount: 0 });
    // Her memory's organisations: rows and key gone, the list's stream down to its tombstone.
    for (const table of ['memory_organisations', 'memory_organisations_lists', 'memory_organisations_keys']) {
      expect(await db.query(`SELECT 1 FROM ${table} WHERE case_id = $1`, [annMemory.memory.id])).toMatchObject({ rowCount: 0 });
    }
    const list = await db.query<{ type: string }>(`SELECT type FROM events WHERE stream_id = $1`, [`memory-organisations-${annMemory.memory.id}`]);
    expect(list.rows.map((e) => e.type)).toEqual(['MemoryOrganisationsErased']);
    for (const table of ['reminder_optouts', 'reminders_sent', 'reminder_digests', 'reminder_preferences', 'calendar_subscriptions']) {
      expect(await db.query(`SELECT 1 FROM ${table} WHERE user_id = $1`, [annId])).toMatchObject({ rowCount: 0 });
    }
    const tombstones = await db.query<{ metadata: Record<string, unknown> }>(`SELECT metadata FROM events WHERE type = 'CaseDeleted' AND metadata->>'actor' = $1`, [annId]);
    expect(tombstones.rows).toHaveLength(1);
    expect(tombstones.rows[0]!.metadata).not.toHaveProperty('ip');
    expect(tombstones.rows[0]!.metadata).not.toHaveProperty('userAgent');

    // The password no longer signs in (after the scan: a failed attempt is counted under the address typed, as for anyone).
    expect((await new HttpSession(product.url).json('/api/auth/sign-in/email', { method: 'POST', json: { email: ANN.email, password: PASSWORD } })).status).toBe(401);

    // Nothing of Ann in the file store either: her document, photo-less memory and both zips are gone.
    const filesAfter = await storedFiles();
    for (const [id, bytes] of filesAfter) {
      for (const marker of [...markers, 'Tobias']) expect({ id, leaks: bytes.includes(Buffer.from(marker)) }).toEqual({ id, leaks: false });
    }
    expect(filesAfter.size).toBe(1); // Bob's document

    // Bob's memory, note and file are as they were; Ann's tick stays (the work was done) without her name.
    const bobs = MemoryDetailSchema.parse((await bob.json(`/api/memories/${bobMemory.memory.id}`)).body);
    expect(bobs.people).toEqual([{ id: bobId, name: BOB.name, role: 'owner' }]);
    expect(bobs.tasks[0]).toMatchObject({ status: 'complete', completedBy: annId });
    expect({ ...bobs, tasks: bobs.tasks.slice(1), people: [], memory: { ...bobs.memory, updatedAt: '', progress: null } }).toEqual({
      ...bobMemory,
      tasks: bobMemory.tasks.slice(1),
      people: [],
      memory: { ...bobMemory.memory, updatedAt: '', progress: null },
    });
    const file = await bob.fetch(bobs.documents[0]!.files[0]!.url);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(pdf('quickthorn-bytes-5521'));
    for (const text of [BOB.email, 'Ivy liked marigolds', 'Nan Quickthorn']) expect(after).toContain(text);

    // A session alone cannot guess the password here: 5 tries an hour, then a clear refusal.
    const tries: number[] = [];
    for (let i = 0; i < 6; i++) tries.push((await bob.json('/api/account', { method: 'DELETE', json: { confirmation: 'DELETE', password: `guess-${i}-wrong` } })).status);
    expect(tries).toEqual([403, 403, 403, 403, 403, 429]);
    expect((await bob.json(`/api/memories/${bobMemory.memory.id}`)).status).toBe(200);
  }, 180_000);
});
