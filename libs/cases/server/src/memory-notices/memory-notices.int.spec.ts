import { randomUUID } from 'node:crypto';
import { createPrismaClient, persistenceMigrations, runMigrations, type PrismaClient } from '@afterwards/persistence';
import { expectEventually, testDatabaseFactories, type TestDatabase } from '@afterwards/persistence/testing';
import { eventStoreMigrations, PostgresEventStore } from '@afterwards/event-store';
import { ProjectionRunner, type ProjectionChange } from '@afterwards/server-kit';
import { identityMigrations } from '@afterwards/identity-server';
import { createBullMqHarness, createInProcessHarness } from '@afterwards/jobs/testing';
import { SmtpMailer } from '@afterwards/mail';
import { startSmtpCapture, type SmtpCapture } from '@afterwards/testing';
import { caseStreamId } from '@afterwards/cases-domain';
import { casesMigrations } from '../cases.migrations';
import { runCaseCommands, type TestCaseCommand } from '../change-case/case-commands.testing';
import { MEMORY_NOTICES, memoryNoticesReactor, sendMemoryNoticeJob } from './memory-notices.reactor';
import { sendMemoryNotice } from './send-memory-notice.job';

/**
 * The memory-notices reactor on the real log and database, its job on the real queue (in-process on PGlite,
 * BullMQ on Redis with PostgreSQL), its e-mails through the SMTP transport to a real SMTP server.
 */
describe.each(testDatabaseFactories)('memory notices on %s', (name, create) => {
  const harness = name === 'pglite' ? createInProcessHarness() : createBullMqHarness();
  let db: TestDatabase;
  let store: PostgresEventStore;
  let prisma: PrismaClient;
  let runner: ProjectionRunner;
  let smtp: SmtpCapture;
  const changes: ProjectionChange[] = [];
  const tag = randomUUID().slice(0, 8);
  const person = (first: string) => ({ id: `user-${randomUUID()}`, email: `${first.toLowerCase()}.${tag}@example.test`, name: `${first} Ellis` });
  const [ann, ben, cara, dan] = [person('Ann'), person('Ben'), person('Cara'), person('Dan')];

  const runAs = (actor: string, caseId: string, ...commands: TestCaseCommand[]) => runCaseCommands(store, actor, caseId, ...commands);
  const startRunner = async () => {
    runner = new ProjectionRunner(store, prisma, [memoryNoticesReactor(queue())], (change) => changes.push(change));
    await runner.start();
  };
  let queueOf: ReturnType<typeof harness.create> | undefined;
  const queue = () => (queueOf ??= harness.create());
  const caught = async (caseId: string) => {
    const last = (await store.readStream(caseStreamId(caseId))).at(-1)!.position;
    await expectEventually(() => {
      const at = runner.status()[MEMORY_NOTICES];
      expect(at && (at.commit > last.commit || (at.commit === last.commit && at.prepare >= last.prepare))).toBe(true);
    }, 15_000);
  };
  const openMemory = async (caseId: string, deceasedName: string) =>
    runAs(ann.id, caseId, { type: 'OpenCase', details: { name: "Mum's private affairs", deceasedName, jurisdiction: 'England', dateOfDeath: '2026-11-10' }, ids: randomUUID });
  const join = (who: { id: string }, caseId: string, role: 'editor' | 'viewer') => runAs(who.id, caseId, { type: 'JoinCase', invitationId: randomUUID(), role });

  beforeAll(async () => {
    db = await create();
    await runMigrations(db.sql, [...persistenceMigrations, ...eventStoreMigrations, ...identityMigrations, ...casesMigrations]);
    store = new PostgresEventStore(db.sql);
    prisma = createPrismaClient(db.sql);
    smtp = await startSmtpCapture();
    for (const p of [ann, ben, cara, dan]) await db.sql.query(`INSERT INTO auth_users (id, name, email, "emailVerified") VALUES ($1, $2, $3, true)`, [p.id, p.name, p.email]);
    const mailer = new SmtpMailer(smtp.url, 'Afterwards <no-reply@afterwards.test>');
    queue().process(sendMemoryNoticeJob, async (job) => {
      await sendMemoryNotice({ sql: db.sql, mailer, publicUrl: 'http://afterwards.test' }, job.payload.noticeId);
    });
    await queue().start();
    await startRunner();
  }, 60_000);
  afterAll(async () => {
    await runner?.stop();
    await queueOf?.close();
    await harness.dispose();
    await smtp?.close();
    await store?.close();
    await prisma?.$disconnect();
    await db?.dispose();
  });

  it('the owner removes someone: that person is e-mailed, by name of who did it and whom the memory is about, and nothing private', async () => {
    const caseId = randomUUID();
    await openMemory(caseId, 'Margaret Ellis');
    await join(ben, caseId, 'editor');
    await runAs(ann.id, caseId, { type: 'AddNote', noteId: randomUUID(), title: 'Bank', content: 'Account number 12345678' });
    await runAs(ann.id, caseId, { type: 'RemoveMember', memberId: ben.id });
    const mail = await smtp.waitFor(ben.email);
    expect(mail.subject).toBe('Margaret Ellis: a memory is no longer shared with you');
    expect(mail.text).toContain('Ann Ellis has stopped sharing the memory of Margaret Ellis with you');
    expect(mail.text).not.toMatch(/private affairs|12345678|Bank/);
    // The screen of the person removed is told, and only theirs: the kind and the memory, no names.
    await expectEventually(() => expect(changes.some((c) => c.ids.includes(`removed:${caseId}`) && c.rooms.join() === `memory-notices:${ben.id}`)).toBe(true));
    await caught(caseId);
    expect(smtp.messagesTo(ann.email)).toEqual([]);
    // Sent: the names the row held for the e-mail are gone.
    await expectEventually(async () => {
      const { rows } = await db.sql.query(`SELECT deceased_name, actor_name, sent_at FROM memory_notices WHERE case_id = $1`, [caseId]);
      expect(rows).toEqual([{ deceased_name: null, actor_name: null, sent_at: expect.any(Date) }]);
    });
  }, 60_000);

  it('a restart that reads the log again sends nothing twice', async () => {
    const caseId = randomUUID();
    await openMemory(caseId, 'Peter Ellis');
    await join(cara, caseId, 'viewer');
    await runAs(ann.id, caseId, { type: 'RemoveMember', memberId: cara.id });
    await smtp.waitFor(cara.email, (m) => m.subject.startsWith('Peter Ellis'));
    await caught(caseId);
    await runner.stop();
    // As after a crash before the checkpoint moved: the reactor reads every event again.
    await db.sql.query(`DELETE FROM projection_checkpoints WHERE projection = $1`, [MEMORY_NOTICES]);
    await startRunner();
    await caught(caseId);
    await expectEventually(async () => {
      const { rows } = await db.sql.query(`SELECT count(*)::int AS n FROM memory_notices WHERE case_id = $1 AND sent_at IS NULL`, [caseId]);
      expect(rows[0]).toEqual({ n: 0 });
    });
    expect(smtp.messagesTo(cara.email).filter((m) => m.subject.startsWith('Peter Ellis'))).toHaveLength(1);
  }, 60_000);

  it('someone leaves: the owner is told; the owner deletes their account: everyone still on the memory is told, after the account is gone', async () => {
    const caseId = randomUUID();
    await openMemory(caseId, 'Rose Ellis');
    await join(cara, caseId, 'editor');
    await join(dan, caseId, 'viewer');
    await runAs(cara.id, caseId, { type: 'RemoveMember', memberId: cara.id });
    const left = await smtp.waitFor(ann.email, (m) => m.subject.startsWith('Rose Ellis'));
    expect(left.subject).toBe('Rose Ellis: someone has left your shared memory');
    expect(left.text).toContain('Cara Ellis is no longer on the memory of Rose Ellis');

    await runAs(ann.id, caseId, { type: 'DeleteCase', because: 'account-deleted' });
    await caught(caseId);
    // As account erasure does once the reactor has seen the tombstone: the owner's identity rows go.
    await db.sql.query(`DELETE FROM auth_users WHERE id = $1`, [ann.id]);
    const gone = await smtp.waitFor(dan.email, (m) => m.subject.startsWith('Rose Ellis'));
    expect(gone.subject).toBe('Rose Ellis: a shared memory is no longer available');
    expect(gone.text).toContain('Ann Ellis has closed their Afterwards account, and the memory of Rose Ellis that they shared with you was deleted with it.');
    expect(gone.text).not.toContain('private affairs');
    // Cara had already left: she loses nothing more, and hears nothing more.
    expect(smtp.messagesTo(cara.email).filter((m) => m.subject.startsWith('Rose Ellis'))).toEqual([]);
    // Nothing of the memory stays with the reactor once it is deleted; the sent rows keep ids only.
    expect((await db.sql.query(`SELECT 1 FROM memory_notice_subjects WHERE case_id = $1`, [caseId])).rows).toEqual([]);
    await expectEventually(async () => {
      const { rows } = await db.sql.query(`SELECT count(*)::int AS n FROM memory_notices WHERE case_id = $1 AND (deceased_name IS NOT NULL OR actor_name IS NOT NULL)`, [caseId]);
      expect(rows[0]).toEqual({ n: 0 });
    });
  }, 60_000);
});
