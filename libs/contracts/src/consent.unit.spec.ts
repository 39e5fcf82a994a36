import { CONSENT_PREPAINT_SCRIPT, CONSENT_STATE_ATTRIBUTE, CONSENT_STORAGE_KEY } from './consent';

/** Runs the script as a page's head would, against a stand-in `<html>` and storage. */
function markAfter(storage: { getItem(key: string): string | null }): string | undefined {
  const attributes = new Map<string, string>();
  const document = { documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } };
  new Function('document', 'localStorage', CONSENT_PREPAINT_SCRIPT)(document, storage);
  return attributes.get(CONSENT_STATE_ATTRIBUTE);
}

describe('consent mark set before a page rendered at build time is drawn', () => {
  it('is "asked" with no choice stored, "given" with one, and "asked" when storage is blocked', () => {
    expect(markAfter({ getItem: () => null })).toBe('asked');
    expect(markAfter({ getItem: (key) => (key === CONSENT_STORAGE_KEY ? '{"version":"1.0"}' : null) })).toBe('given');
    expect(
      markAfter({
        getItem: () => {
          throw new Error('SecurityError');
        },
      }),
    ).toBe('asked');
  });
});
