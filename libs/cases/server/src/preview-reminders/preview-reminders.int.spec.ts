import { firstReminderDay, ukWallTime } from '@afterwards/cases-domain';
import { addDays, isoDateIn } from '@afterwards/checklist-domain';
import { organisationsMigrations } from '@afterwards/organisations-server';
import { GetMemory } from '../get-memory/get-memory.query';
import { memoriesSuite } from '../memory-commands/memories-side.testing';
import { PreviewRemindersController } from './preview-reminders.http.controller';

// Died yesterday, in England: registering the death is due within 5 days, so the first e-mail will speak of it.
const DIED = addDays(isoDateIn(new Date()), -1);

describe("Settings' 'What we will send'", () => {
  const now = new Date();
  // The reminders read the organisations' letters too, so their tables are there (empty).
  const { side, route, ann, bob } = memoriesSuite({ route: (s) => new PreviewRemindersController(s.sessions, s.db.sql, { now: () => now }), migrations: organisationsMigrations });
  let id: string;
  beforeAll(async () => {
    id = await side().open(ann, 'Mum', { dateOfDeath: DIED });
  });

  it("shows the owner the first e-mail, at 08:00 on the first day after the memory's first 24 hours, as the sender would write it", async () => {
    const { memory } = await side().queries.execute(new GetMemory(ann, id));
    const preview = await route().next(side().request(ann));
    expect(preview).toMatchObject({ emailNotifications: true, viewerReminders: true, viewsAny: false });
    expect(preview.next!.sendAt).toBe(ukWallTime(firstReminderDay(new Date(memory.createdAt)), 8).toISOString());
    expect(preview.next!.subject).toMatch(/^Reminders for Margaret Ellis: \d+ things? this week$/);
    expect(preview.next!.sections.map((s) => [s.memoryName, s.deceasedName])).toEqual([['Mum', 'Margaret Ellis']]);
    expect(preview.next!.sections[0]!.lines.join('\n')).toContain('Arrange the funeral: suggested by');
  });

  it("keeps a viewer's choice to hear nothing of memories they only view, and shows them nothing to come while it holds", async () => {
    await side().run(bob, id, { type: 'JoinCase', invitationId: crypto.randomUUID(), role: 'viewer' });
    expect(await route().next(side().request(bob))).toMatchObject({
      viewerReminders: true,
      viewsAny: true,
      next: { subject: expect.stringMatching(/^Reminders for Margaret Ellis/) },
    });
    expect(await route().set(side().request(bob), { viewerReminders: false })).toMatchObject({ viewerReminders: false, viewsAny: true, next: null });
    expect((await side().db.sql.query('SELECT user_id, viewer_reminders FROM reminder_preferences')).rows).toEqual([{ user_id: bob, viewer_reminders: false }]);
    // Only the caller's own choice: Ann still hears of her memory.
    expect((await route().next(side().request(ann))).next).not.toBeNull();
    expect((await route().set(side().request(bob), { viewerReminders: true })).next).not.toBeNull();
  });

  it('says when Settings sends no e-mail at all, has nothing for someone with no memories, and refuses a bad body or no session', async () => {
    await side().db.sql.query('INSERT INTO user_settings (user_id, email_notifications) VALUES ($1, false)', [ann]);
    expect(await route().next(side().request(ann))).toMatchObject({ emailNotifications: false });
    const cara = await side().person('Cara Lowe');
    expect(await route().next(side().request(cara))).toEqual({ emailNotifications: true, viewerReminders: true, viewsAny: false, next: null });
    await expect(route().set(side().request(cara), { viewerReminders: 'no' })).rejects.toMatchObject({ issues: [{ path: ['viewerReminders'] }] });
    await expect(route().next(side().request())).rejects.toMatchObject({ status: 401, code: 'NOT_SIGNED_IN' });
  });
});
