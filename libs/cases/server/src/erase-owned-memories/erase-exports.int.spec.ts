import { randomUUID } from 'node:crypto';
import { expectEventually, testDatabaseFactories } from '@afterwards/persistence/testing';
import { runCaseCommands } from '../change-case/case-commands.testing';
import { prepareMemoryExport } from '../export-memory/export-memory.job';
import { memoryExportsSuite } from '../export-memory/memory-exports.testing';
import { getMemoryDetail } from '../read-model/memory.queries';
import { eraseExportsOf } from './erase-exports';

describe.each(testDatabaseFactories)('the zips a deleted account asked for, on %s', (_name, create) => {
  const side = memoryExportsSuite(create);
  const { memoryWithFile, startExport, partialFiles, stalledExport } = side;

  it("goes with the person: their account's erasure removes their zips of a memory shared with them, prepared and half written, at once", async () => {
    const { caseId } = await memoryWithFile();
    const BEA = 'user-bea';
    await runCaseCommands(side.store, BEA, caseId, { type: 'JoinCase', invitationId: randomUUID(), role: 'viewer' });
    await expectEventually(async () => expect(await getMemoryDetail(side.prisma, BEA, caseId)).toBeTruthy());
    const ready = await startExport(caseId, BEA);
    await prepareMemoryExport(side.rt, ready.id);
    const zipId = (await side.rt.exports.get(ready.id))!.fileId!;
    const stalled = await stalledExport(caseId, BEA);
    // The owner's own zip of the memory, still being prepared, is theirs to keep.
    const owners = await stalledExport(caseId);
    expect(partialFiles()).toHaveLength(2);

    await eraseExportsOf(side.rt, BEA);
    expect(partialFiles()).toHaveLength(1);
    expect(await side.rt.exports.get(ready.id)).toBeUndefined();
    expect(await side.rt.exports.get(stalled.exportId)).toBeUndefined();
    expect(await side.files.exists(zipId)).toBe(false);
    expect(await side.rt.exports.get(owners.exportId)).toMatchObject({ status: 'preparing' });
    await stalled.release();
    await owners.release();
    expect(partialFiles()).toEqual([]);
  });
});
