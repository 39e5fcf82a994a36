import type { MemoryOrganisation } from '@afterwards/contracts';
import { statusesCsv, uniqueNames } from './organisations-export-files';

const entry = (over: Partial<MemoryOrganisation> = {}): MemoryOrganisation => ({
  id: 'e1',
  organisationId: 'nationwide',
  name: 'Nationwide Building Society',
  kind: 'building-society',
  address: ['Swindon', 'SN38 3FN'],
  email: null,
  usualReplyDays: 21,
  references: [{ label: 'Account number', value: '12345678' }],
  notes: '',
  status: 'closed',
  dates: { sentOn: '2026-11-03', toldOn: null, acknowledgedOn: '2026-11-20', closedOn: '2026-11-27' },
  service: null,
  serviceReference: null,
  amountMinor: 123_456,
  letterText: null,
  waiting: false,
  version: 4,
  ...over,
});

describe("a memory's organisations in its download", () => {
  it('writes each status with its days, the amount in pounds and the references', () => {
    const lines = statusesCsv([entry()]).split('\r\n');
    expect(lines[0]).toContain('Organisation,Kind,From the directory,Status,Letter sent');
    expect(lines[1]).toBe('Nationwide Building Society,Building society,Yes,Closed or settled,2026-11-03,,2026-11-20,2026-11-27,,,1234.56,No,Account number: 12345678,');
  });

  it("never lets a family's text start a formula", () => {
    expect(statusesCsv([entry({ organisationId: null, name: '=HYPERLINK("x")', notes: '+call them' })])).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('numbers a second letter of the same name', () => {
    expect(uniqueNames(['letter-a.pdf', 'letter-a.pdf', 'letter-b.pdf'])).toEqual(['letter-a.pdf', 'letter-a (2).pdf', 'letter-b.pdf']);
  });
});
