import { claimRevisionsSql, maxPosition } from './postgres-event-store';

describe('maxPosition', () => {
  it('returns the later position', () => {
    const a = { commit: 4n, prepare: 10n };
    const b = { commit: 5n, prepare: 1n };
    expect(maxPosition(a, b)).toBe(b);
    expect(maxPosition(b, a)).toBe(b);
    expect(maxPosition(a, { commit: 4n, prepare: 9n })).toBe(a);
  });
});

describe('claimRevisionsSql (expected state to the streams-row statement)', () => {
  it('creates or bumps the row for any', () => {
    const claim = claimRevisionsSql('any');
    expect(claim.usesExpectedRevision).toBe(false);
    expect(claim.sql).toMatch(/INSERT INTO streams.*ON CONFLICT \(stream_id\) DO UPDATE/s);
  });

  it('only creates the row for no_stream', () => {
    const claim = claimRevisionsSql('no_stream');
    expect(claim.usesExpectedRevision).toBe(false);
    expect(claim.sql).toMatch(/INSERT INTO streams.*ON CONFLICT \(stream_id\) DO NOTHING/s);
  });

  it('only updates an existing row for stream_exists', () => {
    const claim = claimRevisionsSql('stream_exists');
    expect(claim.usesExpectedRevision).toBe(false);
    expect(claim.sql).toMatch(/^UPDATE streams/);
    expect(claim.sql).not.toMatch(/\$5/);
  });

  it('updates only at the expected revision for a revision', () => {
    const claim = claimRevisionsSql(7n);
    expect(claim.usesExpectedRevision).toBe(true);
    expect(claim.sql).toMatch(/WHERE stream_id = \$1 AND revision = \$4::bigint/);
  });

  it('rejects a negative revision', () => {
    expect(() => claimRevisionsSql(-1n)).toThrow(RangeError);
  });
});
