import { executionAsyncId, type AsyncLocalStorage } from 'node:async_hooks';

const released = new WeakSet<AsyncLocalStorage<unknown>>();

/**
 * Makes `storage` give back Node's promise hook whenever none of its `run`s is in progress.
 *
 * On Node 20 the first `run` of any AsyncLocalStorage turns a promise hook on for the rest of the process,
 * and from then on every promise of every request pays for it: on the dashboard's read, about a tenth of the
 * API's CPU (decision 0065). The stores here (the staff door's, better-auth's) are read only inside their
 * runs, so each is disabled when its last run has settled, and its next run enables it again.
 *
 * What this gives up: work a run starts and does not await, still going after the run has settled, no longer
 * sees the store. Neither the staff door nor better-auth leaves such work (better-auth awaits its background
 * tasks unless `advanced.backgroundTasks` says otherwise, and this product does not).
 */
export function releaseWhenIdle<T>(storage: AsyncLocalStorage<T>): AsyncLocalStorage<T> {
  if (released.has(storage)) return storage;
  released.add(storage);
  const run = storage.run.bind(storage);
  let running = 0;
  const settled = () => {
    if (--running === 0) storage.disable();
  };
  storage.run = ((store: T, callback: (...args: unknown[]) => unknown, ...args: unknown[]) => {
    running++;
    let result: unknown;
    try {
      result = run(store, callback, ...args);
    } catch (error) {
      settled();
      throw error;
    }
    // A new promise that settles as the run's did, so a rejection nobody handles is still reported.
    if (result instanceof Promise) return result.finally(settled);
    settled();
    return result;
  }) as typeof storage.run;
  return storage;
}

/**
 * Whether a promise hook is on in this process now: a promise's reaction runs with an async id only then.
 * A metric (`afterwards_promise_hooks_on`), so a store that keeps it on shows before it shows as CPU.
 */
export function promiseHooksOn(): Promise<boolean> {
  return new Promise((resolve) => void Promise.resolve().then(() => resolve(executionAsyncId() !== 0)));
}
