import { FILE_TYPES } from '@afterwards/file-store';

/** The parser could not read the file at all (damaged, or protected by a password). */
export class DocumentUnreadableError extends Error {
  constructor(cause: unknown) {
    super('The document could not be read', { cause });
    this.name = 'DocumentUnreadableError';
  }
}

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

async function docxText(bytes: Buffer): Promise<string> {
  const mammoth = commonJsDefault<typeof import('mammoth')>(await import('mammoth'));
  return (await mammoth.extractRawText({ buffer: bytes })).value;
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

/** The text of a document of a type told from its content (see FILE_TYPES). */
export async function extractText(bytes: Buffer, fileType: string): Promise<string> {
  try {
    switch (fileType) {
      case FILE_TYPES.pdf:
        return await pdfText(bytes);
      case FILE_TYPES.docx:
        return await docxText(bytes);
      case FILE_TYPES.doc:
        return await docText(bytes);
      case FILE_TYPES.text:
        return plainText(bytes);
      default:
        throw new Error(`No text extractor for ${fileType}`);
    }
  } catch (error) {
    throw new DocumentUnreadableError(error);
  }
}

/** Fewer letters and digits than this and there is nothing to read: a scanned page, or an empty file. */
const MIN_TEXT_CHARACTERS = 10;
export const hasText = (text: string): boolean => (text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= MIN_TEXT_CHARACTERS;
