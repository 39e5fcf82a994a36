import { expectEventually } from '@afterwards/persistence/testing';
import { InProcessJobQueue } from './in-process-queue';
import { defineJob } from './port';

describe('InProcessJobQueue.counts', () => {
  it('counts a retry waiting for its backoff as delayed, and every attempt that threw', async () => {
    const def = defineJob<{ n: number }>('flaky', { attempts: 3, backoff: 60_000 });
    const queue = new InProcessJobQueue();
    let attempts = 0;
    queue.process(def, () => {
      attempts += 1;
      throw new Error('not yet');
    });
    try {
      expect(await queue.counts([def])).toEqual({ flaky: { waiting: 0, active: 0, delayed: 0, failed: 0, failedAttempts: 0 } });
      // Not started: enqueued jobs wait.
      await queue.enqueue(def, { n: 1 });
      expect((await queue.counts([def])).flaky).toMatchObject({ waiting: 1, active: 0 });

      await queue.start();
      await expectEventually(() => expect(attempts).toBe(1));
      await expectEventually(async () => expect((await queue.counts([def])).flaky).toEqual({ waiting: 0, active: 0, delayed: 1, failed: 0, failedAttempts: 1 }));
    } finally {
      await queue.close();
    }
    // Closing drops what was pending; the attempts counted stay.
    expect((await queue.counts([def])).flaky).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0, failedAttempts: 1 });
  });
});
