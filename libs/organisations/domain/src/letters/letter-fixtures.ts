import type { LetterDetails, OrganisationKind } from '@afterwards/contracts';

/** A letter's details as a family would fill them in, for tests and the benchmark. */
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
