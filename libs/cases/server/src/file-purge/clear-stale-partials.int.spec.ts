import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { EncryptedFileStore, FILE_TYPES } from '@afterwards/file-store';
import { InProcessJobQueue } from '@afterwards/jobs';
import { expectEventually } from '@afterwards/persistence/testing';
import type { JobServices } from '@afterwards/server-kit';
import { EXPORT_RUNTIME, type ExportRuntime } from '../export-memory/export-runtime';
import { fileJobProcessors, STALE_PARTIAL_MS } from './clear-stale-partials.job';
import { memoryExportTempScope, memoryTempScope } from './memory-temp-files';

describe('the periodic sweep of partial files', () => {
  let dir: string;
  let files: EncryptedFileStore;
  let queue: InProcessJobQueue;
  const clock = new Date('2026-03-10T09:00:00Z');
  const stuck: PassThrough[] = [];

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stale-partials-'));
    files = new EncryptedFileStore({ dir, masterKey: Buffer.alloc(32, 5) });
    queue = new InProcessJobQueue();
  });
  afterEach(async () => {
    for (const stream of stuck.splice(0)) stream.destroy(new Error('test over'));
    await queue.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A write that stopped, as a killed process leaves it: its partial file, last written `minutesAgo`. */
  async function leftPartial(scope: readonly string[], minutesAgo: number): Promise<string> {
    const source = new PassThrough();
    source.write(Buffer.from('%PDF-1.4\n% the start of a memory\n'));
    stuck.push(source);
    void files.put(source, { maxBytes: 5_000_000, allowedTypes: [FILE_TYPES.pdf], scope }).catch(() => undefined);
    const [partial] = await expectEventually(async () => {
      const found = await files.partialsOf(scope);
      expect(found).toHaveLength(1);
      return found;
    });
    const at = new Date(clock.getTime() - minutesAgo * 60_000);
    fs.utimesSync(partial!, at, at);
    return partial!;
  }

  it('runs on a schedule where jobs run, removing partial files untouched for 15 minutes and keeping writes in progress', async () => {
    const killedExport = await leftPartial(memoryExportTempScope('0b4ae0b6-6a53-4a70-9d0b-0d8f6b1f0c11', 'user-ann'), 16);
    const killedUpload = await leftPartial(memoryTempScope('5c2b8f3e-2f64-4a8e-8d5e-1b9a0f2c7d22'), 60);
    const uploading = await leftPartial(memoryTempScope('7d1e6a4b-3c55-4b9f-9e6c-2a8b1c3d4e33'), 2);

    // As the process that runs jobs registers them (the worker, or the embedded API).
    const rt = { files: () => files, now: () => clock } as Partial<ExportRuntime>;
    const services: JobServices = { get: <T>(token: string | symbol) => (token === EXPORT_RUNTIME ? rt : undefined) as T };
    for (const p of fileJobProcessors) queue.process(p.definition, (job) => p.handler(job, services), p.options);
    await queue.start();
    for (const p of fileJobProcessors) {
      const everyMs = typeof p.everyMs === 'function' ? undefined : p.everyMs;
      // Often enough that a stale file goes long before the next restart.
      expect(everyMs).toBeLessThanOrEqual(STALE_PARTIAL_MS);
      await queue.schedule(p.definition, p.schedulePayload ?? null, everyMs!);
    }

    await expectEventually(() => {
      expect(fs.existsSync(killedExport)).toBe(false);
      expect(fs.existsSync(killedUpload)).toBe(false);
    });
    expect(fs.existsSync(uploading)).toBe(true);
    // The memory's folder went with its last file: no memory id is left lying about either.
    expect(fs.readdirSync(path.join(dir, '.tmp'))).toEqual(['7d1e6a4b-3c55-4b9f-9e6c-2a8b1c3d4e33']);
  });
});
