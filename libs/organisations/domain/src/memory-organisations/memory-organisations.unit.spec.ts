import { givenWhenThen } from '@afterwards/testing/decider';
import { decideMemoryOrganisations, evolveMemoryOrganisations, initialMemoryOrganisationsState, MEMORY_ORGANISATIONS_LIMIT, type MemoryOrganisationsCommand } from './memory-organisations';
import { MEMORY_ORGANISATION_MESSAGES, MemoryOrganisationError } from './memory-organisations.errors';
import type { MemoryOrganisationsEvent } from './memory-organisations.events';

const CASE = '11111111-1111-4111-8111-111111111111';
const ENTRY = '22222222-2222-4222-8222-222222222222';
const TODAY = '2026-11-28';

const added = (over: Partial<Extract<MemoryOrganisationsEvent, { type: 'MemoryOrganisationAdded' }>['data']> = {}): MemoryOrganisationsEvent => ({
  type: 'MemoryOrganisationAdded',
  data: { caseId: CASE, entryId: ENTRY, organisationId: 'nationwide', name: 'Nationwide', kind: 'building-society', address: ['Nationwide House'], email: null, usualReplyDays: 21, ...over },
});
const add = (over: Partial<Extract<MemoryOrganisationsCommand, { type: 'AddMemoryOrganisation' }>> = {}): MemoryOrganisationsCommand => {
  const { type: _t, data } = added() as Extract<MemoryOrganisationsEvent, { type: 'MemoryOrganisationAdded' }>;
  return { type: 'AddMemoryOrganisation', ...data, ...over };
};
const edit = (over: Partial<Extract<MemoryOrganisationsCommand, { type: 'EditMemoryOrganisation' }>> = {}): MemoryOrganisationsCommand => ({
  type: 'EditMemoryOrganisation',
  caseId: CASE,
  entryId: ENTRY,
  today: TODAY,
  ...over,
});

/** Given events, when a command, then events (or a refusal). */
const given = givenWhenThen(
  { initialState: initialMemoryOrganisationsState, decide: decideMemoryOrganisations, evolve: evolveMemoryOrganisations },
  MemoryOrganisationError,
);

describe("a memory's organisations", () => {
  it('records the answers, and the same answers again decide nothing', () => {
    const answers = { drove: true, passport: false, pensionOrBenefits: null, home: 'rented' as const, employed: null };
    const events = given().when({ type: 'GiveOrganisationAnswers', caseId: CASE, answers }).decided();
    expect(events).toEqual([{ type: 'OrganisationAnswersGiven', data: { caseId: CASE, answers } }]);
    expect(given(...events).when({ type: 'GiveOrganisationAnswers', caseId: CASE, answers }).decided()).toEqual([]);
  });

  it('records the last address of the person who died, sealed', () => {
    expect(given().when({ type: 'GiveDeceasedLastAddress', caseId: CASE, lastAddress: 's1.addr' }).decided()).toEqual([
      { type: 'DeceasedLastAddressGiven', data: { caseId: CASE, lastAddress: 's1.addr' } },
    ]);
  });

  it('adds a directory entry once; adding it again is refused, a retried add decides nothing', () => {
    expect(given().when(add()).decided()).toEqual([added()]);
    expect(given(added()).when(add()).decided()).toEqual([]);
    const again = given(added()).when(add({ entryId: '33333333-3333-4333-8333-333333333333' })).thenRefused();
    expect(again.code).toBe('MEMORY_ORGANISATION_ALREADY_ADDED');
  });

  it("adds the family's own organisation, trimmed, and refuses one without a name", () => {
    expect(given().when(add({ organisationId: null, name: '  Bob’s Garage ', kind: 'other' })).decided()).toEqual([added({ organisationId: null, name: 'Bob’s Garage', kind: 'other' })]);
    const noName = given().when(add({ organisationId: null, name: '   ' })).thenRefused();
    expect(noName).toMatchObject({ code: 'MEMORY_ORGANISATION_INVALID', message: MEMORY_ORGANISATION_MESSAGES.nameRequired, errors: [{ path: 'name' }] });
  });

  it('keeps at most the limit of organisations', () => {
    const many = Array.from({ length: MEMORY_ORGANISATIONS_LIMIT }, (_, i) => added({ entryId: `e${i}`, organisationId: null }));
    expect(given(...many).when(add({ entryId: 'one-more' })).thenRefused().code).toBe('MEMORY_ORGANISATIONS_LIMIT');
  });

  it('records sealed references, notes and letter text, and counts a version per entry', () => {
    const events = given(added()).when(edit({ references: 's1:refs', notes: 's1:notes', letterText: null, expectedVersion: 1 })).decided();
    expect(events).toEqual([{ type: 'MemoryOrganisationEdited', data: { caseId: CASE, entryId: ENTRY, references: 's1:refs', notes: 's1:notes', letterText: null } }]);
    expect(given(added(), ...events).state.entries[ENTRY]!.version).toBe(2);
  });

  it('refuses an edit made from a stale form with a clear message', () => {
    const first = given(added()).when(edit({ notes: 's1:a', expectedVersion: 1 })).decided();
    const stale = given(added(), ...first).when(edit({ notes: 's1:b', expectedVersion: 1 })).thenRefused();
    expect(stale).toMatchObject({ code: 'MEMORY_ORGANISATION_CHANGED', message: MEMORY_ORGANISATION_MESSAGES.changed });
  });

  it('marks a letter sent on the day given, or today', () => {
    expect(given(added()).when(edit({ status: { status: 'letter-sent', on: '2026-11-03' } })).decided()).toEqual([
      { type: 'MemoryOrganisationStatusChanged', data: { caseId: CASE, entryId: ENTRY, status: 'letter-sent', on: '2026-11-03', service: null, serviceReference: null, amountMinor: null } },
    ]);
    expect(given(added()).when(edit({ status: { status: 'acknowledged' } })).decided()[0]!.data).toMatchObject({ status: 'acknowledged', on: TODAY });
  });

  it('refuses a day in the future', () => {
    expect(given(added()).when(edit({ status: { status: 'letter-sent', on: '2026-11-29' } })).thenRefused().errors).toEqual([
      { path: 'statusOn', message: MEMORY_ORGANISATION_MESSAGES.dateInFuture },
    ]);
  });

  it('told through a service needs the service, and keeps its sealed reference', () => {
    expect(given(added()).when(edit({ status: { status: 'told-by-service' } })).thenRefused().errors[0]!.path).toBe('service');
    const told = given(added()).when(edit({ status: { status: 'told-by-service', service: 'tell-us-once', serviceReference: 's1:tuo' } })).decided();
    expect(told[0]!.data).toMatchObject({ status: 'told-by-service', service: 'tell-us-once', serviceReference: 's1:tuo' });
  });

  it('takes an amount only when closed or settled', () => {
    expect(given(added()).when(edit({ status: { status: 'acknowledged', amountMinor: 1200 } })).thenRefused().errors[0]!.path).toBe('amountMinor');
    expect(given(added()).when(edit({ status: { status: 'closed', amountMinor: 123_456 } })).decided()[0]!.data).toMatchObject({ status: 'closed', amountMinor: 123_456 });
  });

  it('the same status again decides nothing', () => {
    const sent = given(added()).when(edit({ status: { status: 'letter-sent', on: '2026-11-03' } })).decided();
    expect(given(added(), ...sent).when(edit({ status: { status: 'letter-sent' } })).decided()).toEqual([]);
  });

  it('refuses to change an organisation that is not on the list', () => {
    expect(given().when(edit({ notes: 's1:x' })).thenRefused().code).toBe('MEMORY_ORGANISATION_NOT_FOUND');
  });

  it('removes an organisation once; removing it again decides nothing', () => {
    const removed = given(added()).when({ type: 'RemoveMemoryOrganisation', caseId: CASE, entryId: ENTRY }).decided();
    expect(removed).toEqual([{ type: 'MemoryOrganisationRemoved', data: { caseId: CASE, entryId: ENTRY } }]);
    expect(given(added(), ...removed).when({ type: 'RemoveMemoryOrganisation', caseId: CASE, entryId: ENTRY }).decided()).toEqual([]);
    // Gone from the list, it may be added again.
    expect(given(added(), ...removed).when(add({ entryId: 'again' })).decided()).toHaveLength(1);
  });

  it('after Delete Forever nothing more can be done, and erasing again decides nothing', () => {
    const erase: MemoryOrganisationsCommand = { type: 'EraseMemoryOrganisations', caseId: CASE, erasedAt: '2026-11-28T10:00:00.000Z' };
    const erased = given(added()).when(erase).decided();
    expect(erased).toEqual([{ type: 'MemoryOrganisationsErased', data: { caseId: CASE, erasedAt: '2026-11-28T10:00:00.000Z' } }]);
    expect(given(...erased).when(erase).decided()).toEqual([]);
    expect(given(...erased).when(add()).thenRefused().code).toBe('MEMORY_ORGANISATIONS_ERASED');
  });
});
