import fc from 'fast-check';
import { JURISDICTIONS, StartingListSchema, type Jurisdiction, type OrganisationAnswers } from '@afterwards/contracts';
import { STARTING_DIRECTORY } from '../directory/starting-directory';
import { startingList, UNANSWERED } from './starting-list';

const ALL_YES: OrganisationAnswers = { drove: true, passport: true, pensionOrBenefits: true, home: 'owned', employed: true };
const ALL_NO: OrganisationAnswers = { drove: false, passport: false, pensionOrBenefits: false, home: 'other', employed: false };
const NONE = new Set<string>();

const answers = fc.record({
  drove: fc.constantFrom(true, false, null),
  passport: fc.constantFrom(true, false, null),
  pensionOrBenefits: fc.constantFrom(true, false, null),
  home: fc.constantFrom('rented' as const, 'owned' as const, 'other' as const, null),
  employed: fc.constantFrom(true, false, null),
});
const jurisdiction = fc.constantFrom(...JURISDICTIONS);
const ids = (j: Jurisdiction, a: OrganisationAnswers) => startingList(j, a, NONE).national.map((n) => n.organisationId);
const kinds = (j: Jurisdiction, a: OrganisationAnswers) => startingList(j, a, NONE).kindsToAdd.map((k) => k.kind);

describe('startingList: national bodies', () => {
  it('England, all answered yes: HMRC, DWP, DVLA and HM Passport Office, each told by Tell Us Once', () => {
    const list = startingList('England', ALL_YES, NONE);
    expect(list.national.map((n) => [n.organisationId, n.tellUsOnce])).toEqual([
      ['hmrc', true],
      ['dwp', true],
      ['dvla', true],
      ['hm-passport-office', true],
    ]);
  });

  it('Scotland and Wales have the same bodies as England', () => {
    expect(ids('Scotland', ALL_YES)).toEqual(ids('England', ALL_YES));
    expect(ids('Wales', ALL_YES)).toEqual(ids('England', ALL_YES));
  });

  it('Northern Ireland: the Bereavement Service, HMRC, the DVA and HM Passport Office, none through Tell Us Once', () => {
    const list = startingList('Northern Ireland', ALL_YES, NONE);
    expect(list.national.map((n) => n.organisationId)).toEqual(['ni-bereavement-service', 'hmrc', 'dva', 'hm-passport-office']);
    expect(list.national.every((n) => !n.tellUsOnce)).toBe(true);
  });

  it('Ireland: Social Protection, Revenue, NDLS and the Passport Office', () => {
    expect(ids('Ireland', ALL_YES)).toEqual(['department-of-social-protection', 'revenue', 'ndls', 'passport-office-ireland']);
  });

  it('leaves out the driving, passport and pension bodies when the answer is no, keeping the tax office', () => {
    expect(ids('England', ALL_NO)).toEqual(['hmrc']);
    expect(ids('Northern Ireland', ALL_NO)).toEqual(['hmrc']);
    expect(ids('Ireland', ALL_NO)).toEqual(['revenue']);
  });

  it('shows a body while its question is unanswered, saying when it applies', () => {
    const dvla = startingList('England', UNANSWERED, NONE).national.find((n) => n.organisationId === 'dvla');
    expect(dvla?.why).toBe('If they drove: to cancel their driving licence and end any vehicle tax.');
    const answered = startingList('England', ALL_YES, NONE).national.find((n) => n.organisationId === 'dvla');
    expect(answered?.why).toBe('To cancel their driving licence and end any vehicle tax.');
  });

  it('marks the ones already on the list as added', () => {
    const list = startingList('England', ALL_YES, new Set(['dvla', 'nationwide']));
    expect(list.national.filter((n) => n.added).map((n) => n.organisationId)).toEqual(['dvla']);
  });

  it('links every national body to a starting directory entry serving that jurisdiction', () => {
    fc.assert(
      fc.property(jurisdiction, answers, (j, a) => {
        for (const n of startingList(j, a, NONE).national) {
          const entry = STARTING_DIRECTORY.find((e) => e.key === n.organisationId);
          expect(entry?.jurisdictions).toContain(j);
          expect(entry?.name).toBe(n.name);
        }
      }),
    );
  });
});

describe('startingList: kinds to add', () => {
  it('always asks about banks, building societies, insurance, energy, phone and subscriptions, each with a reason', () => {
    fc.assert(
      fc.property(jurisdiction, answers, (j, a) => {
        const list = startingList(j, a, NONE);
        for (const k of ['bank', 'building-society', 'insurance', 'energy', 'telecoms', 'subscription'] as const) {
          expect(list.kindsToAdd.map((x) => x.kind)).toContain(k);
        }
        for (const x of list.kindsToAdd) expect(x.why.length).toBeGreaterThan(20);
      }),
    );
  });

  it('renting: the landlord and the council; owning: the mortgage lender and the home insurer', () => {
    const rented = startingList('England', { ...UNANSWERED, home: 'rented' }, NONE).kindsToAdd;
    expect(rented.some((k) => k.kind === 'other' && k.why.startsWith('Their landlord'))).toBe(true);
    expect(rented.some((k) => k.kind === 'council' && k.why.includes('tenancy'))).toBe(true);
    const owned = startingList('England', { ...UNANSWERED, home: 'owned' }, NONE).kindsToAdd;
    expect(owned.some((k) => k.kind === 'bank' && k.why.startsWith('Their mortgage lender'))).toBe(true);
    expect(owned.some((k) => k.kind === 'insurance' && k.why.startsWith('Their home insurer'))).toBe(true);
    expect(rented.some((k) => k.why.startsWith('Their mortgage lender'))).toBe(false);
  });

  it('asks about the employer when they worked, and the pension when they had one', () => {
    expect(kinds('England', { ...ALL_NO, employed: true })).toContain('employer');
    expect(kinds('England', ALL_NO)).not.toContain('employer');
    expect(kinds('England', { ...ALL_NO, pensionOrBenefits: true })).toContain('pension');
    expect(kinds('England', ALL_NO)).not.toContain('pension');
  });

  it('asks about water bills only in Great Britain, and council tax only in the UK', () => {
    expect(kinds('England', UNANSWERED)).toContain('water');
    expect(kinds('Northern Ireland', UNANSWERED)).not.toContain('water');
    expect(kinds('Ireland', UNANSWERED)).not.toContain('water');
    expect(kinds('Ireland', UNANSWERED)).not.toContain('council');
  });
});

describe('startingList: the services', () => {
  it('Northern Ireland and Ireland never offer Tell Us Once, nor mark a body as told by it', () => {
    fc.assert(
      fc.property(fc.constantFrom<Jurisdiction>('Northern Ireland', 'Ireland'), answers, (j, a) => {
        const list = startingList(j, a, NONE);
        expect(list.services.find((s) => s.key === 'tell-us-once')?.available).toBe(false);
        expect(list.national.some((n) => n.tellUsOnce)).toBe(false);
      }),
    );
  });

  it('England, Wales and Scotland offer Tell Us Once; the whole UK the Death Notification Service; Ireland neither', () => {
    const available = (j: Jurisdiction) => startingList(j, UNANSWERED, NONE).services.filter((s) => s.available).map((s) => s.key);
    expect(available('England')).toEqual(['tell-us-once', 'death-notification-service']);
    expect(available('Scotland')).toEqual(['tell-us-once', 'death-notification-service']);
    expect(available('Northern Ireland')).toEqual(['death-notification-service']);
    expect(available('Ireland')).toEqual([]);
  });

  it('gives each service what it covers, how to use it, its source and review date, and says 28 days for Tell Us Once', () => {
    const [tuo] = startingList('England', UNANSWERED, NONE).services;
    expect(tuo?.howTo).toContain('28 days');
    expect(tuo?.source.url).toMatch(/^https:\/\/www\.gov\.uk\//);
  });

  it('always matches the contract the API returns', () => {
    fc.assert(
      fc.property(jurisdiction, answers, (j, a) => {
        expect(StartingListSchema.safeParse(startingList(j, a, new Set(['hmrc']))).success).toBe(true);
      }),
    );
  });
});
