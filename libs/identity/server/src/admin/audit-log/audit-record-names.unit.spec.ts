import { AuditRecordNames, uuidsOf } from './audit-record-names';

describe('audit record names', () => {
  it('asks each table for its records once and leaves unnamed ones out', async () => {
    const names = new AuditRecordNames();
    const asked: string[][] = [];
    names.add('listings', async (ids) => {
      asked.push([...ids]);
      return new Map(ids.filter((id) => id !== 'gone').map((id) => [id, `Business ${id}`]));
    });
    const named = await names.of([
      { tableName: 'listings', recordId: 'a' },
      { tableName: 'listings', recordId: 'a' },
      { tableName: 'listings', recordId: 'gone' },
      { tableName: 'events', recordId: 'listing-a' },
      { tableName: null, recordId: null },
    ]);
    expect(asked).toEqual([['a', 'gone']]);
    expect([...named]).toEqual([['listings|a', 'Business a']]);
  });

  it('passes only uuids to a uuid column', () => {
    expect(uuidsOf(['0b7e3a52-3f7a-4c8e-9d0e-2b1f6a4c5d3e', 'promotion_pricing', ''])).toEqual(['0b7e3a52-3f7a-4c8e-9d0e-2b1f6a4c5d3e']);
  });
});
