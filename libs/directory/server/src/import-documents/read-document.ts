// Reads a document's text with real parsers. Runs inside the extraction worker (extract-text.worker.ts),
// never in the API's own heap: these parsers inflate and build whatever the file asks for.
import zlib from 'node:zlib';
import yauzl from 'yauzl';
import { FILE_TYPES } from '@afterwards/file-store';
import { DocumentLimitError } from './extraction-errors';

/** A .docx has a few dozen parts; a zip of tens of thousands is built to exhaust, not to be read. */
const MAX_ZIP_ENTRIES = 10_000;

/** A PDF's text, page by page, with pdf.js (no worker thread, no fonts loaded: text only). */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  const pdf = await task.promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
      }
      pages.push(text);
      page.cleanup();
    }
    return pages.join('\n\n');
  } finally {
    await pdf.destroy();
  }
}

/** A CommonJS package's exports, however the loader (Node, Jest or the bundle) wrapped them. */
function commonJsDefault<T>(namespace: unknown): T {
  let value = namespace as { default?: unknown };
  while (value && typeof value === 'object' && 'default' in value && value.default !== undefined) value = value.default as { default?: unknown };
  return value as T;
}

/**
 * A .docx's text, a paragraph per line and a blank line after it. Through mammoth's HTML, not its raw
 * text: the raw text drops a line break inside a paragraph (Shift+Enter), running the words either side
 * of it together ('for' and 'families' as 'forfamilies'). Pictures are left out, not inlined.
 */
async function docxText(bytes: Buffer): Promise<string> {
  const mammoth = commonJsDefault<typeof import('mammoth')>(await import('mammoth'));
  const noPicture = mammoth.images.imgElement(() => Promise.resolve({ src: '' }));
  const html = (await mammoth.convertToHtml({ buffer: bytes }, { convertImage: noPicture })).value;
  return html
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<\/(?:p|h[1-6]|li|td|th)>/g, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(lt|gt|quot|#39|amp);/g, (_, entity: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[entity]!);
}

/** A legacy Word 97–2003 document (.doc, an OLE compound file): body, headers and text boxes. */
async function docText(bytes: Buffer): Promise<string> {
  const WordExtractor = commonJsDefault<typeof import('word-extractor').default>(await import('word-extractor'));
  const doc = await new WordExtractor().extract(bytes);
  return [doc.getBody(), doc.getHeaders({ includeFooters: true }), doc.getTextboxes({ includeHeadersAndFooters: false, includeBody: true })].filter((t) => t.trim()).join('\n\n');
}

/** Plain text: UTF-8 (a byte-order mark is dropped), or Windows-1252 when it is not valid UTF-8. */
function plainText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * Refuses a zip (a .docx) whose parts unpack to more than `maxBytes`: first from the sizes its central
 * directory declares, before inflating anything; then by inflating every part and counting, because the
 * directory can lie. Only then does mammoth (which inflates whole parts into memory) see the file.
 */
export async function checkZipUnpackedSize(bytes: Buffer, maxBytes: number): Promise<void> {
  // validateEntrySizes is off so that a lying directory is caught by the count below, as over the limit.
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: false }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  try {
    const entries: yauzl.Entry[] = [];
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.push(entry);
        if (entries.length > MAX_ZIP_ENTRIES) return reject(new DocumentLimitError('unpacked-size'));
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', reject);
      zip.readEntry();
    });
    const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    if (declared > maxBytes) throw new DocumentLimitError('unpacked-size');
    let inflated = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const stream = await new Promise<NodeJS.ReadableStream & { destroy(): void }>((resolve, reject) =>
        zip.openReadStream(entry, (error, s) => (error ? reject(error) : resolve(s as NodeJS.ReadableStream & { destroy(): void }))),
      );
      for await (const chunk of stream) {
        inflated += (chunk as Buffer).length;
        if (inflated > maxBytes) {
          stream.destroy();
          throw new DocumentLimitError('unpacked-size');
        }
      }
    }
  } finally {
    zip.close();
  }
}

/** Bytes that `data` inflates to through `passes` Flate decoders in a row, counting no further than `budget`. */
function inflatedBytes(data: Buffer, passes: number, budget: number): Promise<number> {
  return new Promise((resolve) => {
    const chain = Array.from({ length: passes }, () => zlib.createInflate());
    let counted = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      for (const z of chain) z.destroy();
      resolve(counted);
    };
    for (let i = 0; i + 1 < chain.length; i++) chain[i]!.pipe(chain[i + 1]!);
    const last = chain[chain.length - 1]!;
    last.on('data', (chunk: Buffer) => {
      counted += chunk.length;
      if (counted > budget) finish();
    });
    last.on('end', finish);
    // Not Flate data, or a damaged stream: pdf.js reads what inflates, so that is what counts.
    for (const z of chain) z.on('error', finish);
    chain[0]!.end(data);
  });
}

/**
 * Refuses a PDF whose Flate streams (page contents, object streams, fonts) unpack to more than `maxBytes`
 * in all, counted while inflating: pdf.js would inflate a content stream whole into memory. Streams
 * cannot sit inside object streams, so every one of them is in the file's own bytes. Other filters
 * (LZW, run-length) are left to the extraction's memory and time caps.
 */
export async function checkPdfUnpackedSize(bytes: Buffer, maxBytes: number): Promise<void> {
  const text = bytes.toString('latin1');
  let total = 0;
  let at = 0;
  for (;;) {
    const keyword = text.indexOf('stream', at);
    if (keyword < 0) break;
    at = keyword + 6;
    if (text.startsWith('end', keyword - 3)) continue;
    let start = at;
    if (text[start] === '\r') start++;
    if (text[start] === '\n') start++;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    at = end + 9;
    // The stream's dictionary runs from its object header to the keyword: count its Flate filters.
    const dictionary = text.slice(Math.max(text.lastIndexOf(' obj', keyword), keyword - 4096, 0), keyword);
    const passes = dictionary.match(/\/(FlateDecode|Fl)\b/g)?.length ?? 0;
    if (passes === 0) continue;
    total += await inflatedBytes(bytes.subarray(start, end), passes, maxBytes - total);
    if (total > maxBytes) throw new DocumentLimitError('unpacked-size');
  }
}

export interface ReadOptions {
  /** The most that a document's compressed parts may unpack to. */
  readonly maxUnpackedBytes: number;
}

/** The text of a document of a type told from its content (see FILE_TYPES). */
export async function readDocument(bytes: Buffer, fileType: string, options: ReadOptions): Promise<string> {
  switch (fileType) {
    case FILE_TYPES.pdf:
      await checkPdfUnpackedSize(bytes, options.maxUnpackedBytes);
      return pdfText(bytes);
    case FILE_TYPES.docx:
      await checkZipUnpackedSize(bytes, options.maxUnpackedBytes);
      return docxText(bytes);
    case FILE_TYPES.doc:
      return docText(bytes);
    case FILE_TYPES.text:
      return plainText(bytes);
    default:
      throw new Error(`No text extractor for ${fileType}`);
  }
}
