import type { LetterDetails, OrganisationKind } from '@afterwards/contracts';

// For tests of the letters here and in the servers and screens that use them: a filled-in letter, and a PDF
// read back as text (pdf.js, a devDependency: never import this entry from product code).

/** A letter's details as a family would fill them in. */
export function sampleLetter(overrides: Partial<LetterDetails> & { kind?: OrganisationKind; name?: string } = {}): LetterDetails {
  const { kind = 'bank', name = 'Nationwide Building Society', ...rest } = overrides;
  return {
    sender: { name: 'Sarah Jones', address: ['14 Orchard Lane', 'Bristol', 'BS1 4DJ'], email: 'sarah@example.org', phone: '07700 900123' },
    organisation: { name, kind, address: ['Bereavement Services', 'Specialist Customer Support', 'Nationwide Building Society', 'Swindon', 'Wiltshire', 'SN38 3FN'] },
    deceased: { fullName: 'Margaret Ellen Jones', dateOfBirth: '1941-03-12', dateOfDeath: '2026-10-30', lastAddress: ['7 Mill Street', 'Bath', 'BA1 1AA'] },
    references: [
      { label: 'Account number', value: '12345678' },
      { label: 'Sort code', value: '07-04-36' },
    ],
    jurisdiction: 'England',
    date: '2026-11-28',
    body: null,
    ...rest,
  };
}

/** A PDF's text, page by page, as pdf.js reads it (what a reader or screen reader gets from the file). */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  const pdf = await task.promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}
