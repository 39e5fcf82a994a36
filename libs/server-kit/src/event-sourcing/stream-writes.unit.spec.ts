import { describe, expect, it } from '@jest/globals';
import { StreamConflictError } from '@afterwards/event-store';
import { retryOnConflict, StreamWriteQueue } from './stream-writes';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
const conflict = () => new StreamConflictError('case-1', 3n, 4n);

describe('StreamWriteQueue', () => {
  it('runs writes to one stream one at a time, in the order they came', async () => {
    const queue = new StreamWriteQueue();
    const first = deferred();
    const order: string[] = [];
    const a = queue.run('case-1', async () => {
      order.push('a starts');
      await first.promise;
      order.push('a ends');
    });
    const b = queue.run('case-1', async () => {
      order.push('b starts');
    });
    await Promise.resolve();
    expect(order).toEqual(['a starts']);
    first.resolve();
    await Promise.all([a, b]);
    expect(order).toEqual(['a starts', 'a ends', 'b starts']);
  });

  it('lets writes to other streams run meanwhile', async () => {
    const queue = new StreamWriteQueue();
    const held = deferred();
    const a = queue.run('case-1', () => held.promise);
    await expect(queue.run('case-2', async () => 'other')).resolves.toBe('other');
    held.resolve();
    await a;
  });

  it('runs the next write after a failed one, and forgets a stream once its queue drains', async () => {
    const queue = new StreamWriteQueue();
    const failed = queue.run('case-1', async () => {
      throw new Error('refused');
    });
    const next = queue.run('case-1', async () => 'ran');
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe('ran');
    await Promise.resolve();
    expect(queue.busyStreams).toBe(0);
  });
});

describe('retryOnConflict', () => {
  it('decides again after a lost append race and returns the attempt that won', async () => {
    const attempts: number[] = [];
    const result = await retryOnConflict(
      async (n) => {
        attempts.push(n);
        if (n < 3) throw conflict();
        return 'appended';
      },
      { maxAttempts: 8 },
    );
    expect(result).toBe('appended');
    expect(attempts).toEqual([1, 2, 3]);
  });

  it("gives up after the last attempt with the caller's error", async () => {
    let calls = 0;
    const run = retryOnConflict(
      async () => {
        calls++;
        throw conflict();
      },
      { maxAttempts: 2, giveUp: () => new Error('This memory was changed elsewhere') },
    );
    await expect(run).rejects.toThrow('This memory was changed elsewhere');
    expect(calls).toBe(2);
  });

  it('does not retry any other error', async () => {
    let calls = 0;
    const run = retryOnConflict(
      async () => {
        calls++;
        throw new Error('invalid');
      },
      { maxAttempts: 5 },
    );
    await expect(run).rejects.toThrow('invalid');
    expect(calls).toBe(1);
  });
});
