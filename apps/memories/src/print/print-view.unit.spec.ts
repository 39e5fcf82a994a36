import { printSources } from './print-view';

describe('printSources', () => {
  it('lists each source once, in first-cited order, with its latest review date', () => {
    expect(
      printSources([
        { source: 'https://www.gov.uk/register-a-death', lastReviewed: '2026-01-10' },
        { source: 'https://www.gov.uk/applying-for-probate', lastReviewed: '2026-11-21' },
        { source: 'https://www.gov.uk/register-a-death', lastReviewed: '2026-11-21' },
      ]),
    ).toEqual([
      { source: 'https://www.gov.uk/register-a-death', lastReviewed: '21 November 2026' },
      { source: 'https://www.gov.uk/applying-for-probate', lastReviewed: '21 November 2026' },
    ]);
  });

  it('skips blank sources and keeps a review text that is not a date', () => {
    expect(
      printSources([
        { source: ' ', lastReviewed: '2026-11-21' },
        { source: 'Citizens Advice', lastReviewed: 'November 2026' },
      ]),
    ).toEqual([{ source: 'Citizens Advice', lastReviewed: 'November 2026' }]);
  });
});
