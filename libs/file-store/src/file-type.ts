/**
 * File types are told from the content (magic bytes), never from the name a browser sends.
 * A .docx is a zip, and only the zip's entry names tell it from any other zip, so the sniffer is fed
 * the whole stream chunk by chunk and settles at the end; it keeps a few dozen bytes, never the file.
 */
export const FILE_TYPES = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  /** Text with no binary signature and no control bytes besides tab, line ends and form feed (CSV, .txt). */
  text: 'text/plain',
} as const;

export type FileType = (typeof FILE_TYPES)[keyof typeof FILE_TYPES];

/** Memory document files: .pdf .jpg .jpeg .png .doc .docx. */
export const DOCUMENT_FILE_TYPES: readonly FileType[] = [FILE_TYPES.pdf, FILE_TYPES.jpeg, FILE_TYPES.png, FILE_TYPES.doc, FILE_TYPES.docx];
/** Memory photos: JPEG, PNG, GIF, WebP. */
export const PHOTO_FILE_TYPES: readonly FileType[] = [FILE_TYPES.jpeg, FILE_TYPES.png, FILE_TYPES.gif, FILE_TYPES.webp];

/** Signature bytes by offset; `null` matches any byte (the RIFF chunk size). */
type Signature = readonly (number | null)[];

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

const SIGNATURES: readonly { type: FileType; bytes: Signature }[] = [
  { type: FILE_TYPES.pdf, bytes: ascii('%PDF-') },
  { type: FILE_TYPES.jpeg, bytes: [0xff, 0xd8, 0xff] },
  { type: FILE_TYPES.png, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: FILE_TYPES.gif, bytes: ascii('GIF87a') },
  { type: FILE_TYPES.gif, bytes: ascii('GIF89a') },
  { type: FILE_TYPES.webp, bytes: [...ascii('RIFF'), null, null, null, null, ...ascii('WEBP')] },
  { type: FILE_TYPES.doc, bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
];

const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const ZIP_SIGNATURE: Signature = [...ZIP_LOCAL_HEADER];
/** A local file header holds its name length at 26 and the name from 30. */
const ZIP_NAME_OFFSET = 30;
const WORD_FOLDER = Buffer.from('word/');
const ZIP_NEEDED = ZIP_NAME_OFFSET + WORD_FOLDER.length;
/** Bytes text never holds: C0 controls other than tab, line feed, form feed and carriage return, and DEL. */
const NOT_TEXT = new Uint8Array(256);
for (let b = 0; b < 0x20; b++) if (![0x09, 0x0a, 0x0c, 0x0d].includes(b)) NOT_TEXT[b] = 1;
NOT_TEXT[0x7f] = 1;

function looksLikeText(chunk: Buffer): boolean {
  for (let i = 0; i < chunk.length; i++) if (NOT_TEXT[chunk[i]!] === 1) return false;
  return true;
}

const HEAD_BYTES = Math.max(ZIP_LOCAL_HEADER.length, ...SIGNATURES.map((s) => s.bytes.length));

function matches(head: Buffer, signature: Signature, partial: boolean): boolean {
  if (!partial && head.length < signature.length) return false;
  const n = Math.min(head.length, signature.length);
  for (let i = 0; i < n; i++) {
    const expected = signature[i];
    if (expected !== null && head[i] !== expected) return false;
  }
  return true;
}

export class FileTypeSniffer {
  private head = Buffer.alloc(0);
  private zip = false;
  private wordEntrySeen = false;
  /** The tail of the previous chunk, in case a zip entry header straddles two chunks. */
  private carry = Buffer.alloc(0);
  private ended = false;
  /** No byte so far rules out text: read to the end, since one binary byte anywhere does. */
  private text = true;

  push(chunk: Buffer): void {
    if (this.ended) throw new Error('FileTypeSniffer: push after finish');
    if (chunk.length === 0) return;
    if (this.text) this.text = looksLikeText(chunk);
    if (this.head.length < HEAD_BYTES) {
      const before = this.head;
      this.head = Buffer.concat([before, chunk.subarray(0, HEAD_BYTES - before.length)]);
      if (!this.zip && matches(this.head, ZIP_SIGNATURE, false)) {
        this.zip = true;
        // The bytes of earlier pushes were not scanned yet: the first entry header starts in them.
        this.scanZip(Buffer.concat([before, chunk]));
        return;
      }
    }
    if (this.zip && !this.wordEntrySeen) this.scanZip(chunk);
  }

  /**
   * Types the content can still turn out to be (empty once it is known to be none of them), so a
   * store can refuse a file as soon as nothing allowed is left, without reading the rest.
   */
  candidates(): readonly FileType[] {
    if (this.zip) return [FILE_TYPES.docx];
    const partial = !this.ended && this.head.length < HEAD_BYTES;
    const types = SIGNATURES.filter((s) => matches(this.head, s.bytes, partial)).map((s) => s.type);
    if (partial && matches(this.head, ZIP_SIGNATURE, true)) types.push(FILE_TYPES.docx);
    if (this.text && this.head.length > 0) types.push(FILE_TYPES.text);
    return [...new Set(types)];
  }

  /** The type, once the whole content has been pushed; null when it is none of the known types. */
  finish(): FileType | null {
    this.ended = true;
    if (this.zip) return this.wordEntrySeen ? FILE_TYPES.docx : null;
    const signed = SIGNATURES.find((s) => matches(this.head, s.bytes, false))?.type;
    if (signed) return signed;
    return this.text && this.head.length > 0 ? FILE_TYPES.text : null;
  }

  private scanZip(chunk: Buffer): void {
    const buf = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    let from = 0;
    for (;;) {
      const at = buf.indexOf(ZIP_LOCAL_HEADER, from);
      if (at < 0) break;
      if (at + ZIP_NEEDED > buf.length) {
        // Not enough bytes yet to read this entry's name: keep it for the next chunk.
        this.carry = Buffer.from(buf.subarray(at));
        return;
      }
      const nameLength = buf.readUInt16LE(at + 26);
      if (nameLength >= WORD_FOLDER.length && buf.subarray(at + ZIP_NAME_OFFSET, at + ZIP_NEEDED).equals(WORD_FOLDER)) {
        this.wordEntrySeen = true;
        this.carry = Buffer.alloc(0);
        return;
      }
      from = at + 1;
    }
    // A signature may start in the last few bytes: keep only those.
    this.carry = Buffer.from(buf.subarray(Math.max(0, buf.length - (ZIP_LOCAL_HEADER.length - 1))));
  }
}

/** The type of a complete piece of content (for a zip, the whole of it is needed to find `word/`). */
export function detectFileType(head: Buffer): FileType | null {
  const sniffer = new FileTypeSniffer();
  sniffer.push(head);
  return sniffer.finish();
}

/**
 * An uploaded file's name as the person chose it (the URI-encoded `x-file-name` header), without any
 * path or control characters, at most `maxLength` long; never trusted for its type.
 */
export function fileNameFromHeader(raw: string | undefined, maxLength: number, fallback = 'file'): string {
  let name: string;
  try {
    name = decodeURIComponent(raw ?? '');
  } catch {
    name = raw ?? '';
  }
  name = name.replace(/[\u0000-\u001f\u007f]/g, '').split(/[\\/]/).pop()!.trim();
  return (name || fallback).slice(0, maxLength);
}
