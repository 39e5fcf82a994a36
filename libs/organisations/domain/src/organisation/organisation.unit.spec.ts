import { ORGANISATION_MESSAGES, type OrganisationRequest } from '@afterwards/contracts';
import { givenWhenThen } from '@afterwards/testing/decider';
import { decideOrganisation, evolveOrganisation, foldOrganisation, initialOrganisationState } from './organisation';
import { OrganisationError } from './organisation.errors';
import type { OrganisationEvent } from './organisation.events';
import { STARTING_DIRECTORY } from '../directory/starting-directory';

const NATIONWIDE: OrganisationRequest = {
  name: 'Nationwide Building Society',
  kind: 'building-society',
  jurisdictions: ['England', 'Wales', 'Scotland', 'Northern Ireland'],
  address: ['Bereavement Services', 'Nationwide Building Society', 'Kings Park Road', 'Moulton Park', 'Northampton', 'NN3 6NW'],
  phone: '0800 464 3016',
  email: null,
  website: 'https://www.nationwide.co.uk/help/bereavement/',
  needs: ['A certified copy of the death certificate'],
  usualReplyDays: 21,
  deathNotificationService: true,
  tellUsOnce: false,
  sources: [{ title: 'Nationwide: bereavement', url: 'https://www.nationwide.co.uk/help/bereavement/' }],
  reviewedOn: '2026-11-01',
};
const ID = 'nationwide';
const added: OrganisationEvent = { type: 'OrganisationAdded', data: { organisationId: ID, details: NATIONWIDE, seeded: false } };
const retired: OrganisationEvent = { type: 'OrganisationRetired', data: { organisationId: ID } };

/** Given events, when a command, then events (or a refusal). */
const given = givenWhenThen({ initialState: initialOrganisationState, decide: decideOrganisation, evolve: evolveOrganisation }, OrganisationError);

describe('adding an organisation', () => {
  it('records it with its details tidied by the contract (the name trimmed)', () => {
    const events = given().when({ type: 'AddOrganisation', organisationId: ID, details: { ...NATIONWIDE, name: '  Nationwide Building Society ' } }).decided();
    expect(events).toEqual([added]);
  });

  it('marks entries of the starting set as seeded', () => {
    expect(given().when({ type: 'AddOrganisation', organisationId: ID, details: NATIONWIDE, seeded: true }).decided()[0]!.data).toMatchObject({ seeded: true });
  });

  it('refuses details the contract refuses, naming each field', () => {
    const error = given().when({ type: 'AddOrganisation', organisationId: ID, details: { ...NATIONWIDE, name: ' ', jurisdictions: [], sources: [], usualReplyDays: 0 } }).thenRefused();
    expect(error.code).toBe('ORGANISATION_INVALID');
    expect(error.errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name is required' },
        { path: 'jurisdictions', message: 'Choose at least one jurisdiction.' },
        { path: 'sources', message: 'Add at least one source' },
        { path: 'usualReplyDays', message: 'Use 1 day or more' },
      ]),
    );
  });

  it('refuses an id already in the directory', () => {
    expect(given(added).when({ type: 'AddOrganisation', organisationId: ID, details: NATIONWIDE }).thenRefused().code).toBe('ORGANISATION_ALREADY_EXISTS');
  });
});

describe('changing an organisation', () => {
  it('records only the fields that changed', () => {
    const events = given(added).when({ type: 'ChangeOrganisation', details: { ...NATIONWIDE, usualReplyDays: 28, email: 'bereavement@example.org' } }).decided();
    expect(events).toEqual([{ type: 'OrganisationChanged', data: { organisationId: ID, changes: { usualReplyDays: 28, email: 'bereavement@example.org' } } }]);
    expect(foldOrganisation([added, ...events]).details).toMatchObject({ usualReplyDays: 28, email: 'bereavement@example.org', name: NATIONWIDE.name });
  });

  it('records nothing when nothing changed', () => {
    expect(given(added).when({ type: 'ChangeOrganisation', details: { ...NATIONWIDE } }).decided()).toEqual([]);
  });

  it('treats a field left out as cleared', () => {
    const { phone: _phone, ...withoutPhone } = NATIONWIDE;
    expect(given(added).when({ type: 'ChangeOrganisation', details: withoutPhone }).decided()[0]!.data).toEqual({ organisationId: ID, changes: { phone: null } });
  });

  it('refuses an unknown entry, a retired one and invalid details', () => {
    expect(given().when({ type: 'ChangeOrganisation', details: NATIONWIDE }).thenRefused()).toMatchObject({ code: 'ORGANISATION_NOT_FOUND', message: ORGANISATION_MESSAGES.notFound });
    expect(given(added, retired).when({ type: 'ChangeOrganisation', details: NATIONWIDE }).thenRefused()).toMatchObject({ code: 'ORGANISATION_RETIRED', message: ORGANISATION_MESSAGES.retired });
    expect(given(added).when({ type: 'ChangeOrganisation', details: { ...NATIONWIDE, website: 'not a web address' } }).thenRefused().errors).toEqual([
      { path: 'website', message: 'Enter a valid web address' },
    ]);
  });
});

describe('retiring and restoring', () => {
  it('retires an active entry and restores a retired one', () => {
    expect(given(added).when({ type: 'RetireOrganisation' }).decided()).toEqual([retired]);
    expect(foldOrganisation([added, retired]).status).toBe('Retired');
    const restored = given(added, retired).when({ type: 'RestoreOrganisation' }).decided();
    expect(restored).toEqual([{ type: 'OrganisationRestored', data: { organisationId: ID } }]);
    expect(foldOrganisation([added, retired, ...restored]).status).toBe('Active');
  });

  it('refuses retiring twice, restoring an active entry, and either on an unknown one', () => {
    expect(given(added, retired).when({ type: 'RetireOrganisation' }).thenRefused()).toMatchObject({ code: 'ORGANISATION_INVALID_TRANSITION', message: ORGANISATION_MESSAGES.alreadyRetired });
    expect(given(added).when({ type: 'RestoreOrganisation' }).thenRefused()).toMatchObject({ code: 'ORGANISATION_INVALID_TRANSITION', message: ORGANISATION_MESSAGES.notRetired });
    expect(given().when({ type: 'RetireOrganisation' }).thenRefused().code).toBe('ORGANISATION_NOT_FOUND');
    expect(initialOrganisationState.exists).toBe(false);
  });
});

describe('the starting directory', () => {
  it('is a set of valid entries, each keyed by a unique id that works in a stream name and a URL', () => {
    const keys = STARTING_DIRECTORY.map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const { key, ...details } of STARTING_DIRECTORY) {
      expect(key).toMatch(/^[a-z0-9][a-z0-9-]{0,99}$/);
      expect(decideOrganisation({ type: 'AddOrganisation', organisationId: key, details, seeded: true }, initialOrganisationState)).toHaveLength(1);
    }
  });
});
