import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ACCOUNT_DELETION_PHRASE, FILE_NAME_HEADER, MemoryDetailSchema, type MemoryDetail } from '@afterwards/contracts';
import { expectEventually } from '@afterwards/persistence/testing';
import { signUpVerified, startProduct, startWorker, stopProcess, type HttpSession, type ProductProcess, type RunningProduct } from '@afterwards/testing';

/**
 * The probe's finding, replayed against the built product on the services profile: the worker is killed
 * (SIGKILL) while it writes a memory's "Download everything" zip, which leaves the encrypted, readable part
 * of the zip on the shared file store. Delete Forever and Delete my account remove it at once.
 */
describe('a zip half written by a killed worker', () => {
  let product: RunningProduct;
  let ann: HttpSession;
  const workers: ProductProcess[] = [];
  const PASSWORD = 'copper-lantern-58';

  beforeAll(async () => {
    product = await startProduct({ profile: 'services', seedCount: 0 });
    ann = await signUpVerified(product, { email: 'hester.pengelly@example.test', password: PASSWORD, name: 'Hester Pengelly' });
  }, 180_000);
  afterAll(async () => {
    for (const w of workers) await stopProcess(w, 'SIGTERM');
    await product?.stop();
  });

  const tempDir = () => path.join(product.dataDir, 'files', '.tmp');
  /** Every partial file and folder under the file store's temp folder. */
  const leftovers = (): string[] => (fs.existsSync(tempDir()) ? (fs.readdirSync(tempDir(), { recursive: true }) as string[]) : []);
  const parts = () => leftovers().filter((name) => name.endsWith('.part'));

  /** A memory whose zip takes a while to write: five documents of about 5 MB that do not compress. */
  async function largeMemory(name: string): Promise<MemoryDetail> {
    const created = MemoryDetailSchema.parse((await ann.json('/api/memories', { method: 'POST', json: { name, deceasedName: 'Jory Pengelly', jurisdiction: 'England' } })).body);
    const id = created.memory.id;
    for (let i = 0; i < 5; i++) {
      const body = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(5_000_000)]);
      const uploaded = await ann.fetch(`/api/memories/${id}/documents/${created.documents[0]!.id}/files`, {
        method: 'POST',
        body: new Uint8Array(body),
        headers: { 'content-type': 'application/octet-stream', [FILE_NAME_HEADER]: encodeURIComponent(`letter-${i}.pdf`) },
      });
      expect(uploaded.status).toBe(201);
    }
    return created;
  }

  /** Starts "Download everything" and kills the worker with SIGKILL as soon as the zip's part is on disk. */
  async function killedMidZip(memoryId: string): Promise<string> {
    const worker = startWorker(product, `worker-${workers.length + 1}`);
    workers.push(worker);
    const before = new Set(parts());
    expect((await ann.json(`/api/memories/${memoryId}/exports`, { method: 'POST', json: {} })).status).toBeLessThan(300);
    // Killed once the first megabyte of the zip is written, well before its 25.
    const part = await expectEventually(
      () => {
        const fresh = parts().filter((p) => !before.has(p));
        expect(fresh).toHaveLength(1);
        expect(fs.statSync(path.join(tempDir(), fresh[0]!)).size).toBeGreaterThan(1_000_000);
        return fresh[0]!;
      },
      60_000,
      5,
    );
    await stopProcess(worker, 'SIGKILL');
    // What the probe found: the part outlives the worker, encrypted with a key the store holds.
    expect(fs.existsSync(path.join(tempDir(), part))).toBe(true);
    return part;
  }

  it('is removed by Delete Forever, and by Delete my account, at once and not at a later sweep', async () => {
    const first = await largeMemory('Dad');
    const second = await largeMemory('Grandad');
    const partOfFirst = await killedMidZip(first.memory.id);
    const partOfSecond = await killedMidZip(second.memory.id);
    expect(parts()).toEqual(expect.arrayContaining([partOfFirst, partOfSecond]));

    expect((await ann.fetch(`/api/memories/${first.memory.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(parts()).toEqual([partOfSecond]);

    expect((await ann.json('/api/account', { method: 'DELETE', json: { confirmation: ACCOUNT_DELETION_PHRASE, password: PASSWORD } })).status).toBe(204);
    expect(parts()).toEqual([]);
    // Not even a folder named after a memory is left.
    expect(leftovers().filter((name) => name.includes(first.memory.id) || name.includes(second.memory.id))).toEqual([]);
  }, 240_000);
});
