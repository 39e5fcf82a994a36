import { randomBytes, randomUUID } from 'node:crypto';
import { createPrismaClient, persistenceMigrations, runMigrations, type PrismaClient } from '@afterwards/persistence';
import { expectEventually, testDatabaseFactories, type TestDatabase } from '@afterwards/persistence/testing';
import { eventStoreMigrations, PostgresEventStore, START } from '@afterwards/event-store';
import { CommandPipeline, ProjectionRunner, rebuildProjections, saveCheckpoint } from '@afterwards/server-kit';
import { identityMigrations } from '@afterwards/identity-server';
import { casesMigrations } from '@afterwards/cases-server';
import { memoryOrganisationsStreamId, type MemoryOrganisationsCommand } from '@afterwards/organisations-domain';
import { organisationsMigrations } from '../organisations.migrations';
import { memoryOrganisationsCommands } from '../change-memory-organisations/change-memory-organisations.handler';
import { MemoryOrganisationsSealer } from '../sealing/memory-organisations-sealer';
import { readMemoryOrganisations } from '../get-memory-organisations/memory-organisations.read';
import { memoryOrganisationsProjection } from './memory-organisations.projection';

describe.each(testDatabaseFactories)("a memory's organisations, projected and sealed, on %s", (_name, create) => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let prisma: PrismaClient;
  let sealer: MemoryOrganisationsSealer;
  const master = randomBytes(32);
  const ACCOUNT = '20-00-00 55667788';

  beforeAll(async () => {
    db = await create();
    await runMigrations(db.sql, [...persistenceMigrations, ...eventStoreMigrations, ...identityMigrations, ...casesMigrations, ...organisationsMigrations]);
    store = new PostgresEventStore(db.sql);
    prisma = createPrismaClient(db.sql);
    sealer = new MemoryOrganisationsSealer(db.sql, () => master);
  });
  afterAll(async () => {
    await store.close();
    await prisma.$disconnect();
    await db.dispose();
  });

  /** A memory's row, as the memories projection would write it (the sealer makes keys only for a memory that exists). */
  async function memory(): Promise<string> {
    const id = randomUUID();
    await db.sql.query(
      `INSERT INTO cases (id, user_id, name, deceased_name, jurisdiction, template_version, revision, created_at, updated_at)
       VALUES ($1, 'user-ann', 'Mum', 'Margaret Ellis', 'Scotland', 'v1', 0, now(), now())`,
      [id],
    );
    return id;
  }
  const run = (caseId: string, command: MemoryOrganisationsCommand) => new CommandPipeline(store, memoryOrganisationsCommands()).run(caseId, command, { actor: 'user-ann' });
  const caught = async (runner: ProjectionRunner, caseId: string) => {
    const last = (await store.readStream(memoryOrganisationsStreamId(caseId))).at(-1)!.position;
    await expectEventually(() => {
      const at = runner.status()[memoryOrganisationsProjection.name];
      expect(at && (at.commit > last.commit || (at.commit === last.commit && at.prepare >= last.prepare))).toBe(true);
    });
  };
  const everything = async (): Promise<string> => {
    const events = await db.sql.query(`SELECT data::text AS t FROM events`);
    const rows = await db.sql.query(`SELECT t::text AS t FROM memory_organisations t UNION ALL SELECT l::text FROM memory_organisations_lists l`);
    return [...events.rows, ...rows.rows].map((r) => String((r as { t: string }).t)).join('\n');
  };

  it('keeps references, notes and the last address sealed in the events and the rows, opens them for the family, and replays to the same rows', async () => {
    const caseId = await memory();
    const entryId = randomUUID();
    const runner = new ProjectionRunner(store, prisma, [memoryOrganisationsProjection]);
    await runner.start();
    const key = await sealer.keyFor(caseId);
    await run(caseId, { type: 'GiveOrganisationAnswers', caseId, answers: { drove: true, passport: null, pensionOrBenefits: true, home: 'rented', employed: false } });
    await run(caseId, { type: 'GiveDeceasedLastAddress', caseId, lastAddress: key.seal(JSON.stringify(['4 Rowan Brae', 'Perth', 'PH1 2AB'])) });
    await run(caseId, { type: 'AddMemoryOrganisation', caseId, entryId, organisationId: 'nationwide', name: 'Nationwide Building Society', kind: 'building-society', address: ['Swindon', 'SN38 3FN'], email: null, usualReplyDays: 21 });
    await run(caseId, {
      type: 'EditMemoryOrganisation',
      caseId,
      entryId,
      today: '2026-11-28',
      references: key.seal(JSON.stringify([{ label: 'Account number', value: ACCOUNT }])),
      notes: key.seal('Joint with Ann'),
      status: { status: 'letter-sent', on: '2026-11-01' },
    });
    await run(caseId, { type: 'EditMemoryOrganisation', caseId, entryId, today: '2026-11-28', status: { status: 'closed', on: '2026-11-27', amountMinor: 152_030 } });
    await caught(runner, caseId);
    await runner.stop();

    const list = await readMemoryOrganisations(db.sql, sealer, { id: caseId, jurisdiction: 'Scotland' }, '2026-11-28');
    expect(list.answers).toMatchObject({ drove: true, home: 'rented' });
    expect(list.lastAddress).toEqual(['4 Rowan Brae', 'Perth', 'PH1 2AB']);
    expect(list.organisations).toEqual([
      expect.objectContaining({
        id: entryId,
        references: [{ label: 'Account number', value: ACCOUNT }],
        notes: 'Joint with Ann',
        status: 'closed',
        dates: { sentOn: '2026-11-01', toldOn: null, acknowledgedOn: null, closedOn: '2026-11-27' },
        amountMinor: 152_030,
        waiting: false,
        version: 4,
      }),
    ]);
    expect(list.startingList.national.find((n) => n.organisationId === 'nationwide')).toBeUndefined();
    const stored = await everything();
    expect(stored).toContain('Nationwide Building Society');
    for (const secret of ['55667788', 'Joint with Ann', 'Rowan Brae']) expect(stored).not.toContain(secret);

    // Replayed from the start, and rebuilt beside the live tables: the same rows.
    const before = await memoryOrganisationsProjection.snapshot(prisma);
    await prisma.$transaction((tx) => saveCheckpoint(tx, memoryOrganisationsProjection.name, START));
    const replay = new ProjectionRunner(store, prisma, [memoryOrganisationsProjection]);
    await replay.start();
    await caught(replay, caseId);
    await replay.stop();
    expect(await memoryOrganisationsProjection.snapshot(prisma)).toEqual(before);
    const [report] = await rebuildProjections(store, prisma, [memoryOrganisationsProjection]);
    expect(report).toMatchObject({ equal: true });
  });

  it('erased: the tombstone alone is left of the stream, no row, and without the key no sealed copy opens', async () => {
    const caseId = await memory();
    const runner = new ProjectionRunner(store, prisma, [memoryOrganisationsProjection]);
    await runner.start();
    const key = await sealer.keyFor(caseId);
    const sealed = key.seal(ACCOUNT);
    await run(caseId, { type: 'AddMemoryOrganisation', caseId, entryId: randomUUID(), organisationId: null, name: 'Hollybush Bowls Club', kind: 'subscription', address: [], email: null, usualReplyDays: 21 });
    await run(caseId, { type: 'EraseMemoryOrganisations', caseId, erasedAt: '2026-11-28T10:00:00.000Z' });
    await sealer.forget(caseId);
    await caught(runner, caseId);
    await runner.stop();

    expect((await store.readStream(memoryOrganisationsStreamId(caseId))).map((e) => e.type)).toEqual(['MemoryOrganisationsErased']);
    expect((await db.sql.query(`SELECT 1 FROM memory_organisations WHERE case_id = $1 UNION ALL SELECT 1 FROM memory_organisations_lists WHERE case_id = $1`, [caseId])).rows).toEqual([]);
    expect(await sealer.existingKey(caseId)).toBeNull();
    // A new key (were one ever made again) opens nothing sealed under the old one.
    await expect(async () => (await sealer.keyFor(caseId)).open(sealed)).rejects.toThrow();
    const [report] = await rebuildProjections(store, prisma, [memoryOrganisationsProjection]);
    expect(report).toMatchObject({ equal: true });
  });
});
