import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '@afterwards/persistence';
import { testDatabaseFactories } from '@afterwards/persistence/testing';
import { PostgresEventStore, START } from '@afterwards/event-store';
import { ProjectionRunner, rebuildProjections, saveCheckpoint, withUser, type ProjectionChange } from '@afterwards/server-kit';
import { useProjectionDatabase } from '@afterwards/server-kit/testing';
import { identityMigrations } from '@afterwards/identity-server';
import { caseStreamId, foldCase, type CaseEvent, type CaseState } from '@afterwards/cases-domain';
import type { MemoryDetail } from '@afterwards/contracts';
import { replay } from '@afterwards/history-server';
import { casesMigrations } from '../cases.migrations';
import { runCaseCommands, untilProjected, type TestCaseCommand } from '../change-case/case-commands.testing';
import { getMemoryDetail, listMemories, listMemoryDetails } from '../read-model/memory.queries';
import { memoriesProjection } from './memories.projection';

describe.each(testDatabaseFactories)('memories projection on %s', (_name, create) => {
  let store: PostgresEventStore;
  let prisma: PrismaClient;
  useProjectionDatabase(create, [...identityMigrations, ...casesMigrations], (opened) => ({ store, prisma } = opened));

  const OWNER = 'user-ann';
  const runAs = (actor: string, caseId: string, ...commands: TestCaseCommand[]) => runCaseCommands(store, actor, caseId, ...commands);
  const run = (caseId: string, ...commands: TestCaseCommand[]) => runAs(OWNER, caseId, ...commands);
  const caught = (runner: ProjectionRunner, caseId: string) => untilProjected(store, runner, caseId);
  const file = (name: string) => ({ fileId: randomUUID(), fileName: name, fileSize: 1200, fileType: 'application/pdf' });

  it('projects a memory, its checklist, files and notes; replays change nothing; a rebuild equals the live model', async () => {
    const id = randomUUID();
    const changes: ProjectionChange[] = [];
    const runner = new ProjectionRunner(store, prisma, [memoriesProjection], (c) => changes.push(c));
    await runner.start();
    await run(id, {
      type: 'OpenCase',
      details: { name: 'Mum', deceasedName: 'Margaret Ellis', jurisdiction: 'England', dateOfDeath: '2026-03-09' },
      ids: randomUUID,
    });
    await caught(runner, id);
    const opened = (await getMemoryDetail(prisma, OWNER, id))!;
    const [t1, t2] = opened.tasks;
    const [d1] = opened.documents;
    await run(
      id,
      { type: 'CompleteTask', taskId: t1!.id },
      { type: 'CompleteTask', taskId: t2!.id },
      { type: 'ReopenTask', taskId: t2!.id },
      { type: 'AttachDocumentFile', documentId: d1!.id, file: file('will.pdf') },
      { type: 'AddAdditionalDocument', documentId: randomUUID(), title: 'Letter from the bank', file: file('bank.pdf') },
      { type: 'AddNote', noteId: randomUUID(), title: 'Call', content: 'Solicitor rang', category: 'contact' },
      { type: 'EditCaseDetails', changes: { dateOfDeath: '2026-03-02' } },
      { type: 'SettleTask', taskId: opened.tasks[2]!.id, kind: 'not_needed', reason: 'No pension' },
      { type: 'SettleTask', taskId: opened.tasks[3]!.id, kind: 'done_before' },
      { type: 'UnsettleTask', taskId: opened.tasks[3]!.id },
      { type: 'SettleDocument', documentId: opened.documents[1]!.id, kind: 'done_before' },
    );
    await caught(runner, id);
    expect(changes.every((c) => c.topic === 'memories' && c.rooms.length === 1 && c.rooms[0] === `memories:${OWNER}`)).toBe(true);

    const detail = (await getMemoryDetail(prisma, OWNER, id))!;
    expect(detail.memory.progress).toMatchObject({
      tasksCompleted: 1,
      tasksSettled: 1,
      documentsCollected: 2,
      documentsSettled: 1,
      documentsAdditional: 1,
      documentsTotal: opened.documents.length + 1,
    });
    expect(detail.tasks[2]!.settled).toMatchObject({ kind: 'not_needed', reason: 'No pension' });
    expect(detail.tasks[3]!.settled).toBeNull();
    expect(detail.memory.detailsVersion).toBe(1);
    expect(detail.tasks.find((t) => t.templateKey === 'register-death')!.dueDate).toBe('2026-03-07');
    expect(detail.documents[0]!.files.map((f) => f.fileName)).toEqual(['will.pdf']);
    expect(detail.notes.map((n) => n.content)).toEqual(['Solicitor rang']);
    expect(await listMemories(prisma, 'user-bob')).toEqual([]);
    expect(await getMemoryDetail(prisma, 'user-bob', id)).toBeNull();
    await runner.stop();

    const before = await memoriesProjection.snapshot(prisma);
    await prisma.$transaction((tx) => saveCheckpoint(tx, memoriesProjection.name, START));
    const replay = new ProjectionRunner(store, prisma, [memoriesProjection]);
    await replay.start();
    await caught(replay, id);
    await replay.stop();
    expect(await memoriesProjection.snapshot(prisma)).toEqual(before);

    const [report] = await rebuildProjections(store, prisma, [memoriesProjection]);
    expect(report).toMatchObject({ equal: true });
  });

  it("a memory's state replayed to each version (the history's replay, the domain's evolve) equals the read model after that change", async () => {
    const id = randomUUID();
    const runner = new ProjectionRunner(store, prisma, [memoriesProjection]);
    await runner.start();
    /** The read model after each command, keyed by the stream's version once it was written. */
    const seen = new Map<number, MemoryDetail>();
    const step = async (command: TestCaseCommand) => {
      await run(id, command);
      await caught(runner, id);
      seen.set((await store.readStream(caseStreamId(id))).length, (await getMemoryDetail(prisma, OWNER, id))!);
    };
    await step({ type: 'OpenCase', details: { name: 'Gran', deceasedName: 'Ada Lowe', jurisdiction: 'Scotland', dateOfDeath: '2026-02-01' }, ids: randomUUID });
    // Opening writes the memory and its checklist: more than one event.
    const [opened] = [...seen.values()];
    const noteId = randomUUID();
    await step({ type: 'CompleteTask', taskId: opened!.tasks[0]!.id });
    await step({ type: 'AttachDocumentFile', documentId: opened!.documents[0]!.id, file: file('certificate.pdf') });
    await step({ type: 'AddNote', noteId, title: 'Bank', content: 'Rang the bank', category: 'contact' });
    await step({ type: 'EditNote', noteId, title: 'Bank', content: 'Rang the bank twice', category: 'contact', expectedVersion: [...seen.values()].at(-1)!.notes[0]!.version });
    await step({ type: 'EditCaseDetails', changes: { name: 'Granny', dateOfDeath: '2026-01-28' } });
    await step({ type: 'ReopenTask', taskId: opened!.tasks[0]!.id });
    await step({ type: 'SettleTask', taskId: opened!.tasks[1]!.id, kind: 'not_needed', reason: 'Not for us' });
    await step({ type: 'SettleDocument', documentId: opened!.documents[1]!.id, kind: 'done_before' });
    await runner.stop();

    const fromState = (s: CaseState) => ({
      name: s.details!.name,
      deceasedName: s.details!.deceasedName,
      dateOfDeath: s.details!.dateOfDeath,
      detailsVersion: s.detailsVersion,
      tasks: s.tasks.map((t) => [t.id, t.status, t.dueDate, t.settled?.kind ?? null, t.settled?.reason ?? null]).sort(),
      documents: s.documents.map((d) => [d.id, d.collected, d.settled?.kind ?? null, d.files.map((f) => f.fileName)]).sort(),
      notes: s.notes.map((n) => [n.id, n.title, n.content, n.version]).sort(),
    });
    const fromModel = (m: MemoryDetail) => ({
      name: m.memory.name,
      deceasedName: m.memory.deceasedName,
      dateOfDeath: m.memory.dateOfDeath,
      detailsVersion: m.memory.detailsVersion,
      tasks: m.tasks.map((t) => [t.id, t.status, t.dueDate, t.settled?.kind ?? null, t.settled?.reason ?? null]).sort(),
      documents: m.documents.map((d) => [d.id, d.collected, d.settled?.kind ?? null, d.files.map((f) => f.fileName)]).sort(),
      notes: m.notes.map((n) => [n.id, n.title, n.content, n.version]).sort(),
    });
    const states = replay('case', await store.readStream(caseStreamId(id))) as CaseState[];
    expect(seen.size).toBe(9);
    for (const [version, model] of seen) expect({ version, ...fromState(states[version - 1]!) }).toEqual({ version, ...fromModel(model) });
    expect(states.at(-1)!.details!.name).toBe('Granny');
  });

  it('gives each task its deadline rule, and moves due dates as the domain does when the date of death changes', async () => {
    const id = randomUUID();
    const runner = new ProjectionRunner(store, prisma, [memoriesProjection]);
    await runner.start();
    // Started long after the death: suggested timings count from the day it was opened, the legal deadline from the death.
    await run(
      id,
      { type: 'OpenCase', details: { name: 'Dad', deceasedName: 'Seán Byrne', jurisdiction: 'Ireland', dateOfDeath: '2025-05-20' }, ids: randomUUID },
      { type: 'EditCaseDetails', changes: { dateOfDeath: '2025-05-10' } },
    );
    await caught(runner, id);
    await runner.stop();
    const detail = (await getMemoryDetail(prisma, OWNER, id))!;
    const register = detail.tasks.find((t) => t.templateKey === 'register-death')!;
    expect(register).toMatchObject({ deadlineKind: 'statutory', deadlineBasis: 'calendar', clockStartsFrom: null, dueDate: '2025-08-10' });
    expect(register.lateNote).toContain('You can still register the death');
    expect(detail.tasks.filter((t) => t.deadlineKind === 'statutory')).toHaveLength(1);
    const domain = foldCase((await store.readStream(caseStreamId(id))).map((e) => ({ type: e.type, data: e.data }) as CaseEvent));
    expect(detail.tasks.map((t) => [t.templateKey, t.dueDate])).toEqual(domain.tasks.map((t) => [t.templateKey, t.dueDate]));
    expect(detail.tasks.find((t) => t.templateKey === 'arrange-funeral')!.dueDate! > detail.memory.createdAt.slice(0, 10)).toBe(true);
  });

  it('shares a memory: its people read it under row-level security, see who ticked what, and hear of every change; a removed person reads nothing', async () => {
    const BEN = 'user-ben';
    const CARA = 'user-cara';
    const id = randomUUID();
    const changes: ProjectionChange[] = [];
    const runner = new ProjectionRunner(store, prisma, [memoriesProjection], (c) => changes.push(c));
    await runner.start();
    await run(id, { type: 'OpenCase', details: { name: 'Dad', deceasedName: 'Tom Ellis', jurisdiction: 'Wales' }, ids: randomUUID });
    await runAs(BEN, id, { type: 'JoinCase', invitationId: randomUUID(), role: 'editor' });
    await runAs(CARA, id, { type: 'JoinCase', invitationId: randomUUID(), role: 'viewer' });
    await caught(runner, id);
    const task = (await getMemoryDetail(prisma, OWNER, id))!.tasks[0]!;
    await runAs(BEN, id, { type: 'CompleteTask', taskId: task.id }, { type: 'AddNote', noteId: randomUUID(), title: 'Bank', content: 'Ben rang the bank' });
    await caught(runner, id);

    const asBen = (await getMemoryDetail(prisma, BEN, id))!;
    expect(asBen.memory).toMatchObject({ role: 'editor' });
    expect(asBen.tasks[0]).toMatchObject({ status: 'complete', completedBy: BEN });
    expect(asBen.notes[0]).toMatchObject({ createdBy: BEN, updatedBy: BEN });
    expect((await getMemoryDetail(prisma, CARA, id))!.memory.role).toBe('viewer');
    expect((await getMemoryDetail(prisma, OWNER, id))!.memory.role).toBe('owner');
    expect(await getMemoryDetail(prisma, 'user-stranger', id)).toBeNull();
    expect((await listMemories(prisma, CARA)).map((m) => [m.id, m.role])).toEqual([[id, 'viewer']]);
    expect((await listMemoryDetails(prisma, CARA)).map((d) => [d.memory.id, d.memory.role, d.people.length])).toEqual([[id, 'viewer', 3]]);
    // The dashboard names who shared it as the people list does; the name is only for those on the memory.
    const ownerInPeople = (await getMemoryDetail(prisma, CARA, id))!.people.find((p) => p.role === 'owner')!.name;
    expect((await listMemories(prisma, CARA))[0]!.ownerName).toBe(ownerInPeople || null);
    expect(await withUser(prisma, CARA, (tx) => tx.$queryRaw`SELECT app_case_owner_name(${id}::uuid) AS name`)).toEqual([{ name: ownerInPeople }]);
    expect(await withUser(prisma, 'user-stranger', (tx) => tx.$queryRaw`SELECT app_case_owner_name(${id}::uuid) AS name`)).toEqual([{ name: null }]);
    // The people on it, to those on it only; and the policies' own question, whether one is on it.
    const people = (userId: string) => withUser(prisma, userId, (tx) => tx.$queryRaw`SELECT user_id, role FROM app_case_people(${id}::uuid) ORDER BY role`);
    const everyone = [
      { user_id: BEN, role: 'editor' },
      { user_id: OWNER, role: 'owner' },
      { user_id: CARA, role: 'viewer' },
    ];
    for (const person of [OWNER, BEN, CARA]) expect(await people(person)).toEqual(everyone);
    expect(await people('user-stranger')).toEqual([]);
    const shares = (userId: string) => withUser(prisma, userId, (tx) => tx.$queryRaw`SELECT app_shares_case(${id}::uuid) AS on`);
    expect([await shares(CARA), await shares(OWNER), await shares('user-stranger')]).toEqual([[{ on: true }], [{ on: false }], [{ on: false }]]);
    // The tick went to everyone on the memory, not only to the one who made it.
    const tick = changes.find((c) => c.event.type === 'TaskCompleted')!;
    expect([...tick.rooms].sort()).toEqual([`memories:${OWNER}`, `memories:${BEN}`, `memories:${CARA}`].sort());

    await run(id, { type: 'RemoveMember', memberId: BEN });
    await caught(runner, id);
    expect(await getMemoryDetail(prisma, BEN, id)).toBeNull();
    expect(await listMemories(prisma, BEN)).toEqual([]);
    // The removed person's screens were told, so they drop the memory.
    expect(changes.find((c) => c.event.type === 'MemberRemoved')!.rooms).toContain(`memories:${BEN}`);
    // No policy lets the app role read invitations (addresses) or write the read model.
    await expect(withUser(prisma, OWNER, (tx) => tx.$queryRaw`SELECT * FROM memory_invitations`)).rejects.toThrow(/permission denied/);
    await expect(withUser(prisma, CARA, (tx) => tx.$executeRaw`UPDATE case_tasks SET status = 'pending' WHERE case_id = ${id}::uuid`)).rejects.toThrow(/permission denied/);
    await runner.stop();
  });

  it('removes every row of a deleted memory, and a rebuild after the erasure agrees', async () => {
    const id = randomUUID();
    const runner = new ProjectionRunner(store, prisma, [memoriesProjection]);
    await runner.start();
    await run(
      id,
      { type: 'OpenCase', details: { name: 'Dad', deceasedName: 'Owen Price', jurisdiction: 'Wales' }, ids: randomUUID },
      { type: 'AddNote', noteId: randomUUID(), title: 'Wishes', content: 'Hymns at the service' },
      { type: 'DeleteCase' },
    );
    await caught(runner, id);
    await runner.stop();
    for (const count of await withUser(prisma, OWNER, (tx) =>
      Promise.all([tx.case.count({ where: { id } }), tx.caseTask.count({ where: { caseId: id } }), tx.caseNote.count({ where: { caseId: id } })]),
    )) {
      expect(count).toBe(0);
    }
    expect((await store.readStream(caseStreamId(id))).map((e) => e.type)).toEqual(['CaseDeleted']);
    const [report] = await rebuildProjections(store, prisma, [memoriesProjection]);
    expect(report).toMatchObject({ equal: true });
  });
});
