// What the memories API's end-to-end tests share: a started product with two verified families (Ann and Bob,
// who see nothing of each other's memories unless shared), and the calls every one of them makes.
import JSZip from 'jszip';
import { FILE_NAME_HEADER, MemoryDetailSchema, MemoryExportSchema, type MemoryDetail } from '@afterwards/contracts';
import { expectEventually } from '@afterwards/persistence/testing';
import { newFamilySession } from './accounts';
import { forFile } from './for-file';
import type { HttpSession } from './http';
import { startProduct, type RunningProduct } from './product';

export const MEMORIES_PASSWORD = 'quiet-harbour-47';
export const ANN = 'ann.memories@example.test';
export const BOB = 'bob.memories@example.test';

export interface MemoriesProduct {
  product: RunningProduct;
  ann: HttpSession;
  bob: HttpSession;
}

/** Starts the built product (PostgreSQL and Redis unless told otherwise) with Ann and Bob signed in. */
export async function startMemoriesProduct(profile: 'services' | 'embedded' = 'services'): Promise<MemoriesProduct> {
  const product = await startProduct({ profile, seedCount: 0 });
  const family = (email: string) => newFamilySession(product, { email, password: MEMORIES_PASSWORD });
  return { product, ann: await family(ANN), bob: await family(BOB) };
}

/** Opens a memory through the API and returns it whole (a 201, checked against the contract). */
export async function createMemory(http: HttpSession, details: Record<string, unknown>): Promise<MemoryDetail> {
  const res = await http.json<MemoryDetail>('/api/memories', { method: 'POST', json: details });
  expect(res.status).toBe(201);
  return MemoryDetailSchema.parse(res.body);
}

/** Sends a file's bytes as the screens do: the raw body, its name in a header. */
export function uploadBytes(http: HttpSession, url: string, bytes: Buffer, fileName: string, method = 'POST') {
  return http.json<MemoryDetail>(url, {
    method,
    body: new Uint8Array(bytes),
    headers: { 'content-type': 'application/octet-stream', [FILE_NAME_HEADER]: encodeURIComponent(fileName) },
  });
}

/** A tiny PDF (detected as one by its content) that carries `marker`, to find it again. */
export const pdfWith = (marker: string): Buffer => Buffer.from(`%PDF-1.4\n1 0 obj <<>> endobj\n% ${marker}\ntrailer <<>>\n%%EOF\n`);

/** Starts the product before a file's tests, hands it to `started`, and stops it after them: one product a file. */
export function useMemoriesProduct(started: (running: MemoriesProduct) => unknown, profile: 'services' | 'embedded' = 'services'): void {
  forFile(() => startMemoriesProduct(profile), (running) => running.product.stop(), { timeoutMs: 180_000, started });
}

/** Asks for a memory's "Download everything", waits until the zip is ready (30 s at most) and opens it. */
export async function downloadEverything(http: HttpSession, memoryId: string): Promise<{ zip: JSZip; downloadUrl: string }> {
  const started = await http.json(`/api/memories/${memoryId}/exports`, { method: 'POST', json: {} });
  expect(started.status).toBe(202);
  const exportId = MemoryExportSchema.parse(started.body).id;
  const ready = await expectEventually(
    async () => {
      const now = MemoryExportSchema.parse((await http.json(`/api/memories/${memoryId}/exports/${exportId}`)).body);
      expect(now).toMatchObject({ status: 'ready', progress: 100 });
      return now;
    },
    30_000,
    200,
  );
  const zipped = await http.fetch(ready.downloadUrl!);
  expect(zipped.headers.get('content-type')).toBe('application/zip');
  return { zip: await JSZip.loadAsync(Buffer.from(await zipped.arrayBuffer())), downloadUrl: ready.downloadUrl! };
}
