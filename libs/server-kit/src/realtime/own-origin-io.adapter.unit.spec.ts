import { ownOriginHandshake } from './own-origin-io.adapter';

const origins = ['http://127.0.0.1:3000', 'http://localhost:3000'];
const handshake = (headers: Record<string, string>) => ownOriginHandshake({ headers }, origins);

describe('ownOriginHandshake', () => {
  it("accepts a handshake from the product's own pages", () => {
    expect(handshake({ origin: 'http://127.0.0.1:3000', cookie: 'session=x' })).toBe(true);
    expect(handshake({ origin: 'http://localhost:3000' })).toBe(true);
  });

  it('refuses one from another site, or from a page with no origin (`null`)', () => {
    expect(handshake({ origin: 'https://evil.example', cookie: 'session=x' })).toBe(false);
    expect(handshake({ origin: 'null', cookie: 'session=x' })).toBe(false);
  });

  it("refuses one with no Origin, unless it is the browser's own same-origin polling request", () => {
    expect(handshake({ cookie: 'session=x' })).toBe(false);
    expect(handshake({ cookie: 'session=x', 'sec-fetch-site': 'cross-site' })).toBe(false);
    expect(handshake({ cookie: 'session=x', 'sec-fetch-site': 'same-site' })).toBe(false);
    expect(handshake({ cookie: 'session=x', 'sec-fetch-site': 'same-origin' })).toBe(true);
  });
});
