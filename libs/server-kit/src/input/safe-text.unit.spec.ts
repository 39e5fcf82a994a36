import { decodedTextHeader, findUnsafeInput, findUnsafeText } from './safe-text';

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

describe('unsafe text anywhere in a request', () => {
  const request = (parts: Partial<{ params: object; query: object; body: unknown; headers: Record<string, string> }>) =>
    ({ params: {}, query: {}, body: undefined, headers: {}, ...parts }) as Parameters<typeof findUnsafeInput>[0];

  it('names a NUL in a path parameter, a query, a body or a header, the URI-encoded text headers read decoded', () => {
    expect(findUnsafeInput(request({ params: { id: 'a\u0000b' } }))).toBe('path.id');
    expect(findUnsafeInput(request({ query: { q: '\u0000' } }))).toBe('q');
    expect(findUnsafeInput(request({ body: { name: 'x\uD800' } }))).toBe('name');
    expect(findUnsafeInput(request({ headers: { 'x-document-title': 'Will%00copy' } }))).toBe('headers.x-document-title');
    expect(findUnsafeInput(request({ headers: { 'x-file-name': encodeURIComponent('will\u0000.pdf') } }))).toBe('headers.x-file-name');
    expect(findUnsafeInput(request({ headers: { 'user-agent': 'a\u0000' } }))).toBe('headers.user-agent');
  });

  it('lets ordinary requests through, a header that is not URI-encoded text left as sent', () => {
    expect(findUnsafeInput(request({ params: { id: 'd2f1c1de-3c1b-4c55-9d36-3f6a3b6f0e4a' }, query: { q: 'Siân' }, headers: { 'x-document-title': encodeURIComponent('Will 🌷'), cookie: 'a=%00' } }))).toBeUndefined();
    expect(findUnsafeInput(request({ headers: { 'x-file-name': '%ZZ' } }))).toBeUndefined();
    expect(decodedTextHeader('%ZZ')).toBe('%ZZ');
    expect(decodedTextHeader(undefined)).toBe('');
  });
});
