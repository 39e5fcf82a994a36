import { START, StreamConflictError, comparePositions, type RecordedEvent } from '../port';
import { expectEventually } from '@afterwards/persistence/testing';
import { expectStrictlyIncreasing, key, newEvent, type ContractContext, type EventStoreContractOptions } from './contract-context';

/** Appending (single, bulk, tombstones), reading a stream and the global log, deleting. */
export function appendAndReadContract(t: ContractContext, options: EventStoreContractOptions): void {
  it('appends to a new stream with no_stream and reads it back', async () => {
    const stream = `${t.prefix}case-1`;
    const events = [newEvent('CaseOpened', { deceased: 'Ada', count: 1 }), newEvent('TaskAdded', { tasks: ['a', 'b'] })];
    const result = await t.store.append(stream, events, 'no_stream');
    expect(result.nextRevision).toBe(1n);

    const read = await t.store.readStream(stream);
    expect(read.map((e) => [e.streamId, e.revision, e.type])).toEqual([
      [stream, 0n, 'CaseOpened'],
      [stream, 1n, 'TaskAdded'],
    ]);
    expect(read.map((e) => e.data)).toEqual(events.map((e) => e.data));
    expect(read.map((e) => e.metadata)).toEqual(events.map((e) => e.metadata));
    expect(comparePositions(read[1]!.position, result.position)).toBe(0);
    expect(comparePositions(read[0]!.position, read[1]!.position)).toBe(-1);
    expect(typeof read[0]!.position.commit).toBe('bigint');
    expect(new Date(read[0]!.recordedAt).toISOString()).toBe(read[0]!.recordedAt);
  });

  it('appends with the expected revision, stream_exists and any', async () => {
    const stream = `${t.prefix}case-2`;
    expect((await t.store.append(stream, [newEvent('A')], 'no_stream')).nextRevision).toBe(0n);
    expect((await t.store.append(stream, [newEvent('B'), newEvent('C')], 0n)).nextRevision).toBe(2n);
    expect((await t.store.append(stream, [newEvent('D')], 2n)).nextRevision).toBe(3n);
    expect((await t.store.append(stream, [newEvent('E')], 'stream_exists')).nextRevision).toBe(4n);
    expect((await t.store.append(stream, [newEvent('F')], 'any')).nextRevision).toBe(5n);
    expect((await t.store.append(`${t.prefix}fresh`, [newEvent('G')], 'any')).nextRevision).toBe(0n);
    expect((await t.store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
  });

  it('throws a typed StreamConflictError on a stale or wrong expected state and writes nothing', async () => {
    const stream = `${t.prefix}case-3`;
    await t.store.append(stream, [newEvent('A'), newEvent('B')], 'no_stream');

    const stale = await t.store.append(stream, [newEvent('X')], 0n).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(StreamConflictError);
    expect(stale).toMatchObject({ code: 'STREAM_CONFLICT', streamId: stream, expected: 0n, actual: 1n });

    const exists = await t.store.append(stream, [newEvent('X')], 'no_stream').catch((e: unknown) => e);
    expect(exists).toBeInstanceOf(StreamConflictError);
    expect(exists).toMatchObject({ expected: 'no_stream', actual: 1n });

    const missing = await t.store.append(`${t.prefix}missing`, [newEvent('X')], 'stream_exists').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(StreamConflictError);
    expect(missing).toMatchObject({ streamId: `${t.prefix}missing`, expected: 'stream_exists', actual: 'no_stream' });

    const revisionOfMissing = await t.store.append(`${t.prefix}missing`, [newEvent('X')], 3n).catch((e: unknown) => e);
    expect(revisionOfMissing).toBeInstanceOf(StreamConflictError);
    expect(revisionOfMissing).toMatchObject({ actual: 'no_stream' });

    expect((await t.store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B']);
    expect(await t.store.readStream(`${t.prefix}missing`)).toEqual([]);
  });

  it('creates many new streams at once; one that exists, or is named twice, is refused and the rest are written', async () => {
    const from = await t.marker();
    const taken = `${t.prefix}taken`;
    await t.store.append(taken, [newEvent('Taken0'), newEvent('Taken1')], 'no_stream');
    const results = await t.store.appendNewStreams([
      { streamId: `${t.prefix}n1`, events: [newEvent('N1')] },
      { streamId: taken, events: [newEvent('Again')] },
      { streamId: `${t.prefix}n2`, events: [newEvent('N2a'), newEvent('N2b')] },
      { streamId: `${t.prefix}n1`, events: [newEvent('N1twice')] },
      { streamId: `${t.prefix}n3`, events: [newEvent('N3')] },
    ]);
    expect(results.map((r) => (r instanceof StreamConflictError ? ['conflict', r.expected, r.actual] : ['ok', r.nextRevision]))).toEqual([
      ['ok', 0n],
      ['conflict', 'no_stream', 1n],
      ['ok', 1n],
      ['conflict', 'no_stream', 0n],
      ['ok', 0n],
    ]);
    expect((await t.store.readStream(`${t.prefix}n2`)).map((e) => [e.type, e.revision])).toEqual([['N2a', 0n], ['N2b', 1n]]);
    expect((await t.store.readStream(taken)).map((e) => e.type)).toEqual(['Taken0', 'Taken1']);
    // In the global log in list order, each result at its stream's last event; then appended to as usual.
    const all = await expectEventually(async () => {
      const events = (await t.readAllOfTest(from)).filter((e) => e.streamId !== taken);
      expect(events.map((e) => e.type)).toEqual(['N1', 'N2a', 'N2b', 'N3']);
      return events;
    });
    expectStrictlyIncreasing(all.map((e) => e.position));
    const ok = results.filter((r): r is Exclude<typeof r, StreamConflictError> => !(r instanceof StreamConflictError));
    expect(ok.map((r) => comparePositions(r.position, all.find((e) => comparePositions(e.position, r.position) === 0)!.position))).toEqual([0, 0, 0]);
    expect(comparePositions(ok[1]!.position, all[2]!.position)).toBe(0);
    expect((await t.store.append(`${t.prefix}n2`, [newEvent('N2c')], 1n)).nextRevision).toBe(2n);
    expect(await t.store.appendNewStreams([])).toEqual([]);
  });

  it('creates streams from overlapping bulk lists and single appends at once: each stream once, no deadlock', async () => {
    const ids = Array.from({ length: 60 }, (_, i) => `${t.prefix}bulk-${i}`);
    const bulk = (order: string[]) => t.store.appendNewStreams(order.map((streamId) => ({ streamId, events: [newEvent('Created', { streamId })] })));
    const [forward, backward, ...singles] = await Promise.all([
      bulk(ids),
      bulk([...ids].reverse()),
      ...ids.filter((_, i) => i % 7 === 0).map((id) => t.store.append(id, [newEvent('Created', { id })], 'no_stream').catch((e: unknown) => e)),
    ]);
    const created = [...forward!, ...backward!, ...singles].filter((r) => !(r instanceof StreamConflictError));
    expect(created).toHaveLength(ids.length);
    for (const id of ids) expect(await t.store.readStream(id)).toHaveLength(1);
  });

  it('tells which of many streams exist: those a no_stream append would refuse', async () => {
    await t.store.append(`${t.prefix}e1`, [newEvent('E1')], 'no_stream');
    await t.store.appendNewStreams([{ streamId: `${t.prefix}e2`, events: [newEvent('E2a'), newEvent('E2b')] }]);
    const asked = [`${t.prefix}e1`, `${t.prefix}none`, `${t.prefix}e2`, `${t.prefix}e1`];
    expect([...(await t.store.existingStreams(asked))].sort()).toEqual([`${t.prefix}e1`, `${t.prefix}e2`]);
    expect(await t.store.existingStreams([])).toEqual(new Set());
    const refused = await t.store.appendNewStreams(asked.slice(0, 3).map((streamId) => ({ streamId, events: [newEvent('Again')] })));
    expect(refused.map((r) => r instanceof StreamConflictError)).toEqual([true, false, true]);
    await t.store.deleteStream(`${t.prefix}e1`);
    // 'none' exists now (the append above made it); e1 is gone.
    expect([...(await t.store.existingStreams(asked))].sort()).toEqual([`${t.prefix}e2`, `${t.prefix}none`]);
  });

  it('reads a stream in revision order with fromRevision and maxCount', async () => {
    const stream = `${t.prefix}case-4`;
    await t.store.append(stream, [0, 1, 2, 3, 4].map((i) => newEvent('Numbered', { i })), 'no_stream');
    const revisions = (events: RecordedEvent[]) => events.map((e) => e.revision);
    expect(revisions(await t.store.readStream(stream))).toEqual([0n, 1n, 2n, 3n, 4n]);
    expect(revisions(await t.store.readStream(stream, { fromRevision: 2n }))).toEqual([2n, 3n, 4n]);
    expect(revisions(await t.store.readStream(stream, { maxCount: 2 }))).toEqual([0n, 1n]);
    expect(revisions(await t.store.readStream(stream, { fromRevision: 1n, maxCount: 2 }))).toEqual([1n, 2n]);
    expect((await t.store.readStream(stream, { fromRevision: 3n })).map((e) => e.data)).toEqual([{ i: 3 }, { i: 4 }]);
    expect(await t.store.readStream(stream, { fromRevision: 5n })).toEqual([]);
    expect(await t.store.readStream(`${t.prefix}nothing-here`)).toEqual([]);
  });

  it('reads all streams in commit order, strictly after a position', async () => {
    const a = `${t.prefix}a`;
    const b = `${t.prefix}b`;
    const first = await t.store.append(a, [newEvent('A0'), newEvent('A1')], 'no_stream');
    const second = await t.store.append(b, [newEvent('B0')], 'no_stream');
    const third = await t.store.append(a, [newEvent('A2')], 1n);
    expect(comparePositions(first.position, second.position)).toBe(-1);
    expect(comparePositions(second.position, third.position)).toBe(-1);

    // Eventually: on a shared server an unrelated open transaction may briefly hold the log back.
    const all = await expectEventually(async () => {
      const events = await t.readAllOfTest(START);
      expect(events.map((e) => e.type)).toEqual(['A0', 'A1', 'B0', 'A2']);
      return events;
    });
    expectStrictlyIncreasing(all.map((e) => e.position));
    expect(comparePositions(all[3]!.position, third.position)).toBe(0);

    expect((await t.readAllOfTest(first.position)).map((e) => e.type)).toEqual(['B0', 'A2']);
    expect((await t.readAllOfTest(all[0]!.position)).map((e) => e.type)).toEqual(['A1', 'B0', 'A2']);
    expect((await t.readAllOfTest(third.position)).map((e) => e.type)).toEqual([]);
    expect((await t.store.readAll({ after: first.position, maxCount: 1 })).map(key)).toEqual([`${b}@0`]);
  });

  it('reads a long stream in revision order (10 after 9, not after 1)', async () => {
    const stream = `${t.prefix}long`;
    await t.store.append(stream, Array.from({ length: 12 }, (_, i) => newEvent(`L${i}`)), 'no_stream');
    expect((await t.store.readStream(stream)).map((e) => e.revision)).toEqual(Array.from({ length: 12 }, (_, i) => BigInt(i)));
    expect((await t.store.readStream(stream, { fromRevision: 9n, maxCount: 2 })).map((e) => e.type)).toEqual(['L9', 'L10']);
  });

  it('appends a tombstone that erases the earlier events of its stream, only when the append holds', async () => {
    const stream = `${t.prefix}erased`;
    await t.store.append(stream, [newEvent('E0'), newEvent('E1')], 'no_stream');
    await expect(t.store.append(stream, [newEvent('Stale')], 0n, { eraseEarlier: true })).rejects.toBeInstanceOf(StreamConflictError);
    expect((await t.store.readStream(stream)).map((e) => e.type)).toEqual(['E0', 'E1']);
    await t.store.append(stream, [newEvent('Tombstone')], 1n, { eraseEarlier: true });
    expect((await t.store.readStream(stream)).map((e) => [e.type, e.revision])).toEqual([['Tombstone', 2n]]);
  });

  it('deletes a stream and its events', async () => {
    const from = await t.marker();
    const victim = `${t.prefix}victim`;
    const survivor = `${t.prefix}survivor`;
    await t.store.append(victim, [newEvent('V0'), newEvent('V1')], 'no_stream');
    await t.store.append(survivor, [newEvent('S0')], 'no_stream');
    await t.store.append(victim, [newEvent('V2')], 1n);

    await t.store.deleteStream(victim);
    expect(await t.store.readStream(victim)).toEqual([]);
    expect((await t.store.readStream(survivor)).map((e) => e.type)).toEqual(['S0']);
    await expect(t.store.deleteStream(`${t.prefix}never-existed`)).resolves.toBeUndefined();
    if (options.deleteRemovesFromAll ?? true) {
      await expectEventually(async () =>
        expect((await t.readAllOfTest(from)).map(key)).toEqual([`${survivor}@0`]),
      );
    }
  });
}
