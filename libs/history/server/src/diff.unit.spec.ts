import { describe, expect, it } from '@jest/globals';
import { diffStates, withoutValues } from './diff';

describe('diffStates', () => {
  it('given two states, lists each changed, added and removed field by its path', () => {
    const before = { status: 'Pending Review', details: { name: 'Old', phone: '1' }, tags: ['a'], gone: 1 };
    const after = { status: 'Active', details: { name: 'New', phone: '1', email: 'x@y' }, tags: ['a', 'b'] };
    expect(diffStates(before, after)).toEqual([
      { path: 'details.email', change: 'added', after: 'x@y' },
      { path: 'details.name', change: 'changed', before: 'Old', after: 'New' },
      { path: 'gone', change: 'removed', before: 1 },
      { path: 'status', change: 'changed', before: 'Pending Review', after: 'Active' },
      { path: 'tags.1', change: 'added', after: 'b' },
    ]);
  });

  it('given equal states, finds nothing; given null before, the whole value changed', () => {
    expect(diffStates({ a: { b: [1] } }, { a: { b: [1] } })).toEqual([]);
    expect(diffStates(null, { a: 1 })).toEqual([{ path: '(state)', change: 'changed', before: null, after: { a: 1 } }]);
  });

  it('withoutValues keeps paths and kinds of change only', () => {
    expect(withoutValues(diffStates({ name: 'Ann' }, { name: 'Bea' }))).toEqual([{ path: 'name', change: 'changed' }]);
  });
});
