/**
 * Starts something a test file shares (a product, a command side) before its tests, or a describe's, and
 * stops it after them: `started` hears of it once it runs (and may set up more, awaited before the tests);
 * the getter answers it inside the tests.
 */
export function forFile<T>(start: () => Promise<T>, stop: (value: T) => Promise<unknown>, options: { timeoutMs?: number; started?: (value: T) => unknown } = {}): () => T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await start();
    await options.started?.(value);
  }, options.timeoutMs);
  afterAll(async () => {
    if (value !== undefined) await stop(value);
  });
  return () => value!;
}
