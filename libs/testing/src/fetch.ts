// A fake fetch for unit tests of a screen's calls to the API: each test says what the server answers.

/** An answer as the server sends it: `body` as JSON, with `status`. */
export function jsonAnswer(status: number, body: unknown, contentType = 'application/json'): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': contentType } });
}

/** Lets the tests of a file (or describe) answer its fetches; the real fetch is back after each test. */
export function fakeFetch(): { answer: (status: number, body: unknown, contentType?: string) => void } {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  return {
    /** From now on in this test, every fetch answers `body` as JSON with `status`. */
    answer: (status, body, contentType) => {
      globalThis.fetch = async () => jsonAnswer(status, body, contentType);
    },
  };
}
