import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import { CalendarSubscriptionSchema, MemoryDetailSchema, MemoryListResponseSchema, MemoryRemindersSchema, ProblemDetailsSchema, type MemoryDetail } from '@afterwards/contracts';
import { addDays, formatDayEnGB, isoDateIn } from '@afterwards/checklist-domain';
import { HttpSession, mailsFor, signedIn, signUpVerified, startProduct, type OutboxMessage, type RunningProduct } from '@afterwards/testing';

// Memories are opened at real time (the day each is started), so the story's dates move with today: the death
// is yesterday, which is no late start (issue 40, item 2: tasks that must have happened before a late start
// are never reminded). `on` moves a date or an instant of the original story (death on 9 March 2026).
const SHIFT_DAYS = Math.round((Date.parse(addDays(isoDateIn(new Date()), -1)) - Date.parse('2026-03-09')) / 86_400_000);
const on = (iso: string): string => (iso.length === 10 ? addDays(iso, SHIFT_DAYS) : new Date(Date.parse(iso) + SHIFT_DAYS * 86_400_000).toISOString());

/**
 * Reminder e-mails and the calendar feed on the built product (embedded profile: in-process jobs), with
 * its clock moved through the test-only clock file and a sweep every 200 ms.
 */
describe('reminders and the calendar feed (embedded profile, test clock)', () => {
  let product: RunningProduct;
  let ann: HttpSession;
  let bob: HttpSession;
  const clockDir = fs.mkdtempSync(path.join(os.tmpdir(), 'afterwards-clock-'));
  const clockFile = path.join(clockDir, 'now');
  const setClock = (iso: string) => {
    // Written whole then renamed: the product never reads half an instant.
    fs.writeFileSync(`${clockFile}.tmp`, iso);
    fs.renameSync(`${clockFile}.tmp`, clockFile);
  };
  const ANN = { email: 'ann.reminders@example.test', password: 'quiet-harbour-61' };
  const BOB = { email: 'bob.reminders@example.test', password: 'quiet-harbour-62' };

  beforeAll(async () => {
    setClock(on('2026-03-01T12:00:00.000Z'));
    product = await startProduct({ profile: 'embedded', seedCount: 0, env: { NODE_ENV: 'test', AFTERWARDS_TEST_CLOCK_FILE: clockFile, REMINDER_SWEEP_MS: '200' } });
    for (const who of [ANN, BOB]) await signUpVerified(product, who);
    ann = await signedIn(product, ANN.email, ANN.password);
    bob = await signedIn(product, BOB.email, BOB.password);
  }, 180_000);
  afterAll(async () => {
    await product?.stop();
    fs.rmSync(clockDir, { recursive: true, force: true });
  });

  async function open(http: HttpSession, name: string): Promise<MemoryDetail> {
    // Died Monday 9 March 2026 in England: the death must be registered by Saturday 14 March (5 days).
    const res = await http.json('/api/memories', { method: 'POST', json: { name, deceasedName: `${name} Ellis`, jurisdiction: 'England', dateOfDeath: on('2026-03-09') } });
    expect(res.status).toBe(201);
    const detail = MemoryDetailSchema.parse(res.body);
    expect(detail.tasks.find((t) => t.templateKey === 'register-death')).toMatchObject({ dueDate: on('2026-03-14'), deadlineKind: 'statutory' });
    return detail;
  }
  const reminders = (email: string, memory?: string): OutboxMessage[] =>
    mailsFor(product.outboxDir, email).filter((m) => m.kind === 'deadline-reminder' && (!memory || m.text.includes(`"${memory}"`)));
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
  const subjects = (mails: OutboxMessage[]) => mails.map((m) => m.subject);

  it('sends each reminder once at its time, none in quiet hours, none after the stop link, none with Email Notifications off', async () => {
    // Bob turns every reminder e-mail off in Settings before anything is due.
    expect((await bob.json('/api/preferences', { method: 'PUT', json: { emailNotifications: false, progressTracking: true } })).status).toBe(200);
    const mum = await open(ann, 'Mum');
    const dad = await open(ann, 'Dad');
    await open(bob, 'Aunt');
    expect(MemoryRemindersSchema.parse((await ann.json(`/api/memories/${mum.memory.id}/reminders`)).body)).toEqual({
      enabled: true,
      emailNotifications: true,
      calendar: { subscribed: false, createdAt: null },
    });

    // Saturday 7 March, 09:00 UK time: 7 days before. One e-mail per memory.
    setClock(on('2026-03-07T09:00:00.000Z'));
    await eventually(() => expect(reminders(ANN.email)).toHaveLength(2));
    const [first] = reminders(ANN.email, 'Mum');
    expect(first!.subject).toBe('Reminder: Register the death – legal deadline in 7 days');
    expect(first!.text).toContain(`the legal deadline is ${formatDayEnGB(on('2026-03-14'))}, in 7 days.`);
    expect(first!.text).toContain(`${product.url}/dashboard`);
    const stopLink = first!.links.find((l) => l.includes('/api/reminders/unsubscribe?token='))!;
    expect(first!.headers).toEqual({ 'List-Unsubscribe': `<${stopLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

    // Later the same day, with more sweeps: a third memory's reminder arrives, and the first two are not sent again.
    setClock(on('2026-03-07T15:00:00.000Z'));
    await open(ann, 'Gran');
    await eventually(() => expect(reminders(ANN.email, 'Gran')).toHaveLength(1));
    expect(reminders(ANN.email, 'Mum')).toHaveLength(1);
    expect(reminders(ANN.email, 'Dad')).toHaveLength(1);

    // Dad's stop link, followed without signing in: the page asks, the button stops.
    const dadStop = reminders(ANN.email, 'Dad')[0]!.links.find((l) => l.includes('/api/reminders/unsubscribe?token='))!;
    const anonymous = new HttpSession(product.url);
    const page = await anonymous.fetch(dadStop);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('Stop reminders for this memory');
    const stopped = await anonymous.fetch(dadStop, { method: 'POST' });
    expect(stopped.status).toBe(200);
    expect(await stopped.text()).toContain('You will not get any more reminder e-mails about &quot;Dad&quot;.');
    expect(MemoryRemindersSchema.parse((await ann.json(`/api/memories/${dad.memory.id}/reminders`)).body).enabled).toBe(false);
    // A made-up token is a problem, not a page.
    const bogus = await anonymous.fetch(`/api/reminders/unsubscribe?token=${'x'.repeat(32)}`);
    expect(bogus.status).toBe(404);
    expect(ProblemDetailsSchema.parse(await bogus.json()).code).toBe('REMINDER_LINK_NOT_FOUND');

    // Friday 13 March, 22:00: the day-before reminders are due but it is quiet hours. Give the sweep many
    // turns; nothing may go (this can only pass wrongly, never fail wrongly, on a slow machine).
    setClock(on('2026-03-13T22:00:00.000Z'));
    await new Promise((r) => setTimeout(r, 3_000));
    expect(reminders(ANN.email)).toHaveLength(3);

    // Saturday 14 March, 08:00: quiet hours end; the day's reminders go (Mum, Gran), not Dad's (stopped),
    // and the evening's 'tomorrow' ones never went: their day was over by 08:00.
    setClock(on('2026-03-14T08:00:00.000Z'));
    await eventually(() => expect(reminders(ANN.email)).toHaveLength(5));
    expect(subjects(reminders(ANN.email, 'Mum'))).toEqual(['Reminder: Register the death – legal deadline in 7 days', 'Reminder: Register the death – legal deadline today']);
    expect(subjects(reminders(ANN.email, 'Gran'))).toHaveLength(2);
    expect(subjects(reminders(ANN.email, 'Dad'))).toEqual(['Reminder: Register the death – legal deadline in 7 days']);
    // Bob, with Email Notifications off, got none at all.
    expect(reminders(BOB.email)).toEqual([]);

    // A mail program's own unsubscribe (RFC 8058): its provider POSTs the List-Unsubscribe address from
    // its servers, with no Origin or cookie and a form body, and that stops Mum's reminders at once.
    const oneClick = await fetch(stopLink, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);
    expect(MemoryRemindersSchema.parse((await ann.json(`/api/memories/${mum.memory.id}/reminders`)).body).enabled).toBe(false);
  }, 120_000);

  it('gives a private calendar address, fetched without cookies, that stops working when revoked', async () => {
    const list = MemoryListResponseSchema.parse((await ann.json('/api/memories?include=details')).body);
    const mum = list.details!.find((d) => d.memory.name === 'Mum')!;
    const made = await ann.json(`/api/memories/${mum.memory.id}/calendar-subscription`, { method: 'POST' });
    expect(made.status).toBe(201);
    const { url } = CalendarSubscriptionSchema.parse(made.body);
    expect(url).toMatch(new RegExp(`^${product.url}/api/calendar/[\\w-]+\\.ics$`));
    // A calendar program: plain fetch, no cookie, no Origin.
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const register = events.find((e) => e.summary === 'Register the death (legal deadline)')!;
    expect(register.startDate.toString()).toBe(on('2026-03-14'));
    expect(MemoryRemindersSchema.parse((await ann.json(`/api/memories/${mum.memory.id}/reminders`)).body).calendar.subscribed).toBe(true);
    // Bob cannot make or revoke one on Ann's memory.
    expect((await bob.fetch(`/api/memories/${mum.memory.id}/calendar-subscription`, { method: 'DELETE' })).status).toBe(404);
    // Revoked: the old address answers 410 with a problem; a new one works.
    expect((await ann.fetch(`/api/memories/${mum.memory.id}/calendar-subscription`, { method: 'DELETE' })).status).toBe(204);
    const gone = await fetch(url);
    expect(gone.status).toBe(410);
    expect(ProblemDetailsSchema.parse(await gone.json()).code).toBe('CALENDAR_LINK_REVOKED');
    const again = CalendarSubscriptionSchema.parse((await ann.json(`/api/memories/${mum.memory.id}/calendar-subscription`, { method: 'POST' })).body);
    expect(again.url).not.toBe(url);
    expect((await fetch(again.url)).status).toBe(200);
    expect((await fetch(url)).status).toBe(410);
    expect((await fetch(`${product.url}/api/calendar/${'y'.repeat(32)}.ics`)).status).toBe(404);
  }, 60_000);
});
