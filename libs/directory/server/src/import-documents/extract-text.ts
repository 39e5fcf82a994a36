import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DocumentLimitError, DocumentUnreadableError } from './extraction-errors';
import type { ExtractionReply, ExtractionRequest } from './extract-text.worker';

export { DocumentLimitError, DocumentUnreadableError, type DocumentLimit } from './extraction-errors';

/**
 * The caps of one extraction (decision 0037). A document's compressed parts may unpack to 128 MB (a
 * brochure's are a few MB); the thread that reads it has a 96 MB heap and 30 seconds; and the process
 * may grow by 256 MB while it runs, which catches what a heap limit does not see (the typed arrays a
 * parser inflates into live outside the heap).
 */
export interface ExtractionLimits {
  readonly maxUnpackedBytes: number;
  readonly heapMb: number;
  readonly timeoutMs: number;
  readonly maxGrowthBytes: number;
}

export const DEFAULT_EXTRACTION_LIMITS: ExtractionLimits = {
  maxUnpackedBytes: 128 * 1024 * 1024,
  heapMb: 96,
  timeoutMs: 30_000,
  maxGrowthBytes: 256 * 1024 * 1024,
};

/** Documents read at once in a process; more wait, so several large uploads cannot add up. */
const MAX_AT_ONCE = 2;
const WATCH_EVERY_MS = 25;

const WORKER_NAME = 'extract-text.worker';

/**
 * The worker's file. The API's bundle carries it as its own entry beside the chunk this code is in
 * (`extract-text.worker.js`); from source (Jest), it is the TypeScript file beside this one, loaded
 * through jiti's module hooks since Node 20 cannot run TypeScript itself.
 */
export function extractionWorkerFile(): { file: string; execArgv: string[] } {
  // Where it is does not change while the process runs: found once, not per document.
  return (workerFile ??= locateWorkerFile());
}

let workerFile: { file: string; execArgv: string[] } | undefined;

function locateWorkerFile(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const built = path.join(path.dirname(here), `${WORKER_NAME}.js`);
  if (!here.endsWith('.ts') && existsSync(built)) return { file: built, execArgv: [] };
  const source = path.join(path.dirname(here), `${WORKER_NAME}.ts`);
  const jiti = path.dirname(createRequire(import.meta.url).resolve('jiti/package.json'));
  return { file: source, execArgv: ['--import', pathToFileURL(path.join(jiti, 'lib', 'jiti-register.mjs')).href] };
}

let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(task: () => Promise<T>): Promise<T> {
  if (running >= MAX_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await task();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** One document read in its own worker thread, under the limits; the thread ends with the answer. */
function extractInWorker(bytes: Buffer, fileType: string, limits: ExtractionLimits): Promise<string> {
  const { file, execArgv } = extractionWorkerFile();
  const request: ExtractionRequest = { bytes, fileType, maxUnpackedBytes: limits.maxUnpackedBytes };
  const worker = new Worker(file, {
    workerData: request,
    execArgv,
    resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: Math.min(16, Math.max(4, limits.heapMb / 8)) },
    stdout: true, // a parser's console noise stays out of the API's log
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  return new Promise<string>((resolve, reject) => {
    const startRss = process.memoryUsage.rss();
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => settle(() => reject(new DocumentLimitError('time'))), limits.timeoutMs);
    const watch = setInterval(() => {
      if (process.memoryUsage.rss() - startRss > limits.maxGrowthBytes) settle(() => reject(new DocumentLimitError('memory')));
    }, WATCH_EVERY_MS);
    worker.on('message', (reply: ExtractionReply) =>
      settle(() => {
        if (reply.ok) resolve(reply.text);
        else reject(reply.limit ? new DocumentLimitError(reply.limit) : new DocumentUnreadableError(new Error(reply.reason)));
      }),
    );
    worker.on('error', (error: Error & { code?: string }) =>
      settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new DocumentLimitError('memory') : new DocumentUnreadableError(error))),
    );
    worker.on('exit', (code) => settle(() => reject(new DocumentUnreadableError(new Error(`The extraction stopped (exit ${code})`)))));
  });
}

/**
 * The text of a document of a type told from its content (see FILE_TYPES), read outside the caller's
 * heap: DocumentLimitError when it is over a cap, DocumentUnreadableError when it cannot be read.
 */
export function extractText(bytes: Buffer, fileType: string, limits: ExtractionLimits = DEFAULT_EXTRACTION_LIMITS): Promise<string> {
  return withSlot(() => extractInWorker(bytes, fileType, limits));
}

/** Fewer letters and digits than this and there is nothing to read: a scanned page, or an empty file. */
const MIN_TEXT_CHARACTERS = 10;
export const hasText = (text: string): boolean => (text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= MIN_TEXT_CHARACTERS;
