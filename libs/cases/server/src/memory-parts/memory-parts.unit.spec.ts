import { MemoryParts } from './memory-parts';

describe('what other contexts keep beside a memory', () => {
  it("gathers every context's files for the memory's zip, in the order they were added, asking each for that memory and person", async () => {
    const parts = new MemoryParts();
    const asked: string[] = [];
    parts.addExport(async (caseId, userId) => {
      asked.push(`organisations ${caseId} ${userId}`);
      return [{ path: 'organisations/statuses.csv', bytes: new Uint8Array([1]) }];
    });
    parts.addExport(async () => []);
    parts.addExport(async () => [
      { path: 'letters/bank.pdf', bytes: new Uint8Array([2]) },
      { path: 'letters/council.pdf', bytes: new Uint8Array([3]) },
    ]);
    expect((await parts.exportFiles('case-1', 'user-ann')).map((f) => f.path)).toEqual(['organisations/statuses.csv', 'letters/bank.pdf', 'letters/council.pdf']);
    expect(asked).toEqual(['organisations case-1 user-ann']);
    expect(await new MemoryParts().exportFiles('case-1', 'user-ann')).toEqual([]);
  });

  it("waits for every context's erasure of a deleted memory, at that position, before it is done", async () => {
    const parts = new MemoryParts();
    const position = { commit: 7n, prepare: 7n };
    const seen: unknown[] = [];
    let finishSlow!: () => void;
    parts.addErasureWait(async (at) => void seen.push(at));
    parts.addErasureWait((at) => {
      seen.push(at);
      return new Promise<void>((resolve) => (finishSlow = resolve));
    });
    let done = false;
    const waiting = parts.waitUntilErased(position).then(() => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    finishSlow();
    await waiting;
    expect(seen).toEqual([position, position]);
  });
});
