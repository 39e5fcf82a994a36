import { BROCHURE_LINES, makeDoc, makeDocx, makeDocxBomb, makePdf, makePdfBomb, makeScannedPdf, makeTxt, makeWrappedPdf } from '@afterwards/testing/documents';
import { detectFileType, FILE_TYPES } from '@afterwards/file-store';
import { extractBusiness } from '@afterwards/directory-domain';
import { DEFAULT_EXTRACTION_LIMITS, DocumentLimitError, extractText, hasText, type DocumentLimit, type ExtractionLimits } from './extract-text';

/** What the brochure's fields are, whichever file type carries it. */
const expected = {
  businessName: 'Hope & Sons Funeral Directors Ltd',
  category: 'Funeral Directors',
  location: 'Leeds',
  address: '12 Park Row, Leeds LS1 5HN',
  phone: '0113 496 0000',
  email: 'info@hopeandsons.example',
  website: 'https://www.hopeandsons.example',
  description: 'We provide caring, dignified funeral services for families across West Yorkshire.',
  pricing: 'From £1,950',
};

describe('document text extraction with real parsers', () => {
  it.each([
    ['a PDF with a text layer (pdf.js)', () => makePdf(BROCHURE_LINES), FILE_TYPES.pdf],
    ['a .docx (mammoth)', () => makeDocx(BROCHURE_LINES), FILE_TYPES.docx],
    ['a Word 97-2003 .doc (word-extractor)', async () => makeDoc(BROCHURE_LINES), FILE_TYPES.doc],
    ['a .txt', async () => makeTxt(BROCHURE_LINES), FILE_TYPES.text],
  ])('reads %s, typed by its content, and the rules find every field', async (_name, make, type) => {
    const bytes = await make();
    expect(detectFileType(bytes)).toBe(type);
    const text = await extractText(bytes, type);
    for (const line of BROCHURE_LINES) expect(text).toContain(line);
    const { data, found, confidence } = extractBusiness(text, 'brochure');
    expect(data).toEqual(expected);
    expect(found).toHaveLength(9);
    expect(confidence).toBe(100);
  });

  it('finds no text in a scanned PDF (pictures of pages, no text layer)', async () => {
    const bytes = await makeScannedPdf();
    expect(detectFileType(bytes)).toBe(FILE_TYPES.pdf);
    expect(hasText(await extractText(bytes, FILE_TYPES.pdf))).toBe(false);
  });

  it('reads a .txt saved in Windows-1252 (a £ that is not UTF-8)', async () => {
    const text = await extractText(Buffer.from('Fees from \xa3450 for a simple service.\r\n', 'latin1'), FILE_TYPES.text);
    expect(text).toContain('£450');
  });

  it('refuses a damaged PDF as unreadable', async () => {
    const pdf = await makePdf(BROCHURE_LINES);
    await expect(extractText(pdf.subarray(0, 200), FILE_TYPES.pdf)).rejects.toThrow('could not be read');
  });
});

describe('a description sentence that wraps over lines is found, whichever extractor read it', () => {
  // No piece of it between two line ends is a sentence of 51 characters or more: only the joined paragraph is.
  const description = 'We provide caring and dignified funeral services for families across the whole of the county.';
  const name = 'Hope & Sons Funeral Directors Ltd';
  const phone = 'Phone: 0113 496 0000';
  // The sentence as a page or an editor broke it: each line under the rule's 51 characters.
  const broken = ['We provide caring and dignified', 'funeral services for families across', 'the whole of the county.'];

  it.each([
    ['a PDF that sets it in a narrow column (pdf.js)', () => makeWrappedPdf([name, description, phone], 200), FILE_TYPES.pdf],
    ['a .docx whose paragraph has line breaks in it (mammoth)', () => makeDocx([name, broken.join('\n'), phone]), FILE_TYPES.docx],
    ['a Word 97-2003 .doc typed with a return at each line end (word-extractor)', async () => makeDoc([name, ...broken, phone]), FILE_TYPES.doc],
    ['a .txt wrapped at the line end, as e-mail is', async () => makeTxt([name, ...broken, phone]), FILE_TYPES.text],
  ])('%s', async (_name, make, type) => {
    const bytes = await make();
    expect(detectFileType(bytes)).toBe(type);
    const text = await extractText(bytes, type);
    // The extractor really gave the sentence over several lines.
    expect(text).not.toContain(description);
    expect(text.split(/\r?\n/).filter((l) => l.trim()).length).toBeGreaterThanOrEqual(4);
    const { data } = extractBusiness(text, 'brochure');
    expect(data).toMatchObject({ businessName: name, description, phone: '0113 496 0000' });
  });

  it('finds the same sentence on one line in a .docx', async () => {
    const text = await extractText(await makeDocx([name, description, phone]), FILE_TYPES.docx);
    expect(extractBusiness(text, 'brochure').data.description).toBe(description);
  });
});

const MB = 1024 * 1024;

/** The cap an extraction was refused at, or a failure if it was not refused that way. */
async function limitHit(extraction: Promise<string>): Promise<DocumentLimit> {
  const error = await extraction.then(
    () => new Error('the document was read'),
    (e: unknown) => e,
  );
  if (!(error instanceof DocumentLimitError)) throw error;
  return error.limit;
}

describe('the extraction sandbox: a worker thread with caps on unpacked size, memory and time', () => {
  // The test process has V8's default heap: had the bombs been read here, it would have filled it.
  const before = process.memoryUsage().heapUsed;

  it('refuses a zip-bomb .docx (1 MB whose document.xml inflates to 300 MB) from its central directory', async () => {
    const bomb = await makeDocxBomb(300 * MB);
    expect(bomb.length).toBeLessThan(2 * MB);
    expect(detectFileType(bomb)).toBe(FILE_TYPES.docx);
    await expect(limitHit(extractText(bomb, FILE_TYPES.docx))).resolves.toBe('unpacked-size');
  });

  it('refuses a zip-bomb .docx whose directory lies about the size, by counting as it inflates', async () => {
    const bomb = await makeDocxBomb(300 * MB, { directorySays: 4_000 });
    await expect(limitHit(extractText(bomb, FILE_TYPES.docx))).resolves.toBe('unpacked-size');
  });

  it('refuses a PDF bomb (a FlateDecode content stream that inflates to 300 MB)', async () => {
    const bomb = await makePdfBomb(300 * MB);
    expect(bomb.length).toBeLessThan(2 * MB);
    expect(detectFileType(bomb)).toBe(FILE_TYPES.pdf);
    await expect(limitHit(extractText(bomb, FILE_TYPES.pdf))).resolves.toBe('unpacked-size');
  });

  it("stops what gets past the size checks at the worker's memory cap: the parser runs out, not the process", async () => {
    const noSizeCheck: ExtractionLimits = { ...DEFAULT_EXTRACTION_LIMITS, maxUnpackedBytes: Number.MAX_SAFE_INTEGER, heapMb: 32 };
    await expect(limitHit(extractText(await makeDocxBomb(120 * MB), FILE_TYPES.docx, noSizeCheck))).resolves.toBe('memory');
    await expect(limitHit(extractText(await makePdfBomb(300 * MB), FILE_TYPES.pdf, { ...noSizeCheck, maxGrowthBytes: 96 * MB }))).resolves.toBe('memory');
  });

  it('ends a reader that takes longer than the time cap', async () => {
    const pdf = await makePdf(BROCHURE_LINES);
    await expect(limitHit(extractText(pdf, FILE_TYPES.pdf, { ...DEFAULT_EXTRACTION_LIMITS, timeoutMs: 20 }))).resolves.toBe('time');
    // A content stream under the unpacked cap (100 MB) of operators that draw nothing keeps the reader busy
    // while holding little: the time cap ends it.
    const busy = await makePdfBomb(100 * MB, { operators: 'q Q\n' });
    await expect(limitHit(extractText(busy, FILE_TYPES.pdf, { ...DEFAULT_EXTRACTION_LIMITS, timeoutMs: 4_000 }))).resolves.toBe('time');
  });

  it('reads the next document as before, and nothing of the bombs stayed in this heap', async () => {
    const text = await extractText(await makeDocx(BROCHURE_LINES), FILE_TYPES.docx);
    expect(text).toContain(BROCHURE_LINES[0]);
    global.gc?.();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(100 * MB);
  });
});
