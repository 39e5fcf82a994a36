import { isWaiting, waitingLine } from './waiting';

describe('a letter waiting for a reply', () => {
  const sent = { status: 'letter-sent' as const, sentOn: '2026-11-03', usualReplyDays: 21 };

  it("is waiting from the organisation's usual time after it was sent", () => {
    expect(isWaiting(sent, '2026-11-23')).toBe(false);
    expect(isWaiting(sent, '2026-11-24')).toBe(true);
  });

  it('uses 21 days when the organisation gives no usual time', () => {
    expect(isWaiting({ ...sent, usualReplyDays: null }, '2026-11-23')).toBe(false);
    expect(isWaiting({ ...sent, usualReplyDays: null }, '2026-11-24')).toBe(true);
  });

  it("follows the organisation's own time", () => {
    expect(isWaiting({ ...sent, usualReplyDays: 10 }, '2026-11-13')).toBe(true);
  });

  it('is not waiting once acknowledged, closed, or never sent', () => {
    for (const status of ['to-tell', 'acknowledged', 'closed', 'told-by-service'] as const) expect(isWaiting({ ...sent, status }, '2027-01-01')).toBe(false);
    expect(isWaiting({ ...sent, sentOn: null }, '2027-01-01')).toBe(false);
  });

  it('says so in plain words', () => {
    expect(waitingLine({ name: 'Nationwide', sentOn: '2026-11-03' })).toBe('Nationwide has not replied to your letter of 3 November');
  });
});
