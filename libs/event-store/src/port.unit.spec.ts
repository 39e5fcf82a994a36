import { START, StreamConflictError, comparePositions } from './port';

describe('comparePositions', () => {
  it('orders by commit first, then by prepare', () => {
    expect(comparePositions({ commit: 1n, prepare: 9n }, { commit: 2n, prepare: 0n })).toBe(-1);
    expect(comparePositions({ commit: 2n, prepare: 0n }, { commit: 1n, prepare: 9n })).toBe(1);
    expect(comparePositions({ commit: 5n, prepare: 1n }, { commit: 5n, prepare: 2n })).toBe(-1);
    expect(comparePositions({ commit: 5n, prepare: 2n }, { commit: 5n, prepare: 1n })).toBe(1);
    expect(comparePositions({ commit: 5n, prepare: 2n }, { commit: 5n, prepare: 2n })).toBe(0);
  });

  it('compares beyond the safe-integer range', () => {
    const big = 2n ** 63n - 1n;
    expect(comparePositions({ commit: big, prepare: 0n }, { commit: big - 1n, prepare: big })).toBe(1);
  });

  it('sorts positions into log order', () => {
    const positions = [
      { commit: 3n, prepare: 1n },
      { commit: 1n, prepare: 7n },
      { commit: 3n, prepare: 0n },
      START,
    ];
    expect([...positions].sort(comparePositions)).toEqual([START, { commit: 1n, prepare: 7n }, { commit: 3n, prepare: 0n }, { commit: 3n, prepare: 1n }]);
  });

  it('START is frozen and before everything', () => {
    expect(Object.isFrozen(START)).toBe(true);
    expect(comparePositions(START, { commit: 0n, prepare: 1n })).toBe(-1);
  });
});

describe('StreamConflictError', () => {
  it('carries the stream, the expectation and the actual state', () => {
    const error = new StreamConflictError('case-1', 3n, 'no_stream');
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'StreamConflictError', code: 'STREAM_CONFLICT', streamId: 'case-1', expected: 3n, actual: 'no_stream' });
    expect(error.message).toBe('Stream case-1 expected 3 but was no_stream');
  });
});
