import ICAL from 'ical.js';
import { CASE_MESSAGES } from '@afterwards/cases-domain';
import type { AppConfig } from '@afterwards/server-kit';
import { answerHeaders, memoriesSuite } from '../memory-commands/memories-side.testing';
import { MemoryRemindersController } from '../memory-reminders/memory-reminders.http.controller';
import { CALENDAR_LINK_NOT_FOUND, CALENDAR_LINK_REVOKED, CalendarSubscriptionController } from './calendar-subscription.http.controller';

const PUBLIC_URL = 'https://afterwards.test';

describe('a private calendar address for a memory', () => {
  const { side, route, ann, bob } = memoriesSuite({ route: (s) => new CalendarSubscriptionController(s.sessions, s.prisma, s.db.sql, { publicUrl: PUBLIC_URL } as AppConfig) });
  /** What a calendar program gets at the address: no session, only the token in the path. */
  const fetchFeed = async (url: string) => {
    const { reply, headers } = answerHeaders();
    const body = await route().feed(url.slice(url.lastIndexOf('/') + 1), reply);
    return { headers, body };
  };

  it("gives an address whose calendar holds the memory's deadlines, read afresh; a new address turns the old one off with 410", async () => {
    const id = await side().open(ann);
    const made = await route().create(side().request(ann), id);
    expect(made.url).toMatch(/^https:\/\/afterwards\.test\/api\/calendar\/[\w-]{32}\.ics$/);
    const feed = await fetchFeed(made.url);
    expect(feed.headers).toEqual({ 'content-type': 'text/calendar; charset=utf-8', 'cache-control': 'private, no-cache' });
    const events = new ICAL.Component(ICAL.parse(feed.body)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.find((e) => e.summary === 'Register the death (legal deadline)')!.startDate.toString()).toBe('2026-03-14');
    // Stored by its hash only: the token itself is nowhere in the database.
    const token = made.url.slice(made.url.lastIndexOf('/') + 1, -'.ics'.length);
    expect(JSON.stringify((await side().db.sql.query('SELECT * FROM calendar_subscriptions')).rows)).not.toContain(token);
    const reminders = new MemoryRemindersController(side().sessions, side().prisma, side().db.sql);
    expect((await reminders.get(side().request(ann), id)).calendar).toEqual({ subscribed: true, createdAt: made.createdAt });

    const replaced = await route().create(side().request(ann), id);
    expect(replaced.url).not.toBe(made.url);
    await expect(fetchFeed(made.url)).rejects.toMatchObject({ status: 410, code: CALENDAR_LINK_REVOKED, message: 'This calendar address was turned off by its owner.' });
    expect((await fetchFeed(replaced.url)).body).toContain('BEGIN:VCALENDAR');
  });

  it('revoked, the address answers 410; a made-up or malformed one 404; a memory deleted since, 404', async () => {
    const id = await side().open(ann, 'Dad');
    const { url } = await route().create(side().request(ann), id);
    await route().revoke(side().request(ann), id);
    expect((await new MemoryRemindersController(side().sessions, side().prisma, side().db.sql).get(side().request(ann), id)).calendar.subscribed).toBe(false);
    await expect(fetchFeed(url)).rejects.toMatchObject({ status: 410, code: CALENDAR_LINK_REVOKED });
    const notFound = { status: 404, code: CALENDAR_LINK_NOT_FOUND, message: 'There is no calendar at this address.' };
    await expect(route().feed(`${'y'.repeat(32)}.ics`, answerHeaders().reply)).rejects.toMatchObject(notFound);
    await expect(route().feed('not a token', answerHeaders().reply)).rejects.toMatchObject(notFound);

    const gone = await side().open(ann, 'Gran');
    const live = await route().create(side().request(ann), gone);
    await side().run(ann, gone, { type: 'DeleteCase' });
    await expect(fetchFeed(live.url)).rejects.toMatchObject(notFound);
  });

  it('makes or revokes an address only on a memory the person is on (404 otherwise), and never signed out', async () => {
    const id = await side().open(ann, 'Aunt');
    const notFound = { status: 404, code: 'CASE_NOT_FOUND', message: CASE_MESSAGES.notFound };
    await expect(route().create(side().request(bob), id)).rejects.toMatchObject(notFound);
    await expect(route().revoke(side().request(bob), id)).rejects.toMatchObject(notFound);
    await expect(route().create(side().request(), id)).rejects.toMatchObject({ status: 401, code: 'NOT_SIGNED_IN' });
    expect((await side().db.sql.query('SELECT 1 FROM calendar_subscriptions WHERE case_id = $1', [id])).rows).toEqual([]);
  });
});
