import { PDFDocument } from 'pdf-lib';
import { letterPackPdf, letterPdf } from './index';
import { pdfPages, sampleLetter } from '../testing';

const squash = (s: string) => s.replace(/\s+/g, ' ');

describe('letterPdf', () => {
  it('is one A4 page holding the sender, the bereavement address, the person who died, the dates and the references', async () => {
    const bytes = await letterPdf(sampleLetter());
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    const text = squash((await pdfPages(bytes)).join(' '));
    for (const expected of [
      'Sarah Jones',
      '14 Orchard Lane',
      '28 November 2026',
      'Nationwide Building Society',
      'SN38 3FN',
      'The death of Margaret Ellen Jones: Account number 12345678',
      'Margaret Ellen Jones',
      '12 March 1941',
      '30 October 2026',
      '7 Mill Street, Bath, BA1 1AA',
      '07-04-36',
      'A certified copy of the death certificate',
      'Yours faithfully,',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("prints the family's own text in place of the prepared body, keeping the facts", async () => {
    const text = squash((await pdfPages(await letterPdf(sampleLetter({ body: 'Please close my mother’s account.\n\nThank you.' })))).join(' '));
    expect(text).toContain('Please close my mother’s account.');
    expect(text).toContain('12345678');
    expect(text).not.toContain('I enclose:');
  });

  it('asks the family to use the address on the bereavement page when the directory has none', async () => {
    const text = squash((await pdfPages(await letterPdf(sampleLetter({ organisation: { name: 'HMRC', kind: 'government', address: [] } })))).join(' '));
    expect(text).toContain('please use the one on their bereavement page');
  });

  it('wraps long lines and runs a long letter onto more pages, numbering them', async () => {
    const longWord = 'REF' + '9'.repeat(150);
    const body = Array.from({ length: 40 }, (_, i) => `Paragraph ${i + 1}: ${'a fairly long sentence that must wrap across the width of the page '.repeat(3)}`).join('\n\n');
    const bytes = await letterPdf(sampleLetter({ body, references: [{ label: 'Reference', value: longWord.slice(0, 100) }] }));
    const pages = await pdfPages(bytes);
    expect(pages.length).toBeGreaterThan(2);
    expect(squash(pages.join(' '))).toContain('Paragraph 40:');
    expect(pages[0]).toContain(`Page 1 of ${pages.length}`);
    expect(squash(pages.at(-1) ?? '')).toContain('Yours faithfully,');
  });

  it('draws letters the standard font lacks by dropping the accent, never failing', async () => {
    const text = squash((await pdfPages(await letterPdf(sampleLetter({ deceased: { ...sampleLetter().deceased, fullName: 'Łucja Kowalczyk-Ó Súilleabháin' } })))).join(' '));
    expect(text).toContain('Lucja Kowalczyk-Ó Súilleabháin');
  });

  it('makes the same bytes for the same letter (no clock inside)', async () => {
    expect(Buffer.from(await letterPdf(sampleLetter())).equals(Buffer.from(await letterPdf(sampleLetter())))).toBe(true);
  });
});

describe('letterPackPdf', () => {
  it('puts 30 letters in one PDF, each starting on a new page', async () => {
    const letters = Array.from({ length: 30 }, (_, i) => sampleLetter({ references: [{ label: 'Account number', value: `ACC-${i + 1}` }] }));
    const pages = await pdfPages(await letterPackPdf(letters));
    expect(pages.length).toBeGreaterThanOrEqual(30);
    const starts = pages.filter((p) => p.startsWith('Sarah Jones'));
    expect(starts.length).toBe(30);
    expect(pages.findIndex((p) => p.includes('ACC-30'))).toBe(29);
  });

  it('says there is nothing to send when there are no letters', async () => {
    expect(await pdfPages(await letterPackPdf([]))).toEqual([expect.stringContaining('There are no letters waiting to be sent.')]);
  });
});
