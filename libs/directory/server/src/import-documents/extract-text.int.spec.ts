import { BROCHURE_LINES, makeDoc, makeDocx, makePdf, makeScannedPdf, makeTxt } from '@afterwards/testing/documents';
import { detectFileType, FILE_TYPES } from '@afterwards/file-store';
import { extractBusiness } from '@afterwards/directory-domain';
import { extractText, hasText } from './extract-text';

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
