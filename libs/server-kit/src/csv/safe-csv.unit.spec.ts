import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { csvRows, neutraliseCsvText, restoreCsvText, type CsvValue } from './safe-csv';

const DANGEROUS = /^[=+\-@\t\r]/;
const readBack = (csv: string) => parse(csv, { relax_column_count: true }) as string[][];

/** Text biased towards what spreadsheets run and what CSV must quote. */
const text = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', "'", '"', ',', ' ', 'a', '1', 'é', '😀'), maxLength: 12 }),
);
const value: fc.Arbitrary<CsvValue> = fc.oneof({ weight: 4, arbitrary: text }, fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
const rows = fc.array(fc.array(value, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 6 });

describe('the product CSV writer', () => {
  it('no text cell starts with a formula character once parsed back (only a negative number may start with -), and every cell reads back as written otherwise', () => {
    fc.assert(
      fc.property(rows, (table) => {
        const parsed = readBack(csvRows(table));
        expect(parsed).toHaveLength(table.length);
        parsed.forEach((row, r) =>
          row.forEach((got, c) => {
            const sent = table[r]![c];
            if (DANGEROUS.test(got)) expect([sent, got]).toEqual([expect.any(Number), expect.stringMatching(/^-\d[\d.e+-]*$/)]);
            if (typeof sent === 'number') expect(Number(got)).toBe(sent === 0 ? 0 : sent);
            else expect(restoreCsvText(got)).toBe(sent ?? '');
          }),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('writes a number as a number, a negative one included, and neutralises text that starts like a formula', () => {
    expect(csvRows([[-3, '-3', '=SUM(A1:A9)', '+44 113 496 0000', '@cmd', '\tx', '\r=1', 'plain', "'=already"]])).toBe(
      `-3,'-3,'=SUM(A1:A9),'+44 113 496 0000,'@cmd,'\tx,"'\r=1",plain,''=already\r\n`,
    );
  });

  it('quotes commas, quotes and line breaks (RFC 4180) with CRLF line ends', () => {
    expect(csvRows([['a,b', 'say "hi"', 'two\nlines'], [1, '', null]])).toBe(`"a,b","say ""hi""","two\nlines"\r\n1,,\r\n`);
  });

  it('takes off exactly the quote it added', () => {
    fc.assert(fc.property(text, (t) => expect(restoreCsvText(neutraliseCsvText(t))).toBe(t)));
    expect(restoreCsvText("'plain")).toBe("'plain");
  });
});
