import { findUnsafeText } from './safe-text';

describe('text the database cannot store', () => {
  it('finds a NUL or a lone surrogate anywhere in a body, and names where', () => {
    expect(findUnsafeText({ name: 'Ann\u0000' })).toBe('name');
    expect(findUnsafeText({ note: { content: 'a\uD83D b' } })).toBe('note.content');
    expect(findUnsafeText({ list: ['ok', 'x\uDE00'] })).toBe('list.1');
    expect(findUnsafeText('\u0000')).toBe('(body)');
  });

  it('lets ordinary text through, emoji included', () => {
    expect(findUnsafeText({ name: 'Siân Ó Briain 🌷', n: 3, nested: { ok: null } })).toBeUndefined();
    expect(findUnsafeText(undefined)).toBeUndefined();
  });
});
