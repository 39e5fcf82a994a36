import { ORGANISATION_KINDS } from '@afterwards/contracts';
import { letterEmail, letterFacts, letterPlainText, letterText, longDate } from './letter-text';
import { sampleLetter } from '../testing';

const asksOf = (over: Parameters<typeof sampleLetter>[0]) => letterText(sampleLetter(over)).asks.join(' ');

describe('letterText per kind of organisation', () => {
  it('bank: freeze or close, stop payments, the balance at the date of death, and whether the grant is needed', () => {
    const text = letterText(sampleLetter({ kind: 'bank' }));
    expect(text.subject).toBe('The death of Margaret Ellen Jones: Account number 12345678');
    expect(text.paragraphs[0]).toBe(
      'I am writing to tell you that Margaret Ellen Jones, who held an account with you, died on 30 October 2026. ' +
        'I am helping to deal with their affairs. Their details and any reference numbers I have are above.',
    );
    const asks = text.asks.join(' ');
    expect(asks).toContain('freeze any accounts in their sole name');
    expect(asks).toContain('standing orders and Direct Debits');
    expect(asks).toContain('balance at the date of death');
    expect(asks).toContain('grant of probate (or letters of administration)');
    expect(text.enclosures).toEqual([
      'A certified copy of the death certificate',
      'A copy of the grant of probate (or letters of administration), if it has been issued (I can send it later if you need it)',
    ]);
  });

  it('building society: the same asks as a bank', () => {
    expect(asksOf({ kind: 'building-society' })).toBe(asksOf({ kind: 'bank' }));
  });

  it('names the grant as each jurisdiction does: confirmation in Scotland, grant of representation in Ireland', () => {
    expect(letterText(sampleLetter({ jurisdiction: 'Scotland' })).enclosures[1]).toContain('A copy of the confirmation');
    expect(letterText(sampleLetter({ jurisdiction: 'Ireland' })).enclosures[1]).toContain('A copy of the grant of representation');
    expect(letterText(sampleLetter({ jurisdiction: 'Northern Ireland' })).enclosures[1]).toContain('grant of probate');
  });

  it('pension: stop payments, any overpayment, and anything due to a partner or dependants', () => {
    const asks = asksOf({ kind: 'pension', name: 'Teachers’ Pensions' });
    expect(asks).toContain('stop their pension payments');
    expect(asks).toContain('overpaid');
    expect(asks).toContain('husband, wife, civil partner or dependants');
  });

  it('energy, water and phone: a final reading or bill, and close or move the account', () => {
    expect(asksOf({ kind: 'energy', name: 'Octopus Energy' })).toContain('final meter reading');
    expect(asksOf({ kind: 'energy', name: 'Octopus Energy' })).toContain('move it into the name');
    expect(asksOf({ kind: 'water', name: 'Wessex Water' })).toContain('final bill');
    expect(asksOf({ kind: 'telecoms', name: 'BT' })).toContain('cancel their contracts');
  });

  it('government bodies each ask their own thing', () => {
    expect(asksOf({ kind: 'government', name: 'HM Revenue & Customs (HMRC)' })).toContain('tax');
    expect(asksOf({ kind: 'government', name: 'Department for Work and Pensions (DWP), including the Pension Service' })).toContain('State Pension');
    expect(asksOf({ kind: 'government', name: 'Driver and Vehicle Licensing Agency (DVLA)' })).toContain('driving licence');
    expect(asksOf({ kind: 'government', name: 'HM Passport Office' })).toContain('cancel their passport');
    expect(asksOf({ kind: 'government', name: 'Revenue (Office of the Revenue Commissioners)' })).toContain('tax record');
    expect(asksOf({ kind: 'government', name: 'Some Other Agency' })).toContain('update your records');
  });

  it('employer: final pay and death-in-service; insurance: a claim or a refund; subscription: cancel and refund', () => {
    expect(asksOf({ kind: 'employer', name: 'Acme Ltd' })).toContain('final salary');
    expect(asksOf({ kind: 'employer', name: 'Acme Ltd' })).toContain('death-in-service');
    expect(asksOf({ kind: 'insurance', name: 'Aviva' })).toContain('make a claim');
    expect(asksOf({ kind: 'subscription', name: 'Netflix' })).toContain('refund');
    expect(asksOf({ kind: 'council', name: 'Bath and North East Somerset Council' })).toContain('council tax');
    expect(asksOf({ kind: 'other', name: 'Local Gym' })).toContain('close any account');
  });

  it('encloses the death certificate for every kind, and the grant only where money may be held or paid', () => {
    for (const kind of ORGANISATION_KINDS) {
      const enclosures = letterText(sampleLetter({ kind, name: 'An Organisation' })).enclosures;
      expect(enclosures[0]).toBe('A certified copy of the death certificate');
      const grant = enclosures.some((e) => e.includes('grant of probate'));
      expect({ kind, grant }).toEqual({ kind, grant: ['bank', 'building-society', 'pension', 'insurance'].includes(kind) });
    }
  });

  it('says nothing of a death date it does not know', () => {
    const text = letterText(sampleLetter({ deceased: { fullName: 'A Person', dateOfBirth: null, dateOfDeath: null, lastAddress: [] } }));
    expect(text.paragraphs[0]).toContain('with you, died. ');
  });
});

describe("the family's own text", () => {
  it('replaces the prepared body, split into paragraphs, and keeps the subject', () => {
    const text = letterText(sampleLetter({ body: 'First paragraph.\r\n\r\nSecond\nparagraph.\n\n\n' }));
    expect(text).toEqual({ subject: 'The death of Margaret Ellen Jones: Account number 12345678', paragraphs: ['First paragraph.', 'Second\nparagraph.'], asks: [], enclosures: [] });
  });

  it('a blank body goes back to the prepared text', () => {
    expect(letterText(sampleLetter({ body: '   ' }))).toEqual(letterText(sampleLetter()));
  });
});

describe('letterPlainText and letterEmail', () => {
  it('gives the prepared body as editable text with lists, which round-trips as the family body', () => {
    const plain = letterPlainText(sampleLetter());
    expect(plain).toContain('- Please stop all payments out');
    expect(plain).toContain('I enclose:\n- A certified copy of the death certificate');
    expect(plain.endsWith('Thank you for your help.')).toBe(true);
    expect(letterPlainText(sampleLetter({ body: plain }))).toBe(plain);
  });

  it('e-mail: the facts about the person who died, the references, the body and the sender', () => {
    const { subject, body } = letterEmail(sampleLetter());
    expect(subject).toBe('The death of Margaret Ellen Jones: Account number 12345678');
    expect(body).toContain('Date of birth: 12 March 1941');
    expect(body).toContain('Date of death: 30 October 2026');
    expect(body).toContain('Last address: 7 Mill Street, Bath, BA1 1AA');
    expect(body).toContain('Sort code: 07-04-36');
    expect(body).toContain('I attach:');
    expect(body.endsWith('Yours faithfully,\nSarah Jones\n14 Orchard Lane\nBristol\nBS1 4DJ\n07700 900123\nsarah@example.org')).toBe(true);
  });

  it('facts say Not known for what is missing, and dates read as words', () => {
    const facts = letterFacts(sampleLetter({ references: [], deceased: { fullName: 'A Person', dateOfBirth: null, dateOfDeath: '2026-01-05', lastAddress: [] } }));
    expect(facts).toEqual([
      { label: 'Full name', value: 'A Person' },
      { label: 'Date of birth', value: 'Not known' },
      { label: 'Date of death', value: '5 January 2026' },
      { label: 'Last address', value: 'Not known' },
    ]);
    expect(longDate('2026-13-01')).toBe('2026-13-01');
  });
});
