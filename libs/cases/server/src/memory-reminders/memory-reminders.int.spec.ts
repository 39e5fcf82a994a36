import { CASE_MESSAGES } from '@afterwards/cases-domain';
import { memoriesSuite } from '../memory-commands/memories-side.testing';
import { MemoryRemindersController } from './memory-reminders.http.controller';

describe("a memory's reminder switch", () => {
  const { side, route, ann, bob } = memoriesSuite({ route: (s) => new MemoryRemindersController(s.sessions, s.prisma, s.db.sql) });
  const optouts = async () => (await side().db.sql.query<{ user_id: string }>('SELECT user_id FROM reminder_optouts ORDER BY user_id')).rows.map((r) => r.user_id);

  it('is on until turned off, each person for themselves, and says whether Settings sends e-mail at all', async () => {
    const id = await side().open(ann);
    await side().run(bob, id, { type: 'JoinCase', invitationId: crypto.randomUUID(), role: 'viewer' });
    expect(await route().get(side().request(ann), id)).toEqual({ enabled: true, emailNotifications: true, calendar: { subscribed: false, createdAt: null } });

    expect(await route().put(side().request(bob), id, { enabled: false })).toMatchObject({ enabled: false });
    expect(await optouts()).toEqual([bob]);
    expect((await route().get(side().request(ann), id)).enabled).toBe(true);
    // Turning it off twice keeps one row; on again removes it.
    await route().put(side().request(bob), id, { enabled: false });
    expect(await optouts()).toEqual([bob]);
    expect(await route().put(side().request(bob), id, { enabled: true })).toMatchObject({ enabled: true });
    expect(await optouts()).toEqual([]);

    await side().db.sql.query('INSERT INTO user_settings (user_id, email_notifications) VALUES ($1, false)', [ann]);
    expect(await route().get(side().request(ann), id)).toMatchObject({ enabled: true, emailNotifications: false });
  });

  it('answers 404 for a memory the person is not on (writing nothing), a body without the switch, and 401 signed out', async () => {
    const id = await side().open(ann, 'Dad');
    const cara = await side().person('Cara Lowe');
    const notFound = { status: 404, code: 'CASE_NOT_FOUND', message: CASE_MESSAGES.notFound };
    await expect(route().get(side().request(cara), id)).rejects.toMatchObject(notFound);
    await expect(route().put(side().request(cara), id, { enabled: false })).rejects.toMatchObject(notFound);
    await expect(route().get(side().request(ann), 'not-a-memory')).rejects.toMatchObject(notFound);
    expect(await optouts()).toEqual([]);
    await expect(route().put(side().request(ann), id, {})).rejects.toMatchObject({ issues: [{ path: ['enabled'] }] });
    await expect(route().get(side().request(), id)).rejects.toMatchObject({ status: 401, code: 'NOT_SIGNED_IN' });
  });
});
