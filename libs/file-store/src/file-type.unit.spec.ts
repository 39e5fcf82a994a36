import { detectFileType, DOCUMENT_FILE_TYPES, FILE_TYPES, FileTypeSniffer, PHOTO_FILE_TYPES } from './file-type';
import { sampleDocx, sampleGif, sampleJpeg, sampleOleHeader, samplePdf, samplePng, sampleWebp, sampleZip } from './samples';

function sniffInChunks(content: Buffer, size: number): string | null {
  const sniffer = new FileTypeSniffer();
  for (let i = 0; i < content.length; i += size) sniffer.push(content.subarray(i, i + size));
  return sniffer.finish();
}

describe('detectFileType', () => {
  it.each([
    ['a PDF', samplePdf(), FILE_TYPES.pdf],
    ['a PNG', samplePng(), FILE_TYPES.png],
    ['a JPEG', sampleJpeg(), FILE_TYPES.jpeg],
    ['a GIF89a', sampleGif(), FILE_TYPES.gif],
    ['a GIF87a', Buffer.concat([Buffer.from('GIF87a'), sampleGif().subarray(6)]), FILE_TYPES.gif],
    ['a WebP', sampleWebp(), FILE_TYPES.webp],
    ['an OLE compound file (.doc)', sampleOleHeader(), FILE_TYPES.doc],
    ['a zip with a word/ folder (.docx)', sampleDocx(), FILE_TYPES.docx],
  ])('knows %s by its content', (_name, content, type) => {
    expect(detectFileType(content)).toBe(type);
  });

  it.each([
    ['a zip that is not a Word document', sampleZip({ 'notes.txt': 'Hello', 'photos/readme.md': '# none' })],
    ['a zip whose word/ appears only inside an entry', sampleZip({ 'notes.txt': 'see word/document.xml' })],
    ['a RIFF that is not WebP (WAVE)', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')])],
    ['nothing at all', Buffer.alloc(0)],
    ['a text file with a binary byte in it', Buffer.from('name,category\nHope\u0000,Funeral Directors\n')],
  ])('refuses %s', (_name, content) => {
    expect(detectFileType(content)).toBeNull();
  });

  it.each([
    ['text renamed .pdf', Buffer.from('Hello, I am only text in a file called report.pdf\n')],
    ['a PDF signature cut short', Buffer.from('%PD')],
    ['a CSV with a byte-order mark and Windows line ends', Buffer.from('\uFEFFname,category\r\n"Hope, & Sons",Funeral Directors\r\n')],
  ])('takes %s for plain text, which is no document or photo type', (_name, content) => {
    expect(detectFileType(content)).toBe(FILE_TYPES.text);
    expect([...DOCUMENT_FILE_TYPES, ...PHOTO_FILE_TYPES]).not.toContain(FILE_TYPES.text);
  });
});

describe('FileTypeSniffer', () => {
  it('types content fed in chunks of any size, including a zip entry header split between chunks', () => {
    const docx = sampleDocx(5000);
    for (const size of [1, 2, 3, 7, 31, 64, 4096]) {
      expect(sniffInChunks(docx, size)).toBe(FILE_TYPES.docx);
      expect(sniffInChunks(samplePng(), size)).toBe(FILE_TYPES.png);
      expect(sniffInChunks(sampleWebp(), size)).toBe(FILE_TYPES.webp);
    }
    expect(sniffInChunks(sampleZip({ 'a.txt': 'x'.repeat(3000) }), 7)).toBeNull();
  });

  it('narrows the candidates as bytes arrive, so a store can refuse early', () => {
    const sniffer = new FileTypeSniffer();
    sniffer.push(Buffer.from('%'));
    expect(sniffer.candidates()).toEqual([FILE_TYPES.pdf, FILE_TYPES.text]);
    sniffer.push(Buffer.from('PDF-1.7\n'));
    expect(sniffer.candidates()).toEqual([FILE_TYPES.pdf, FILE_TYPES.text]);
    // A PDF's binary streams rule text out.
    sniffer.push(Buffer.from([0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a, 0x01]));
    expect(sniffer.candidates()).toEqual([FILE_TYPES.pdf]);

    const text = new FileTypeSniffer();
    text.push(Buffer.from('Hello'));
    expect(text.candidates()).toEqual([FILE_TYPES.text]);
    text.push(Buffer.from([0x00]));
    expect(text.candidates()).toEqual([]);

    // A zip can only become a .docx, and only its later entries can tell.
    const zip = new FileTypeSniffer();
    zip.push(sampleZip({ 'notes.txt': 'Hello' }).subarray(0, 20));
    expect(zip.candidates()).toEqual([FILE_TYPES.docx]);
    expect(zip.finish()).toBeNull();

    const empty = new FileTypeSniffer();
    expect(empty.candidates()).toEqual(expect.arrayContaining([...DOCUMENT_FILE_TYPES, ...PHOTO_FILE_TYPES]));
  });

  it('lists the types the issue allows for document files and for photos', () => {
    expect(DOCUMENT_FILE_TYPES).toEqual(['application/pdf', 'image/jpeg', 'image/png', 'application/msword', FILE_TYPES.docx]);
    expect(PHOTO_FILE_TYPES).toEqual(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
  });
});
