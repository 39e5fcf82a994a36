import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { expectEventually, testDatabaseFactories } from '@afterwards/persistence/testing';
import { ProjectionRunner } from '@afterwards/server-kit';
import { filePurgeReactor } from '../file-purge/file-purge.reactor';
import { EXPORT_TTL_MS } from './export-runtime';
import { EXPORT_FAILED_MESSAGE, expireMemoryExports, prepareMemoryExport } from './export-memory.job';
import { toMemoryExport } from './memory-exports.store';
import { markedPdf, memoryExportsSuite } from './memory-exports.testing';

describe.each(testDatabaseFactories)('preparing a memory zip on %s', (_name, create) => {
  const side = memoryExportsSuite(create);
  const { run, memoryWithFile, startExport, partialFiles, stalledExport } = side;

  it('writes the decrypted files, notes, checklist with its states and the summary into an encrypted zip, then is ready for 24 hours', async () => {
    const { caseId } = await memoryWithFile();
    const row = await startExport(caseId);
    expect(toMemoryExport(row, side.clock)).toMatchObject({ status: 'preparing', progress: 0, downloadUrl: null, expiresAt: null });

    await prepareMemoryExport(side.rt, row.id);
    const ready = (await side.rt.exports.get(row.id))!;
    expect(ready).toMatchObject({ status: 'ready', progress: 100 });
    expect(ready.expiresAt!.getTime() - side.clock.getTime()).toBe(EXPORT_TTL_MS);
    expect(toMemoryExport(ready, side.clock).downloadUrl).toBe(`/api/memories/${caseId}/exports/${row.id}/download`);
    // At rest the zip is encrypted like every other file.
    const blob = fs.readFileSync(path.join(side.dir, ready.fileId!.slice(0, 2), ready.fileId!));
    expect(blob.includes(Buffer.from('lilies'))).toBe(false);

    const zip = await JSZip.loadAsync(await side.files.read(ready.fileId!));
    const names = Object.keys(zip.files);
    expect(names).toEqual(expect.arrayContaining(['summary.html', 'memory.json', 'checklist.json', 'notes.json']));
    const pdfEntry = names.find((n) => n.startsWith('documents/') && n.endsWith('will-marker.pdf'))!;
    expect(await zip.file(pdfEntry)!.async('nodebuffer')).toEqual(markedPdf('will-marker'));
    const checklist = JSON.parse(await zip.file('checklist.json')!.async('string'));
    expect(checklist.tasks.map((t: { state: string }) => t.state).slice(0, 2)).toEqual(['Completed', 'Not needed']);
    expect(checklist.documents[0]).toMatchObject({ state: 'Collected', files: [{ path: pdfEntry }] });
    expect(checklist.documents[1]).toMatchObject({ state: 'Done before I started' });
    expect(JSON.parse(await zip.file('notes.json')!.async('string')).notes).toEqual([expect.objectContaining({ title: 'Funeral', content: 'She wanted lilies' })]);
    expect(await zip.file('summary.html')!.async('string')).toContain('She wanted lilies');
  });

  it('deletes a zip and its row once its time is up, and leaves younger ones', async () => {
    const { caseId } = await memoryWithFile();
    const older = await startExport(caseId);
    await prepareMemoryExport(side.rt, older.id);
    side.clock = new Date(side.clock.getTime() + 60_000);
    const younger = await startExport(caseId);
    await prepareMemoryExport(side.rt, younger.id);
    const olderFile = (await side.rt.exports.get(older.id))!.fileId!;

    side.clock = new Date(side.clock.getTime() + EXPORT_TTL_MS - 30_000);
    expect(await expireMemoryExports(side.rt)).toBeGreaterThanOrEqual(1); // the earlier test's zip is as old
    expect(await side.rt.exports.get(older.id)).toBeUndefined();
    expect(await side.files.exists(olderFile)).toBe(false);
    expect((await side.rt.exports.get(younger.id))!.status).toBe('ready');
  });

  it('fails with a clear message when a stored file cannot be read, keeping no partial zip', async () => {
    const { caseId, fileId } = await memoryWithFile();
    await side.files.delete(fileId); // as if the blob were lost
    const before = await side.files.countBlobs();
    const row = await startExport(caseId);
    await prepareMemoryExport(side.rt, row.id);
    expect(await side.rt.exports.get(row.id)).toMatchObject({ status: 'failed', failure: EXPORT_FAILED_MESSAGE, fileId: null });
    expect(await side.files.countBlobs()).toBe(before);
  });

  it('goes with its memory: Delete Forever removes the zip, the row, and a partial zip a killed worker left, at once', async () => {
    const { caseId } = await memoryWithFile();
    const row = await startExport(caseId);
    await prepareMemoryExport(side.rt, row.id);
    const zipId = (await side.rt.exports.get(row.id))!.fileId!;
    const other = await memoryWithFile();
    const othersPartial = await stalledExport(other.caseId);
    const stalled = await stalledExport(caseId);
    const blobsBefore = await side.files.allFileIds();
    const purge = new ProjectionRunner(side.store, side.prisma, [filePurgeReactor(side.files)]);
    await purge.start();
    try {
      await run(caseId, { type: 'DeleteCase' });
      await expectEventually(async () => expect(await side.rt.exports.get(row.id)).toBeUndefined());
      // Purged means gone: the half-written zip did not wait for a sweep or a restart. Another memory's stays.
      expect(partialFiles()).toHaveLength(1);
      expect(await side.rt.exports.get(othersPartial.exportId)).toMatchObject({ status: 'preparing' });
      expect(await side.files.exists(zipId)).toBe(false);
      // The killed export, had it carried on, would keep nothing either.
      await stalled.release();
      expect(await side.rt.exports.get(stalled.exportId)).toBeUndefined();
      expect((await side.files.allFileIds()).filter((id) => !blobsBefore.includes(id))).toEqual([]);
    } finally {
      await purge.stop();
      await othersPartial.release();
    }
    expect(partialFiles()).toEqual([]);
  });
});
