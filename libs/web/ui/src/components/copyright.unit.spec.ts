import { copyrightText, FOOTER_FIRST_YEAR } from './copyright';

describe('footer copyright', () => {
  it('spans the first year to the reader’s year', () => {
    expect(copyrightText(new Date('2026-11-26T12:00:00Z'))).toBe(`© ${FOOTER_FIRST_YEAR}–2026 Afterwards. All rights reserved.`);
    expect(copyrightText(new Date(`${FOOTER_FIRST_YEAR}-06-01T12:00:00Z`), 'Afterwards Staff')).toBe(`© ${FOOTER_FIRST_YEAR} Afterwards Staff. All rights reserved.`);
  });

  it('leaves the years out of a page rendered at build time, whose year is not the reader’s', () => {
    expect(copyrightText(null)).toBe('© Afterwards. All rights reserved.');
  });
});
