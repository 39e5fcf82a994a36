import { formatPounds, relativeTime } from './format';

describe('relativeTime', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it.each([
    ['2026-11-23T11:59:30Z', 'Just now'],
    ['2026-11-23T11:59:00Z', '1 minute ago'],
    ['2026-11-23T11:15:00Z', '45 minutes ago'],
    ['2026-11-23T09:00:00Z', '3 hours ago'],
    ['2026-11-22T12:00:00Z', '1 day ago'],
    ['2026-11-10T12:00:00Z', '13 days ago'],
    ['2026-09-01T12:00:00Z', '1 Sept 2026'],
  ])('%s reads %s', (iso, expected) => {
    expect(relativeTime(iso, now)).toBe(expected);
  });
});

describe('formatPounds', () => {
  it('shows pounds, with pence only when there are some', () => {
    expect(formatPounds(0)).toBe('£0');
    expect(formatPounds(1234)).toBe('£1,234');
    expect(formatPounds(49.5)).toBe('£49.50');
  });
});
