import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPrismaClient, persistenceMigrations, runMigrations, type PrismaClient } from '@afterwards/persistence';
import { expectEventually, testDatabaseFactories, type TestDatabase } from '@afterwards/persistence/testing';
import { eventStoreMigrations, PostgresEventStore } from '@afterwards/event-store';
import { CommandPipeline, ProjectionRunner, type Clock } from '@afterwards/server-kit';
import { identityMigrations } from '@afterwards/identity-server';
import { organisationsMigrations } from '@afterwards/organisations-server';
import { createBullMqHarness, createInProcessHarness } from '@afterwards/jobs/testing';
import { OutboxMailer, readOutbox, SmtpMailer } from '@afterwards/mail';
import { dueDigest, type CaseCommand } from '@afterwards/cases-domain';
import { casesMigrations } from '../cases.migrations';
import { caseCommands } from '../change-case/case-pipeline';
import { runCaseCommands } from '../change-case/case-commands.testing';
import { memoriesProjection } from '../memories-projection/memories.projection';
import { getMemoryDetail } from '../read-model/memory.queries';
import { setMemoryReminders } from '../memory-reminders/memory-reminders.http.controller';
import { readReminderRecipients, REMINDER_RECIPIENTS } from './due-reminders';
import { sendReminder, sendReminderJob, sweepReminders, type ReminderDeps } from './send-reminder.job';

/**
 * The reminders sweep and its send job on the real read model: on PGlite with the in-process jobs driver
 * (the embedded profile), on PostgreSQL with BullMQ on Redis under a prefix of its own (the services profile).
 */
describe.each(testDatabaseFactories)('reminders sweep and send on %s', (name, create) => {
  const harness = name === 'pglite' ? createInProcessHarness() : createBullMqHarness();
  let db: TestDatabase;
  let store: PostgresEventStore;
  let prisma: PrismaClient;
  let runner: ProjectionRunner;
  let outbox: string;
  let now = new Date('2026-03-07T10:00:00Z');
  const clock: Clock = { now: () => now };
  const OWNER = `user-${randomUUID()}`;
  const EMAIL = 'ann.reminders@example.test';
  const caseId = randomUUID();
  let registerId: string;
  let deps: ReminderDeps;

  beforeAll(async () => {
    db = await create();
    await runMigrations(db.sql, [...persistenceMigrations, ...eventStoreMigrations, ...identityMigrations, ...casesMigrations, ...organisationsMigrations]);
    store = new PostgresEventStore(db.sql);
    prisma = createPrismaClient(db.sql);
    runner = new ProjectionRunner(store, prisma, [memoriesProjection]);
    await runner.start();
    outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'reminders-outbox-'));
    deps = {
      sql: db.sql,
      clock,
      mailer: new OutboxMailer(outbox, 'Afterwards <no-reply@afterwards.local>'),
      publicUrl: 'http://afterwards.test',
      supportEmail: 'help@afterwards.test',
    };
    await db.sql.query(`INSERT INTO auth_users (id, name, email, "emailVerified") VALUES ($1, 'Ann', $2, true)`, [OWNER, EMAIL]);
    // Died 9 March 2026 in England: registering the death is due by 14 March (5 days).
    await run({ type: 'OpenCase', details: { name: 'Mum', deceasedName: 'Margaret Ellis', jurisdiction: 'England', dateOfDeath: '2026-03-09' }, ids: randomUUID } as never);
    await expectEventually(async () => expect(await getMemoryDetail(prisma, OWNER, caseId)).not.toBeNull());
    const detail = (await getMemoryDetail(prisma, OWNER, caseId))!;
    const register = detail.tasks.find((t) => t.templateKey === 'register-death')!;
    expect(register).toMatchObject({ dueDate: '2026-03-14', deadlineKind: 'statutory' });
    registerId = register.id;
  });
  afterAll(async () => {
    await runner.stop();
    await store.close();
    await prisma.$disconnect();
    await db.dispose();
    await harness.dispose();
    fs.rmSync(outbox, { recursive: true, force: true });
  });

  async function run(command: Record<string, unknown>): Promise<void> {
    // Opened the day after the death, as the test clock has it: a memory started months late gets no
    // reminders for its first-week tasks (issue 40, item 2).
    const at = command.type === 'OpenCase' ? '2026-03-10T09:00:00.000Z' : new Date().toISOString();
    const full = { ...command, caseId, actorId: OWNER, at } as CaseCommand;
    await new CommandPipeline(store, caseCommands()).run(caseId, full, { actor: OWNER });
  }
  /** What each person's e-mail of that instant would list from `memory`, as `who:task:offset`, by the sender's own read. */
  const itemsAt = async (at: string, memory = caseId, names: Record<string, string> = {}) => {
    const people = await readReminderRecipients(db.sql, new Date(at), { sending: true });
    return people.flatMap((p) =>
      (dueDigest(p.memories, new Date(at))?.sections ?? [])
        .filter((s) => s.caseId === memory)
        .flatMap((s) => s.items.map((i) => `${p.userId === OWNER ? 'ann' : p.userId}:${names[i.taskId] ?? (i.taskId === registerId ? 'register' : 'other')}:${i.offset}`)),
    );
  };
  /** The register-the-death reminders of the instant, for Ann. */
  const dueFor = async (at: string) => (await itemsAt(at)).filter((k) => k.startsWith('ann:register:')).map((k) => k.slice('ann:'.length));
  const mails = async () => (await readOutbox(outbox)).filter((m) => m.to === EMAIL);

  it('sends nothing in the first 24 hours, then one e-mail for the day whatever runs it twice, and queues nothing once sent', async () => {
    // Started Tuesday 10 March 09:00: nothing until 08:00 on Thursday 12th (the first 08:00 a day later).
    const queue = harness.create();
    const results: string[] = [];
    queue.process(sendReminderJob, async (job) => {
      results.push(await sendReminder(deps, job.payload));
    });
    await queue.start();
    try {
      for (const at of ['2026-03-10T12:00:00Z', '2026-03-11T08:00:00Z', '2026-03-11T10:00:00Z', '2026-03-11T20:00:00Z']) {
        now = new Date(at);
        expect(await sweepReminders(deps, queue)).toEqual({ due: 0, queued: 0 });
      }
      now = new Date('2026-03-12T08:00:00Z');
      expect(await sweepReminders(deps, queue)).toEqual({ due: 1, queued: 1 });
      await expectEventually(() => expect(results).toEqual(['sent']));
      const sent = await mails();
      expect(sent).toHaveLength(1);
      expect(sent[0]!.subject).toMatch(/^Reminders for Margaret Ellis: \d+ things? this week$/);
      expect(sent[0]!.links[1]).toMatch(/^http:\/\/afterwards\.test\/api\/reminders\/unsubscribe\?token=[\w-]+$/);
      // Sent: later sweeps that day find nothing to queue.
      now = new Date('2026-03-12T15:00:00Z');
      expect(await sweepReminders(deps, queue)).toEqual({ due: 0, queued: 0 });
    } finally {
      await queue.close();
    }
    // Two workers on the same day's e-mail at once (a retry racing a duplicate, a second replica): the claim lets one through.
    const payload = { userId: OWNER, day: '2026-03-13' };
    now = new Date('2026-03-13T09:30:00Z');
    expect(await dueFor('2026-03-13T09:30:00Z')).toEqual(['register:1d']);
    // (A run that reads after the winner's claim sees it as not due; one that read before loses the insert.)
    const raced = await Promise.all([sendReminder(deps, payload), sendReminder(deps, payload), sendReminder(deps, payload)]);
    expect(raced.filter((r) => r === 'sent')).toHaveLength(1);
    const all = await mails();
    expect(all).toHaveLength(2);
    expect(all[1]!.text).toContain('Register the death: the legal deadline is Saturday 14 March 2026, tomorrow.');
    expect(await sendReminder(deps, payload)).toBe('not-due');
    // A day that is not today's is never sent.
    expect(await sendReminder(deps, { userId: OWNER, day: '2026-03-14' })).toBe('not-due');
  });

  it('waits out quiet hours, gives a failed send back for its retry, and stops for a switch, Settings or a ticked task', async () => {
    // The evening before: quiet from 21:00; at 08:00 the reminder of the day.
    expect(await dueFor('2026-03-13T22:00:00Z')).toEqual([]);
    expect(await dueFor('2026-03-14T07:59:00Z')).toEqual([]);
    expect(await dueFor('2026-03-14T08:00:00Z')).toEqual(['register:day']);
    now = new Date('2026-03-14T08:00:00Z');
    const payload = { userId: OWNER, day: '2026-03-14' };
    // A mail server that is down: the send fails and the reminder stays due for the retry.
    await expect(sendReminder({ ...deps, mailer: new SmtpMailer('smtp://127.0.0.1:1', 'x@afterwards.test') }, payload)).rejects.toThrow();
    expect(await dueFor('2026-03-14T08:00:00Z')).toEqual(['register:day']);
    // The memory's switch, then Settings' Email Notifications.
    await setMemoryReminders(db.sql, OWNER, caseId, false, now);
    expect(await dueFor('2026-03-14T08:00:00Z')).toEqual([]);
    await setMemoryReminders(db.sql, OWNER, caseId, true, now);
    await db.sql.query(`INSERT INTO user_settings (user_id, email_notifications) VALUES ($1, false)`, [OWNER]);
    expect(await dueFor('2026-03-14T08:00:00Z')).toEqual([]);
    await db.sql.query(`UPDATE user_settings SET email_notifications = true WHERE user_id = $1`, [OWNER]);
    expect(await dueFor('2026-03-14T08:00:00Z')).toEqual(['register:day']);
    // Ticked: nothing more for that task.
    await run({ type: 'CompleteTask', taskId: registerId });
    await expectEventually(async () => expect(await dueFor('2026-03-14T08:00:00Z')).toEqual([]));
    expect(await sendReminder(deps, payload)).toBe('not-due');
  });

  it('follows a changed date of death: the moved deadline gets its own reminders', async () => {
    await run({ type: 'ReopenTask', taskId: registerId });
    await run({ type: 'EditCaseDetails', changes: { dateOfDeath: '2026-04-01' } });
    // The sweep reads the new due date from the read model: nothing to reschedule.
    await expectEventually(async () => {
      const detail = (await getMemoryDetail(prisma, OWNER, caseId))!;
      expect(detail.tasks.find((t) => t.id === registerId)!.dueDate).not.toBe('2026-03-14');
    });
    const due = (await getMemoryDetail(prisma, OWNER, caseId))!.tasks.find((t) => t.id === registerId)!.dueDate!;
    const sevenBefore = new Date(Date.parse(`${due}T12:00:00Z`) - 7 * 86_400_000).toISOString();
    expect(await dueFor(sevenBefore)).toEqual(['register:7d']);
    expect(await dueFor('2026-03-07T10:00:00Z')).toEqual([]);
  });

  it('sends the reminders of a shared memory to everyone on it, a viewer in words for someone who cannot tick, none once they choose so', async () => {
    const BEN = `user-${randomUUID()}`;
    await db.sql.query(`INSERT INTO auth_users (id, name, email, "emailVerified") VALUES ($1, 'Ben', 'ben.reminders@example.test', true)`, [BEN]);
    await runCaseCommands(store, BEN, caseId, { type: 'JoinCase', invitationId: randomUUID(), role: 'viewer' });
    await expectEventually(async () => expect(await getMemoryDetail(prisma, BEN, caseId)).not.toBeNull());
    const recipients = await db.sql.query<{ user_id: string }>(`SELECT user_id FROM (${REMINDER_RECIPIENTS}) r WHERE case_id = $1 ORDER BY user_id`, [caseId]);
    expect(recipients.rows.map((r) => r.user_id).sort()).toEqual([OWNER, BEN].sort());
    // Ben can only view: his e-mail says Ann will see them, not that he can tick them off.
    const dueDate = (await getMemoryDetail(prisma, OWNER, caseId))!.tasks.find((t) => t.id === registerId)!.dueDate!;
    const at = new Date(Date.parse(`${dueDate}T09:00:00Z`) - 86_400_000);
    const ben = (await readReminderRecipients(db.sql, at, { userId: BEN, sending: true }))[0]!;
    const section = dueDigest(ben.memories, at)!.sections.find((s) => s.caseId === caseId)!;
    expect(section.canTick).toBe(false);
    expect(section.note).toMatch(/^Ann will see (this|these) on the checklist\./);
    expect(section.note).not.toContain('tick it off');
    // Ben chooses to hear nothing about memories he can only view; Ann still hears.
    await db.sql.query(`INSERT INTO reminder_preferences (user_id, viewer_reminders, updated_at) VALUES ($1, false, now())`, [BEN]);
    expect(await readReminderRecipients(db.sql, at, { userId: BEN, sending: true })).toEqual([]);
    expect((await itemsAt(at.toISOString())).filter((k) => k.startsWith('ann:register:'))).toEqual(['ann:register:1d']);
  });

  it('sends no reminder for a task that must have happened before a late start, marked or not (issue 40, item 2)', async () => {
    // Ireland, started 1 May 2026, six months after a death on 1 November 2025: the funeral's suggested
    // timing counts from the start (8 May), so without the rule its reminder would go on 1 May.
    const lateId = randomUUID();
    const full = {
      type: 'OpenCase',
      caseId: lateId,
      actorId: OWNER,
      at: '2026-05-01T09:00:00.000Z',
      details: { name: 'Dad', deceasedName: 'Seán Byrne', jurisdiction: 'Ireland', dateOfDeath: '2025-11-01' },
      ids: randomUUID,
    } as unknown as CaseCommand;
    await new CommandPipeline(store, caseCommands()).run(lateId, full, { actor: OWNER });
    await expectEventually(async () => expect(await getMemoryDetail(prisma, OWNER, lateId)).not.toBeNull());
    const tasks = (await getMemoryDetail(prisma, OWNER, lateId))!.tasks;
    const key = (taskId: string) => tasks.find((t) => t.id === taskId)!.templateKey;
    expect(tasks.find((t) => t.templateKey === 'arrange-funeral')!.dueDate).toBe('2026-05-08');
    const due = async (at: string) => {
      const people = await readReminderRecipients(db.sql, new Date(at), { userId: OWNER, sending: true });
      return (dueDigest(people[0]?.memories ?? [], new Date(at))?.sections ?? []).filter((x) => x.caseId === lateId).flatMap((x) => x.items.map((i) => key(i.taskId)));
    };
    // 1 May: the funeral and securing the home (both due 8 May) would be in 7 days; telling departments is not due yet.
    expect(await due('2026-05-01T10:00:00Z')).toEqual([]);
    expect(await due('2026-05-07T10:00:00Z')).toEqual([]);
    // Telling government departments and the employer (14 days, not first-week tasks) are still reminded.
    expect((await due('2026-05-08T10:00:00Z')).sort()).toEqual(['notify-employer-pensions', 'tell-government-ie']);
  });

  it('mentions a letter sent to an organisation and not answered in its usual time, in the same one e-mail, weekly, until acknowledged', async () => {
    // Cara's memory has no date of death (so no dated tasks): the letter alone is the e-mail.
    const CARA = `user-${randomUUID()}`;
    const caraCase = randomUUID();
    await db.sql.query(`INSERT INTO auth_users (id, name, email, "emailVerified") VALUES ($1, 'Cara', 'cara.reminders@example.test', true)`, [CARA]);
    const open = {
      type: 'OpenCase',
      caseId: caraCase,
      actorId: CARA,
      at: '2026-06-01T09:00:00.000Z',
      details: { name: 'Grandad', deceasedName: 'Owen Pryce', jurisdiction: 'Wales' },
      ids: randomUUID,
    };
    await new CommandPipeline(store, caseCommands()).run(caraCase, open as unknown as CaseCommand, { actor: CARA });
    await expectEventually(async () => expect(await getMemoryDetail(prisma, CARA, caraCase)).not.toBeNull());
    // The organisations' read model (its own context's projection writes it; here, the row it would write).
    await db.sql.query(
      `INSERT INTO memory_organisations (id, case_id, organisation_id, name, kind, address, email, usual_reply_days, status, sent_on, version, added_at, updated_at)
       VALUES ($1, $2, 'nationwide', 'Nationwide Building Society', 'building-society', '[]', NULL, 21, 'letter-sent', '2026-06-02', 2, now(), now())`,
      [randomUUID(), caraCase],
    );
    const linesOn = async (at: string) => {
      const people = await readReminderRecipients(db.sql, new Date(at), { userId: CARA, sending: true });
      return dueDigest(people[0]?.memories ?? [], new Date(at))?.sections.flatMap((x) => x.lines) ?? [];
    };
    // Sent 2 June, 21 days to reply: waiting from 23 June, then mentioned again a week later.
    expect(await linesOn('2026-06-22T09:00:00Z')).toEqual([]);
    expect(await linesOn('2026-06-23T09:00:00Z')).toEqual(['Nationwide Building Society has not replied to your letter of 2 June']);
    expect(await linesOn('2026-06-24T09:00:00Z')).toEqual([]);
    expect(await linesOn('2026-06-30T09:00:00Z')).toHaveLength(1);
    // The sender says it in the day's e-mail, by the same read and rule.
    now = new Date('2026-06-23T09:00:00Z');
    expect(await sendReminder(deps, { userId: CARA, day: '2026-06-23' })).toBe('sent');
    const mail = (await readOutbox(outbox)).find((m) => m.to === 'cara.reminders@example.test')!;
    expect(mail.subject).toBe('Reminders for Owen Pryce: 1 thing this week');
    expect(mail.text).toContain('Nationwide Building Society has not replied to your letter of 2 June');
    expect(mail.text).toContain('mark the letter acknowledged');
    // Acknowledged: never mentioned again.
    await db.sql.query(`UPDATE memory_organisations SET status = 'acknowledged' WHERE case_id = $1`, [caraCase]);
    expect(await linesOn('2026-06-30T09:00:00Z')).toEqual([]);
  });

  it("Delete Forever takes the memory's reminder and calendar rows with it", async () => {
    await setMemoryReminders(db.sql, OWNER, caseId, false, now);
    await db.sql.query(`INSERT INTO calendar_subscriptions (token_hash, user_id, case_id, created_at) VALUES ('h', $1, $2, now())`, [OWNER, caseId]);
    const count = async () =>
      (
        await db.sql.query<{ n: string }>(
          `SELECT (SELECT count(*) FROM reminder_optouts WHERE case_id = $1) + (SELECT count(*) FROM reminders_sent WHERE case_id = $1) + (SELECT count(*) FROM calendar_subscriptions WHERE case_id = $1) + (SELECT count(*) FROM reminder_digests WHERE $1::uuid = ANY (case_ids)) AS n`,
          [caseId],
        )
      ).rows[0]!.n;
    expect(Number(await count())).toBeGreaterThanOrEqual(4);
    await run({ type: 'DeleteCase' });
    await expectEventually(async () => expect(Number(await count())).toBe(0));
  });
});
