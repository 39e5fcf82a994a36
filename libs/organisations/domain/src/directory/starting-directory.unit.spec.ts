import { OrganisationRequestSchema } from '@afterwards/contracts';
import { STARTING_DIRECTORY, STARTING_DIRECTORY_GAPS } from './starting-directory';

describe('STARTING_DIRECTORY', () => {
  it('holds entries staff could have written: each passes the directory request schema', () => {
    for (const e of STARTING_DIRECTORY) {
      const result = OrganisationRequestSchema.safeParse(e);
      expect({ key: e.key, ok: result.success }).toEqual({ key: e.key, ok: true });
    }
  });

  it('has one entry per key, keys usable as ids', () => {
    const keys = STARTING_DIRECTORY.map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of keys) expect(k).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('holds the bodies and firms families search for first', () => {
    const keys = new Set(STARTING_DIRECTORY.map((e) => e.key));
    for (const k of ['hmrc', 'dwp', 'dvla', 'hm-passport-office', 'dva', 'revenue', 'nationwide', 'barclays', 'octopus-energy', 'aib']) {
      expect(keys).toContain(k);
    }
  });

  it('marks the Death Notification Service only on UK banks and building societies', () => {
    for (const e of STARTING_DIRECTORY.filter((x) => x.deathNotificationService)) {
      expect(['bank', 'building-society']).toContain(e.kind);
      expect(e.jurisdictions).not.toContain('Ireland');
    }
  });

  it('marks Tell Us Once only on bodies in England, Wales or Scotland', () => {
    for (const e of STARTING_DIRECTORY.filter((x) => x.tellUsOnce)) {
      expect(e.kind).toBe('government');
      expect(e.jurisdictions.some((j) => j === 'England' || j === 'Wales' || j === 'Scotland')).toBe(true);
    }
  });

  it('says where every unconfirmed fact is missing: an entry without an address is listed as a gap', () => {
    for (const e of STARTING_DIRECTORY.filter((x) => x.address.length === 0)) {
      expect({ key: e.key, gap: typeof STARTING_DIRECTORY_GAPS[e.key] }).toEqual({ key: e.key, gap: 'string' });
    }
    for (const key of Object.keys(STARTING_DIRECTORY_GAPS)) {
      expect(STARTING_DIRECTORY.some((e) => e.key === key)).toBe(true);
    }
  });
});
