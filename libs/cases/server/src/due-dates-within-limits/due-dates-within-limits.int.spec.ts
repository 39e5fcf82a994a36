import { randomUUID } from 'node:crypto';
import { createPrismaClient, persistenceMigrations, runMigrations, type PrismaClient } from '@afterwards/persistence';
import { expectEventually, testDatabaseFactories, type TestDatabase } from '@afterwards/persistence/testing';
import { eventStoreMigrations, PostgresEventStore } from '@afterwards/event-store';
import { CommandPipeline, ProjectionRunner } from '@afterwards/server-kit';
import { identityMigrations } from '@afterwards/identity-server';
import { caseStreamId, type CaseCommand, type CaseEvent } from '@afterwards/cases-domain';
import { casesMigrations } from '../cases.migrations';
import { caseCommands } from '../change-case/case-pipeline';
import { memoriesProjection } from '../memories-projection/memories.projection';
import { dueDatesWithinLimits } from './due-dates-within-limits.migration';

// A death on 6 November 2026, the memory started on 27 November: Bereavement Support Payment is paid in full
// only if claimed within 3 months of the death, by 6 February 2027. Checklists generated before the limit was
// recorded said 'by 25 February 2027' (3 months from the start) and stored it.
const DEATH = '2026-11-06';
const LIMIT = '2027-02-06';
const UNCAPPED = '2027-02-25';

describe.each(testDatabaseFactories)('due dates stored within their limits on %s', (_name, create) => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let prisma: PrismaClient;
  let runner: ProjectionRunner;
  const before = casesMigrations.filter((m) => m !== dueDatesWithinLimits);

  beforeAll(async () => {
    db = await create();
    await runMigrations(db.sql, [...persistenceMigrations, ...eventStoreMigrations, ...identityMigrations, ...before]);
    store = new PostgresEventStore(db.sql);
    prisma = createPrismaClient(db.sql);
    runner = new ProjectionRunner(store, prisma, [memoriesProjection], () => undefined);
    await runner.start();
  });
  afterAll(async () => {
    await runner.stop();
    await store.close();
    await prisma.$disconnect();
    await db.dispose();
  });

  const open = async (caseId: string) => {
    const command = {
      type: 'OpenCase',
      caseId,
      actorId: 'user-ann',
      at: '2026-11-27T10:00:00.000Z',
      details: { name: 'Mum', deceasedName: 'Margaret Jones', jurisdiction: 'England', dateOfDeath: DEATH },
      ids: randomUUID,
    } as CaseCommand;
    await new CommandPipeline(store, caseCommands()).run(caseId, command, { actor: 'user-ann' });
  };
  const dueDates = async (caseId: string) => {
    const rows = await db.sql.query<{ template_key: string; due: string }>(
      `SELECT template_key, to_char(due_date, 'YYYY-MM-DD') AS due FROM case_tasks WHERE case_id = $1::uuid ORDER BY sort`,
      [caseId],
    );
    return new Map(rows.rows.map((r) => [r.template_key, r.due]));
  };
  const projected = (caseId: string) => expectEventually(async () => expect((await dueDates(caseId)).size).toBe(12));

  it('brings rows stored past their limit back within it, and leaves every other date alone', async () => {
    const id = randomUUID();
    await open(id);
    await projected(id);
    const generated = await dueDates(id);
    expect(generated.get('claim-benefits')).toBe(LIMIT);
    // As a memory started before the limits were recorded holds it.
    await db.sql.query(`UPDATE case_tasks SET due_date = $2::date WHERE case_id = $1::uuid AND template_key = 'claim-benefits'`, [id, UNCAPPED]);

    expect(await runMigrations(db.sql, casesMigrations)).toEqual([dueDatesWithinLimits.id]);
    expect(await dueDates(id)).toEqual(generated);
    expect(await runMigrations(db.sql, casesMigrations)).toEqual([]);
  });

  it('stores a checklist recorded before the limit within it, so a rebuild from the events agrees', async () => {
    const source = randomUUID();
    await open(source);
    const recorded = await store.readStream(caseStreamId(source));
    const id = randomUUID();
    // The same memory's events as they were recorded before the limit: benefits 3 months from the start.
    const old = recorded.map((e) => {
      const event = { type: e.type, data: { ...(e.data as object), caseId: id } } as CaseEvent;
      if (event.type === 'ChecklistGenerated') {
        // New row ids: the read model's ids are the events' own.
        event.data.tasks = event.data.tasks.map((t) => ({ ...t, id: randomUUID(), dueDate: t.templateKey === 'claim-benefits' ? UNCAPPED : t.dueDate }));
        event.data.documents = event.data.documents.map((d) => ({ ...d, id: randomUUID() }));
      }
      return { ...event, metadata: e.metadata };
    });
    await store.append(caseStreamId(id), old, 'no_stream');
    await projected(id);
    expect((await dueDates(id)).get('claim-benefits')).toBe(LIMIT);
    expect(await dueDates(id)).toEqual(await dueDates(source));
  });
});
