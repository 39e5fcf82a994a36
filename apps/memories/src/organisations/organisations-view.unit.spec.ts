import type { MemoryOrganisation } from '@afterwards/contracts';
import {
  EMPTY_OWN,
  MAILTO_LIMIT,
  NO_ANSWERS,
  answerValue,
  answeredCount,
  filledReferences,
  formatMoney,
  letterDetailsOf,
  mailtoLink,
  ownOrganisationRequest,
  parseMoney,
  statusFormOf,
  statusLine,
  statusRequest,
  withAnswer,
} from './organisations-view';

const entry = (over: Partial<MemoryOrganisation> = {}): MemoryOrganisation => ({
  id: 'e1',
  organisationId: 'nationwide',
  name: 'Nationwide',
  kind: 'building-society',
  address: ['Nationwide House', 'Swindon', 'SN38 1NW'],
  email: null,
  usualReplyDays: 21,
  references: [],
  notes: '',
  status: 'to-tell',
  dates: { sentOn: null, toldOn: null, acknowledgedOn: null, closedOn: null },
  service: null,
  serviceReference: null,
  amountMinor: null,
  letterText: null,
  waiting: false,
  version: 3,
  ...over,
});

describe('the organisations area', () => {
  it('turns radio choices into answers and back, yes/no and the home question alike', () => {
    let answers = withAnswer(NO_ANSWERS, 'drove', 'yes');
    answers = withAnswer(answers, 'passport', 'no');
    answers = withAnswer(answers, 'home', 'rented');
    expect(answers).toEqual({ drove: true, passport: false, pensionOrBenefits: null, home: 'rented', employed: null });
    expect(answerValue(answers, 'drove')).toBe('yes');
    expect(answerValue(answers, 'passport')).toBe('no');
    expect(answerValue(answers, 'home')).toBe('rented');
    expect(answerValue(answers, 'employed')).toBe('');
    expect(answeredCount(answers)).toBe(3);
    expect(withAnswer(answers, 'home', 'castle').home).toBeNull();
  });

  it('shows money in pounds, or euros for a memory in Ireland, and reads what the family typed', () => {
    expect(formatMoney(125050, 'England')).toBe('£1,250.50');
    expect(formatMoney(4000, 'Ireland')).toBe('€40.00');
    expect(parseMoney('1,250.50')).toBe(125050);
    expect(parseMoney('£40')).toBe(4000);
    expect(parseMoney('€ 12.5')).toBe(1250);
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('about forty')).toBeUndefined();
    expect(parseMoney('1.234')).toBeUndefined();
  });

  it('says where it stands with the day it happened', () => {
    expect(statusLine(entry())).toBe('To tell');
    expect(statusLine(entry({ status: 'letter-sent', dates: { sentOn: '2026-11-03', toldOn: null, acknowledgedOn: null, closedOn: null } }))).toBe(
      'Letter sent on 3 November 2026',
    );
    expect(statusLine(entry({ status: 'acknowledged', dates: { sentOn: '2026-11-03', toldOn: null, acknowledgedOn: '2026-11-20', closedOn: null } }))).toBe(
      'Acknowledged on 20 November 2026',
    );
    const told = { sentOn: null, toldOn: '2026-11-12', acknowledgedOn: null, closedOn: null };
    expect(statusLine(entry({ status: 'told-by-service', service: 'tell-us-once', dates: told }))).toBe('Told through Tell Us Once on 12 November 2026');
    expect(statusLine(entry({ status: 'told-by-service', service: 'death-notification-service', dates: told }))).toBe(
      'Told through the Death Notification Service on 12 November 2026',
    );
  });

  it('sends a status with its day, the service and its reference, or the amount settled', () => {
    const now = new Date('2026-11-28T10:00:00Z');
    const form = statusFormOf(entry(), now);
    expect(form).toEqual({ status: 'to-tell', on: '2026-11-28', service: '', serviceReference: '', amount: '' });
    expect(statusRequest({ ...form, status: 'letter-sent', on: '2026-11-27' }, 3)).toEqual({ request: { status: 'letter-sent', statusOn: '2026-11-27', expectedVersion: 3 } });
    expect(statusRequest({ ...form, status: 'told-by-service' }, 3)).toEqual({ problem: { field: 'service', message: expect.stringContaining('Tell Us Once') } });
    expect(statusRequest({ ...form, status: 'told-by-service', service: 'tell-us-once', serviceReference: ' TUO-123 ' }, 3)).toEqual({
      request: { status: 'told-by-service', statusOn: '2026-11-28', service: 'tell-us-once', serviceReference: 'TUO-123', expectedVersion: 3 },
    });
    expect(statusRequest({ ...form, status: 'closed', amount: '1,250.50' }, 4)).toEqual({
      request: { status: 'closed', statusOn: '2026-11-28', amountMinor: 125050, expectedVersion: 4 },
    });
    expect(statusRequest({ ...form, status: 'closed', amount: 'lots' }, 4)).toEqual({ problem: { field: 'amount', message: expect.any(String) } });
    expect(statusRequest(form, 3)).toEqual({ request: { status: 'to-tell', expectedVersion: 3 } });
  });

  it('makes the e-mail version a mailto: link with the text, unless it is too long for one', () => {
    const link = mailtoLink('bereavement@example.co.uk', 'Re: Margaret Ellis', 'Dear Sir or Madam,\n\nAccount 12345678');
    expect(link).toBe('mailto:bereavement@example.co.uk?subject=Re%3A%20Margaret%20Ellis&body=Dear%20Sir%20or%20Madam%2C%0A%0AAccount%2012345678');
    expect(mailtoLink('a@example.com', 'Long', 'x'.repeat(MAILTO_LIMIT))).toBeNull();
  });

  it("gives the letter domain what the screen knows: the person who died, the organisation, its references and the family's own words", () => {
    const memory = { deceasedName: 'Margaret Ellis', dateOfBirth: '1941-11-05', dateOfDeath: '2026-11-10', jurisdiction: 'England' as const };
    const references = [{ label: 'Account number', value: '12345678' }];
    expect(letterDetailsOf(memory, entry({ references, letterText: 'My own words' }), ['1 Mill Lane', 'Truro', 'TR1 1AA'], new Date('2026-11-28T10:00:00Z'))).toEqual({
      sender: { name: '', address: [] },
      organisation: { name: 'Nationwide', kind: 'building-society', address: ['Nationwide House', 'Swindon', 'SN38 1NW'] },
      deceased: { fullName: 'Margaret Ellis', dateOfBirth: '1941-11-05', dateOfDeath: '2026-11-10', lastAddress: ['1 Mill Lane', 'Truro', 'TR1 1AA'] },
      references,
      jurisdiction: 'England',
      date: '2026-11-28',
      body: 'My own words',
    });
  });

  it('keeps only the references the family filled in', () => {
    expect(
      filledReferences([
        { label: ' Account number ', value: ' 12345678 ' },
        { label: '', value: '' },
      ]),
    ).toEqual([{ label: 'Account number', value: '12345678' }]);
  });

  it("checks one of the family's own against the contract before sending it", () => {
    expect(ownOrganisationRequest({ ...EMPTY_OWN, name: '  ' })).toEqual({ errors: { name: 'Please give the organisation a name.' } });
    expect(ownOrganisationRequest({ ...EMPTY_OWN, name: 'Village Hall', email: 'not-an-address' })).toEqual({ errors: { email: 'Enter a valid email address' } });
    expect(ownOrganisationRequest({ name: ' Village Hall ', kind: 'subscription', address: '1 Green Lane\n\n Ambridge \nAB1 2CD', email: '' })).toEqual({
      request: { organisationId: null, name: 'Village Hall', kind: 'subscription', address: ['1 Green Lane', 'Ambridge', 'AB1 2CD'], email: null },
    });
  });
});
