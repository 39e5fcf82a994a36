import ICAL from 'ical.js';
import { CalendarSubscriptionSchema, MemoryRemindersSchema, ProblemDetailsSchema } from '@afterwards/contracts';
import { addDays, isoDateIn } from '@afterwards/checklist-domain';
import type { HttpSession, RunningProduct } from '@afterwards/testing';
import { createMemory, useMemoriesProduct } from '@afterwards/testing/memories';

// The death is yesterday, so registering it is due in 4 days (5 from the death), whatever day the test runs.
const DIED = addDays(isoDateIn(new Date()), -1);

/** A memory's calendar address over HTTP, fetched as calendar programs fetch it (services profile). */
describe('the calendar feed over HTTP (services profile)', () => {
  let product: RunningProduct;
  let ann: HttpSession;
  let bob: HttpSession;
  useMemoriesProduct((started) => ({ product, ann, bob } = started));

  it('gives a private calendar address, fetched without cookies, that stops working when revoked', async () => {
    const mum = await createMemory(ann, { name: 'Mum', deceasedName: 'Margaret Jones', jurisdiction: 'England', dateOfDeath: DIED });
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
    expect(register.startDate.toString()).toBe(addDays(DIED, 5));
    expect(MemoryRemindersSchema.parse((await ann.json(`/api/memories/${mum.memory.id}/reminders`)).body).calendar.subscribed).toBe(true);
    // Bob, who is not on Mum, cannot make or revoke one on it.
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
