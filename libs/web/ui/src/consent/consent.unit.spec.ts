import { ACCEPT_ALL, CONSENT_VERSION, REJECT_NON_ESSENTIAL, makeConsent, parseConsent } from './consent';

describe('cookie consent record', () => {
  const now = new Date('2026-03-01T09:30:00.000Z');

  it('records essential, the three choices, a timestamp and version 1.0', () => {
    expect(makeConsent({ functional: true, analytics: false, marketing: false }, now)).toEqual({
      essential: true,
      functional: true,
      analytics: false,
      marketing: false,
      timestamp: '2026-03-01T09:30:00.000Z',
      version: '1.0',
    });
    expect(CONSENT_VERSION).toBe('1.0');
    expect(makeConsent(ACCEPT_ALL, now)).toMatchObject({ functional: true, analytics: true, marketing: true });
    expect(makeConsent(REJECT_NON_ESSENTIAL, now)).toMatchObject({ essential: true, functional: false, analytics: false, marketing: false });
  });

  it('reads back what it wrote', () => {
    const consent = makeConsent({ functional: false, analytics: true, marketing: false }, now);
    expect(parseConsent(JSON.stringify(consent))).toEqual(consent);
  });

  it('treats missing, broken, partial or other-version records as no choice yet', () => {
    expect(parseConsent(null)).toBeNull();
    expect(parseConsent('not json')).toBeNull();
    expect(parseConsent('null')).toBeNull();
    expect(parseConsent(JSON.stringify({ ...makeConsent(ACCEPT_ALL, now), version: '0.9' }))).toBeNull();
    expect(parseConsent(JSON.stringify({ ...makeConsent(ACCEPT_ALL, now), analytics: 'yes' }))).toBeNull();
    expect(parseConsent(JSON.stringify({ ...makeConsent(ACCEPT_ALL, now), timestamp: 'yesterday' }))).toBeNull();
  });

  it('never lets a stored record turn essential storage off', () => {
    const raw = JSON.stringify({ ...makeConsent(REJECT_NON_ESSENTIAL, now), essential: false });
    expect(parseConsent(raw)?.essential).toBe(true);
  });
});
