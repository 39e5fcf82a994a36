import { statementName } from '@afterwards/persistence';
import { appendStatement, claimRevisionsSql, maxPosition } from './postgres-event-sql';

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

describe('appendStatement (the append as one prepared statement)', () => {
  const metadata = { eventId: 'e', occurredAt: '2026-11-25T00:00:00.000Z', actor: 'system', correlationId: 'c', causationId: 'c', schemaVersion: 1 };
  const event = (type: string, data: unknown = { n: 1 }) => ({ type, data, metadata });

  it('sends a single event as plain parameters, the expected revision last', () => {
    const { text, params } = appendStatement('s-1', [event('Done')], 4n, false);
    expect(params).toEqual(['s-1', '1', 'Done', '{"n":1}', JSON.stringify(metadata), '4']);
    expect(text).toMatch(/revision = \$6::bigint/);
    expect(text).not.toMatch(/jsonb_array_elements/);
    expect(text).not.toMatch(/DELETE FROM events/);
  });

  it('sends several events as one JSON array, numbered from the claimed revision', () => {
    const { text, params } = appendStatement('s-1', [event('A'), event('B', null)], 'no_stream', false);
    expect(params).toEqual(['s-1', '2', JSON.stringify([{ type: 'A', data: { n: 1 }, metadata }, { type: 'B', data: null, metadata }])]);
    expect(text).toMatch(/jsonb_array_elements\(\$3::jsonb\) WITH ORDINALITY/);
    expect(text).toMatch(/ON CONFLICT \(stream_id\) DO NOTHING/);
  });

  it('erases the earlier events only with eraseEarlier', () => {
    expect(appendStatement('s-1', [event('Erased')], 'stream_exists', true).text).toMatch(/DELETE FROM events WHERE stream_id = \$1/);
    expect(appendStatement('s-1', [event('A'), event('B')], 'any', true).text).toMatch(/e\.ord = 1/);
  });

  it('keeps one text per variant, whatever the stream and events, so its prepared name stays the same', () => {
    const a = appendStatement('s-1', [event('A')], 1n, false).text;
    const b = appendStatement('s-2', [event('B', { other: true })], 9n, false).text;
    expect(a).toBe(b);
    expect(appendStatement('s-1', [event('A')], 1n, false).name).toBe(statementName('es_append', a));
    const variants = new Set(
      (['any', 'no_stream', 'stream_exists', 3n] as const).flatMap((expected) =>
        [false, true].flatMap((erase) => [1, 2].map((n) => appendStatement('s', Array.from({ length: n }, () => event('X')), expected, erase).text)),
      ),
    );
    expect(variants.size).toBe(16);
    expect(new Set([...variants].map((text) => statementName('es_append', text))).size).toBe(16);
  });

  it('refuses events that are not plain JSON, naming the stream', () => {
    expect(() => appendStatement('s-1', [event('A', { n: 1n })], 'any', false)).toThrow(/s-1 are not JSON-serialisable/);
  });
});
