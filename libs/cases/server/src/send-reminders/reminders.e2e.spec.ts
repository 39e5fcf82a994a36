import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MemoryDetailSchema, MemoryRemindersSchema, ProblemDetailsSchema, ReminderPreviewSchema, type MemoryDetail } from '@afterwards/contracts';
import { firstReminderDay, ukClock, ukWallTime } from '@afterwards/cases-domain';
import { addDays, isoDateIn } from '@afterwards/checklist-domain';
import { HttpSession, latestMail, mailsFor, signedIn, signUpVerified, startProduct, type OutboxMessage, type RunningProduct } from '@afterwards/testing';

// Memories are opened at real time (the product's clock file moves only the reminders' time), so the story's
// dates move with today: the death is yesterday, which is no late start (issue 40, item 2).
const DIED = addDays(isoDateIn(new Date()), -1);

/**
 * Reminder e-mails on the built product (embedded profile: in-process jobs), with
 * its clock moved through the test-only clock file and a sweep every 200 ms.
 */
describe('reminder e-mails (embedded profile, test clock)', () => {
  let product: RunningProduct;
  let ann: HttpSession;
  let bob: HttpSession;
  let cara: HttpSession;
  let dan: HttpSession;
  const clockDir = fs.mkdtempSync(path.join(os.tmpdir(), 'afterwards-clock-'));
  const clockFile = path.join(clockDir, 'now');
  const setClock = (iso: string) => {
    // Written whole then renamed: the product never reads half an instant.
    fs.writeFileSync(`${clockFile}.tmp`, iso);
    fs.renameSync(`${clockFile}.tmp`, clockFile);
  };
  const ANN = { email: 'ann.reminders@example.test', password: 'quiet-harbour-61', name: 'Ann Jones' };
  const BOB = { email: 'bob.reminders@example.test', password: 'quiet-harbour-62', name: 'Bob Jones' };
  const CARA = { email: 'cara.reminders@example.test', password: 'quiet-harbour-63', name: 'Cara Jones' };
  const DAN = { email: 'dan.reminders@example.test', password: 'quiet-harbour-64', name: 'Dan Jones' };

  beforeAll(async () => {
    setClock(new Date().toISOString());
    product = await startProduct({ profile: 'embedded', seedCount: 0, env: { NODE_ENV: 'test', AFTERWARDS_TEST_CLOCK_FILE: clockFile, REMINDER_SWEEP_MS: '200' } });
    for (const who of [ANN, BOB, CARA, DAN]) await signUpVerified(product, who);
    ann = await signedIn(product, ANN.email, ANN.password);
    bob = await signedIn(product, BOB.email, BOB.password);
    cara = await signedIn(product, CARA.email, CARA.password);
    dan = await signedIn(product, DAN.email, DAN.password);
  }, 180_000);
  afterAll(async () => {
    await product?.stop();
    fs.rmSync(clockDir, { recursive: true, force: true });
  });

  async function open(http: HttpSession, name: string, deceasedName: string): Promise<MemoryDetail> {
    // Died yesterday in England: the death must be registered within 5 days.
    const res = await http.json('/api/memories', { method: 'POST', json: { name, deceasedName, jurisdiction: 'England', dateOfDeath: DIED } });
    expect(res.status).toBe(201);
    const detail = MemoryDetailSchema.parse(res.body);
    expect(detail.tasks.find((t) => t.templateKey === 'register-death')).toMatchObject({ dueDate: addDays(DIED, 5), deadlineKind: 'statutory' });
    return detail;
  }
  /** Ann invites `who` to `memory` with `role`, and they accept. */
  async function share(memory: MemoryDetail, who: HttpSession, email: string, role: 'editor' | 'viewer'): Promise<void> {
    const seen = mailsFor(product.outboxDir, email).filter((m) => m.kind === 'memory-invitation').length;
    expect((await ann.json(`/api/memories/${memory.memory.id}/invitations`, { method: 'POST', json: { email, role } })).status).toBe(201);
    const invitation = await latestMail(product.outboxDir, email, { kind: 'memory-invitation', skip: seen });
    const token = new URL(invitation.links[0]!).searchParams.get('token')!;
    expect((await who.json(`/api/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' })).status).toBe(200);
  }
  const reminders = (email: string): OutboxMessage[] => mailsFor(product.outboxDir, email).filter((m) => m.kind === 'deadline-reminder');
  const everyReminder = (): string[] => [ANN, BOB, CARA, DAN].flatMap((who) => reminders(who.email).map((m) => `${who.email}: ${m.subject}`));
  /** Waits until `check` holds (the sweep runs every 200 ms; the e-mails are files in the outbox). */
  async function eventually(check: () => void, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        check();
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  it('three memories started at once: no e-mail the first day, one gathered e-mail the next morning naming the people who died; a viewer in viewer words; a viewer who chose none, none', async () => {
    // Cara and Dan are on Ann's memories too: Cara can only view and chooses no reminders about such memories;
    // Dan edits and has turned every reminder e-mail off in Settings.
    expect((await dan.json('/api/preferences', { method: 'PUT', json: { emailNotifications: false, progressTracking: true } })).status).toBe(200);
    const mum = await open(ann, 'Mum', 'Margaret Jones');
    const dad = await open(ann, 'Dad', 'John Smith');
    const gran = await open(ann, 'Gran', 'Edith Hale');
    await share(mum, bob, BOB.email, 'viewer');
    await share(mum, cara, CARA.email, 'viewer');
    await share(dad, dan, DAN.email, 'editor');
    const off = ReminderPreviewSchema.parse((await cara.json('/api/reminders/preferences', { method: 'PUT', json: { viewerReminders: false } })).body);
    expect(off).toMatchObject({ viewerReminders: false, viewsAny: true, next: null });
    expect(MemoryRemindersSchema.parse((await ann.json(`/api/memories/${mum.memory.id}/reminders`)).body)).toEqual({
      enabled: true,
      emailNotifications: true,
      calendar: { subscribed: false, createdAt: null },
    });

    // The first 24 hours: the rest of today, and tomorrow's morning and afternoon if they come before them.
    const started = new Date(mum.memory.createdAt);
    const firstMorning = ukWallTime(firstReminderDay(started), 8);
    const quietFirstDay = [
      new Date(started.getTime() + 60_000),
      ukWallTime(ukClock(new Date(started.getTime() + 12 * 3_600_000)).date, 8),
      ukWallTime(ukClock(new Date(started.getTime() + 12 * 3_600_000)).date, 15),
      new Date(started.getTime() + 24 * 3_600_000 - 10 * 60_000),
    ].filter((t) => t.getTime() > started.getTime() && t.getTime() < started.getTime() + 24 * 3_600_000);
    // Settings says, before anything goes, what the first e-mail will be and when.
    setClock(quietFirstDay[0]!.toISOString());
    const preview = ReminderPreviewSchema.parse((await ann.json('/api/reminders/next')).body);
    expect(preview.next!.sendAt).toBe(firstMorning.toISOString());
    for (const instant of quietFirstDay) {
      setClock(instant.toISOString());
      // Many sweeps (every 200 ms) at each instant; nothing may go (this can only pass wrongly, never fail wrongly, on a slow machine).
      await new Promise((r) => setTimeout(r, 1_500));
      expect(everyReminder()).toEqual([]);
    }

    // The next morning, 08:00 UK/Irish time: one e-mail each, gathering the three memories for Ann.
    setClock(firstMorning.toISOString());
    await eventually(() => expect(reminders(ANN.email)).toHaveLength(1));
    await eventually(() => expect(reminders(BOB.email)).toHaveLength(1));
    const [first] = reminders(ANN.email);
    expect(first!.subject).toMatch(/^Reminders for Edith Hale, John Smith and Margaret Jones: \d+ things this week$/);
    expect(first!.subject).toBe(preview.next!.subject);
    for (const memory of ['Mum', 'Dad', 'Gran']) expect(first!.text).toContain(`"${memory}", for `);
    expect(first!.text).toContain('you can tick them off in the checklist');
    expect(first!.text).toContain(`${product.url}/dashboard`);
    const stopLink = first!.links.find((l) => l.includes('/api/reminders/unsubscribe?token='))!;
    expect(first!.headers).toEqual({ 'List-Unsubscribe': `<${stopLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    // Bob can only view Mum: his e-mail names Margaret Jones and says Ann will see them.
    const [bobs] = reminders(BOB.email);
    expect(bobs!.subject).toMatch(/^Reminders for Margaret Jones: \d+ things? this week$/);
    expect(bobs!.text).toMatch(/Ann Jones will see (this|these) on the checklist\./);
    expect(bobs!.text).not.toMatch(/you can tick (it|them) off/);

    // Later the same day, with many more sweeps: still one each; Cara (no viewer reminders) and Dan (Email Notifications off) none.
    setClock(new Date(firstMorning.getTime() + 6 * 3_600_000).toISOString());
    await new Promise((r) => setTimeout(r, 2_000));
    expect(reminders(ANN.email)).toHaveLength(1);
    expect(reminders(BOB.email)).toHaveLength(1);
    expect(reminders(CARA.email)).toEqual([]);
    expect(reminders(DAN.email)).toEqual([]);

    // The e-mail's stop link, followed without signing in: the page asks, the button stops all three memories for Ann.
    const anonymous = new HttpSession(product.url);
    const page = await anonymous.fetch(stopLink);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('Stop reminders for these memories');
    const stopped = await anonymous.fetch(stopLink, { method: 'POST' });
    expect(stopped.status).toBe(200);
    expect(await stopped.text()).toContain('You will not get any more reminder e-mails about &quot;Dad&quot;, &quot;Gran&quot; and &quot;Mum&quot;.');
    for (const memory of [mum, dad, gran]) expect(MemoryRemindersSchema.parse((await ann.json(`/api/memories/${memory.memory.id}/reminders`)).body).enabled).toBe(false);
    // A made-up token is a problem, not a page.
    const bogus = await anonymous.fetch(`/api/reminders/unsubscribe?token=${'x'.repeat(32)}`);
    expect(bogus.status).toBe(404);
    expect(ProblemDetailsSchema.parse(await bogus.json()).code).toBe('REMINDER_LINK_NOT_FOUND');
    // Turned on again, then a mail program's own unsubscribe (RFC 8058): its provider POSTs the List-Unsubscribe
    // address from its servers, with no Origin or cookie and a form body, and that stops them at once.
    expect((await ann.json(`/api/memories/${mum.memory.id}/reminders`, { method: 'PUT', json: { enabled: true } })).status).toBe(200);
    const oneClick = await fetch(stopLink, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);
    expect(MemoryRemindersSchema.parse((await ann.json(`/api/memories/${mum.memory.id}/reminders`)).body).enabled).toBe(false);
  }, 180_000);
});
