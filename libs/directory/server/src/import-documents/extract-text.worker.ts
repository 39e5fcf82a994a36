// The extraction worker: one document per thread, started by extractText (extract-text.ts) with its own
// heap limit and ended by it on a timeout. Built as its own entry beside the API's bundle (apps/api
// rspack config); under Jest it runs from source (see extractionWorkerFile).
import { parentPort, workerData } from 'node:worker_threads';
import { DocumentLimitError } from './extraction-errors';
import { readDocument, type ReadOptions } from './read-document';

export interface ExtractionRequest extends ReadOptions {
  readonly bytes: Uint8Array;
  readonly fileType: string;
}

export type ExtractionReply = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly limit?: DocumentLimitError['limit']; readonly reason: string };

const request = workerData as ExtractionRequest;
let reply: ExtractionReply;
try {
  const bytes = Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength);
  reply = { ok: true, text: await readDocument(bytes, request.fileType, request) };
} catch (error) {
  reply = error instanceof DocumentLimitError ? { ok: false, limit: error.limit, reason: error.message } : { ok: false, reason: String((error as Error)?.message ?? error) };
}
parentPort!.postMessage(reply);
