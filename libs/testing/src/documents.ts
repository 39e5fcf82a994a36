// Real documents of every type the imports take, made in code so tests and benches need no binary
// fixtures: a PDF with a text layer (pdf-lib), a scanned-looking PDF with none, a .docx (the zip of
// WordprocessingML parts Word writes), a legacy Word 97-2003 .doc (an OLE compound file holding a
// WordDocument stream with its file information block and a piece table) and plain text.
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import CFB from 'cfb';
import JSZip from 'jszip';
import { PDFDocument, PDFName, PDFRawStream, StandardFonts, breakTextIntoLines, rgb } from 'pdf-lib';
import { ZipFile } from 'yazl';

/** A one-page PDF whose lines are real text objects (what a brochure exported from Word or InDesign has). */
export async function makePdf(lines: readonly string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 18, size: 11, font }));
  return Buffer.from(await doc.save());
}

/**
 * A one-page PDF whose paragraphs pdf-lib sets in a column `columnWidth` points wide: a paragraph longer
 * than the column wraps over several lines, as it does in a brochure exported from Word.
 */
export async function makeWrappedPdf(paragraphs: readonly string[], columnWidth = 220): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  let y = 780;
  for (const paragraph of paragraphs) {
    page.drawText(paragraph, { x: 50, y, size: 11, font, maxWidth: columnWidth, lineHeight: 14 });
    y -= breakTextIntoLines(paragraph, [' '], columnWidth, (t) => font.widthOfTextAtSize(t, 11)).length * 14 + 18;
  }
  return Buffer.from(await doc.save());
}

/** A PDF with only shapes on its page, as a scanner makes (pictures of pages, no text layer). */
export async function makeScannedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  for (let i = 0; i < 20; i++) page.drawRectangle({ x: 50, y: 780 - i * 30, width: 400 - i * 7, height: 12, color: rgb(0.2, 0.2, 0.2) });
  return Buffer.from(await doc.save());
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const DOCX_CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const DOCX_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

/** A .docx with one paragraph per line; a line break inside a line ('\n') is a break within its paragraph (Shift+Enter). */
export async function makeDocx(lines: readonly string[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', DOCX_CONTENT_TYPES);
  zip.file('_rels/.rels', DOCX_RELS);
  const body = lines.map((l) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(l).split('\n').join('</w:t><w:br/><w:t xml:space="preserve">')}</w:t></w:r></w:p>`).join('');
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * A Word 97-2003 .doc: an OLE compound file with a `WordDocument` stream (the FIB, then the text as
 * UTF-16 at `fcMin`) and a `1Table` stream holding the CLX, a piece table of one piece over the text.
 * Paragraphs end with '\r' as Word stores them.
 */
export function makeDoc(lines: readonly string[]): Buffer {
  const text = `${lines.join('\r')}\r`;
  const TEXT_AT = 0x800;
  const word = Buffer.alloc(Math.max(4608, TEXT_AT + text.length * 2 + 512));
  word.writeUInt16LE(0xa5ec, 0x00); // wIdent: a Word document
  word.writeUInt16LE(0x00c1, 0x02); // nFib: Word 97
  word.writeUInt16LE(0x0200, 0x0a); // fWhichTblStm: the table stream is 1Table
  word.writeUInt32LE(TEXT_AT, 0x18); // fcMin
  word.writeUInt32LE(TEXT_AT + text.length * 2, 0x1c); // fcMac
  word.writeUInt32LE(text.length, 0x4c); // ccpText: the main document's characters
  word.writeUInt32LE(0, 0x1a2); // fcClx: the CLX starts the table stream
  word.writeUInt32LE(21, 0x1a6); // lcbClx
  word.write(text, TEXT_AT, 'utf16le');
  const table = Buffer.alloc(21);
  table.writeUInt8(0x02, 0); // Pcdt
  table.writeUInt32LE(16, 1); // lcb of the PlcPcd: two CPs and one PCD
  table.writeUInt32LE(0, 5); // CP of the piece's start
  table.writeUInt32LE(text.length, 9); // CP of its end
  table.writeUInt16LE(0, 13); // PCD flags
  table.writeUInt32LE(TEXT_AT, 15); // fc: UTF-16 text (the compressed bit is clear)
  table.writeUInt16LE(0, 19); // prm
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, 'WordDocument', word);
  CFB.utils.cfb_add(container, '1Table', table);
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
}

export const makeTxt = (lines: readonly string[]): Buffer => Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');

/** The lines of a funeral director's brochure, with every field the extraction rules look for. */
export const BROCHURE_LINES = [
  'Hope & Sons Funeral Directors Ltd',
  'We provide caring, dignified funeral services for families across West Yorkshire.',
  'Address: 12 Park Row, Leeds LS1 5HN',
  'Phone: 0113 496 0000',
  'Email: info@hopeandsons.example',
  'Website: www.hopeandsons.example',
  'Simple cremation packages with a price from £1,950 including the hearse.',
] as const;

/** `chunk` again and again, `total` bytes in all (the last one cut), as a stream: nothing that size is held. */
async function* repeated(chunk: Buffer, total: number): AsyncGenerator<Buffer> {
  for (let sent = 0; sent < total; sent += chunk.length) yield total - sent >= chunk.length ? chunk : chunk.subarray(0, total - sent);
}

async function collect(stream: AsyncIterable<Buffer | Uint8Array | string>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

/**
 * A zip-bomb .docx: a real document whose `word/document.xml` inflates to `unpackedBytes` (300 MB fits in
 * about 1 MB). With `directorySays`, the zip's central directory states that size for the part instead of
 * the true one, as a file built to get past a check of the directory alone would.
 */
export async function makeDocxBomb(unpackedBytes: number, options: { directorySays?: number } = {}): Promise<Buffer> {
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(DOCX_CONTENT_TYPES), '[Content_Types].xml');
  zip.addBuffer(Buffer.from(DOCX_RELS), '_rels/.rels');
  const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
  const paragraph = '<w:p><w:r><w:t>Hope &amp; Sons Funeral Directors, Leeds</w:t></w:r></w:p>';
  async function* documentXml() {
    yield Buffer.from(head);
    yield* repeated(Buffer.from(paragraph.repeat(20_000)), unpackedBytes - head.length - 30);
    yield Buffer.from('</w:body></w:document>');
  }
  zip.addReadStream(Readable.from(documentXml()), 'word/document.xml');
  zip.end();
  const bytes = await collect(zip.outputStream);
  if (options.directorySays !== undefined) {
    // Central directory headers: signature, then the uncompressed size at +24 and the name at +46.
    for (let at = bytes.indexOf(CENTRAL_DIRECTORY_HEADER); at >= 0; at = bytes.indexOf(CENTRAL_DIRECTORY_HEADER, at + 4)) {
      const name = bytes.toString('utf8', at + 46, at + 46 + bytes.readUInt16LE(at + 28));
      if (name === 'word/document.xml') bytes.writeUInt32LE(options.directorySays, at + 24);
    }
  }
  return bytes;
}
const CENTRAL_DIRECTORY_HEADER = Buffer.from([0x50, 0x4b, 0x01, 0x02]);

/**
 * A PDF bomb: one page whose content stream is FlateDecode data that inflates to `unpackedBytes` of text
 * operators (300 MB in about 1 MB), the way a PDF can make a reader fill its memory. `operators` repeats
 * other content instead (e.g. 'q Q\n', which keeps a reader busy without filling its heap).
 */
export async function makePdfBomb(unpackedBytes: number, options: { operators?: string } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.node.setFontDictionary(PDFName.of('F1'), font.ref);
  const operators = Buffer.from((options.operators ?? 'BT /F1 11 Tf 50 780 Td (Hope & Sons Funeral Directors, Leeds) Tj ET\n').repeat(10_000));
  const deflated = await collect(Readable.from(repeated(operators, unpackedBytes)).pipe(zlib.createDeflate({ level: 9 })));
  const contents = PDFRawStream.of(doc.context.obj({ Filter: 'FlateDecode', Length: deflated.length }), deflated);
  page.node.set(PDFName.of('Contents'), doc.context.register(contents));
  return Buffer.from(await doc.save());
}
