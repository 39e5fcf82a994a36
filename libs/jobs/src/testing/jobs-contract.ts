import { expectEventually } from '@afterwards/persistence/testing';
import { defineJob, type FailedJob, type FinishedJob, type JobContext, type JobQueue } from '../port';

/** Creates queue instances for one test and cleans up after them. */
export interface JobQueueHarness {
  /** A new instance. With `sharedStore`, instances of one harness see each other's jobs. */
  create(): JobQueue;
  /** Called after every queue from `create()` was closed; removes what the test left (e.g. Redis keys). */
  dispose(): Promise<void>;
}

export interface JobQueueContractOptions {
  /** The driver's instances can share a backing store (Redis), so one can produce and another process. */
  readonly sharedStore?: boolean;
}

const WAIT_MS = 10_000;
const TEST_TIMEOUT_MS = 30_000;

interface Call<P> extends JobContext<P> {
  readonly at: number;
}

/** Records handler calls and settles them on demand, for tests that hold handlers open. */
class Gate {
  private readonly releases: Array<() => void> = [];
  wait(): Promise<void> {
    return new Promise((resolve) => this.releases.push(resolve));
  }
  get waiting(): number {
    return this.releases.length;
  }
  releaseOne(): void {
    this.releases.shift()?.();
  }
  releaseAll(): void {
    while (this.releases.length > 0) this.releaseOne();
  }
}

export function describeJobQueueContract(
  name: string,
  factory: () => JobQueueHarness | Promise<JobQueueHarness>,
  options: JobQueueContractOptions = {},
): void {
  describe(`JobQueue contract: ${name}`, () => {
    let harness: JobQueueHarness;
    let queues: JobQueue[];
    let gates: Gate[];
    let uniq = 0;

    /** Distinct job names per test, so nothing left in a shared store can leak between tests. */
    const jobName = (label: string) => `${label}-${Date.now().toString(36)}-${(uniq += 1)}`;

    const open = (): JobQueue => {
      const queue = harness.create();
      queues.push(queue);
      return queue;
    };
    const gate = (): Gate => {
      const created = new Gate();
      gates.push(created);
      return created;
    };
    const record = (queue: JobQueue) => {
      const failed: FailedJob[] = [];
      const completed: FinishedJob[] = [];
      queue.onFailed((job) => failed.push(job));
      queue.onCompleted((job) => completed.push(job));
      return { failed, completed };
    };

    beforeEach(async () => {
      harness = await factory();
      queues = [];
      gates = [];
    });

    afterEach(async () => {
      // Release held handlers first, otherwise a failed test would hang in close().
      for (const g of gates) g.releaseAll();
      await Promise.all(queues.map((queue) => queue.close()));
      await harness.dispose();
    });

    it(
      'runs a job once with its payload',
      async () => {
        const def = defineJob<{ greeting: string; n: number }>(jobName('once'));
        const queue = open();
        const calls: Array<Call<{ greeting: string; n: number }>> = [];
        const { completed } = record(queue);
        queue.process(def, (job) => void calls.push({ ...job, at: Date.now() }));
        await queue.start();

        const { jobId, deduplicated } = await queue.enqueue(def, { greeting: 'hello', n: 1 });

        expect(deduplicated).toBe(false);
        await expectEventually(() => expect(completed).toHaveLength(1), WAIT_MS);
        expect(calls).toEqual([expect.objectContaining({ name: def.name, jobId, attempt: 1, payload: { greeting: 'hello', n: 1 } })]);
        expect(completed[0]).toEqual({ name: def.name, jobId, attempt: 1, payload: { greeting: 'hello', n: 1 } });
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'runs a delayed job no earlier than its delay',
      async () => {
        const def = defineJob<{ label: string }>(jobName('delayed'));
        const queue = open();
        const calls: Array<Call<{ label: string }>> = [];
        queue.process(def, (job) => void calls.push({ ...job, at: Date.now() }), { concurrency: 2 });
        await queue.start();

        const enqueuedAt = Date.now();
        await queue.enqueue(def, { label: 'later' }, { delayMs: 500 });
        await queue.enqueue(def, { label: 'now' });

        await expectEventually(() => expect(calls).toHaveLength(2), WAIT_MS);
        // The undelayed job is not held up behind the delayed one.
        expect(calls.map((call) => call.payload.label)).toEqual(['now', 'later']);
        expect(calls[1]!.at - enqueuedAt).toBeGreaterThanOrEqual(500);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'keeps a job delayed by weeks waiting (longer than one Node timer can wait)',
      async () => {
        const def = defineJob<{ label: string }>(jobName('weeks'));
        const queue = open();
        const calls: string[] = [];
        // Node fires a timer longer than 2^31 - 1 ms after 1 ms (with a warning): a driver asking for one would spin.
        const overlong: number[] = [];
        const realSetTimeout = globalThis.setTimeout;
        globalThis.setTimeout = ((handler: () => void, ms?: number, ...args: unknown[]) => {
          if ((ms ?? 0) > 2 ** 31 - 1) overlong.push(ms!);
          return realSetTimeout(handler, ms, ...args);
        }) as typeof setTimeout;
        try {
          queue.process(def, (job) => void calls.push(job.payload.label));
          await queue.start();
          await queue.enqueue(def, { label: 'in 30 days' }, { delayMs: 30 * 86_400_000 });
          await queue.enqueue(def, { label: 'now' });
          await expectEventually(() => expect(calls).toEqual(['now']), WAIT_MS);
          await new Promise((resolve) => setTimeout(resolve, 300));
          expect(calls).toEqual(['now']);
          expect(overlong).toEqual([]);
        } finally {
          globalThis.setTimeout = realSetTimeout;
        }
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'retries a failing job with backoff until it succeeds',
      async () => {
        const def = defineJob<{ id: string }>(jobName('retry'), { attempts: 3, backoff: 100 });
        const queue = open();
        const calls: Array<Call<{ id: string }>> = [];
        const { failed, completed } = record(queue);
        queue.process(def, (job) => {
          calls.push({ ...job, at: Date.now() });
          if (job.attempt < 3) throw new Error(`transient ${job.attempt}`);
        });
        await queue.start();

        await queue.enqueue(def, { id: 'a' });

        await expectEventually(() => expect(completed).toHaveLength(1), WAIT_MS);
        expect(calls.map((call) => call.attempt)).toEqual([1, 2, 3]);
        expect(calls.every((call) => call.payload.id === 'a')).toBe(true);
        expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(100);
        expect(calls[2]!.at - calls[1]!.at).toBeGreaterThanOrEqual(100);
        expect(completed[0]!.attempt).toBe(3);
        expect(failed).toEqual([]);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'reports a job as failed once its attempts are exhausted',
      async () => {
        const def = defineJob<{ id: string }>(jobName('exhaust'), { attempts: 2, backoff: { type: 'exponential', delayMs: 20 } });
        const queue = open();
        const attempts: number[] = [];
        const { failed, completed } = record(queue);
        queue.process(def, (job) => {
          attempts.push(job.attempt);
          throw new Error(`boom ${job.attempt}`);
        });
        await queue.start();

        const { jobId } = await queue.enqueue(def, { id: 'doomed' });

        await expectEventually(() => expect(failed).toHaveLength(1), WAIT_MS);
        expect(failed[0]).toMatchObject({ name: def.name, jobId, attempt: 2, payload: { id: 'doomed' } });
        expect(failed[0]!.error).toBeInstanceOf(Error);
        expect(failed[0]!.error.message).toBe('boom 2');
        // Failure is reported after the last attempt only, so no attempt can follow it.
        expect(attempts).toEqual([1, 2]);
        expect(completed).toEqual([]);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'ignores a job whose jobId is already pending, and accepts it again once that job finished',
      async () => {
        const def = defineJob<{ v: number }>(jobName('dedupe'));
        const queue = open();
        const calls: Array<Call<{ v: number }>> = [];
        const { completed } = record(queue);
        queue.process(def, (job) => void calls.push({ ...job, at: Date.now() }));
        await queue.start();

        // Delayed, so it is certainly still pending when the duplicate arrives.
        const first = await queue.enqueue(def, { v: 1 }, { jobId: 'account-42', delayMs: 300 });
        const duplicate = await queue.enqueue(def, { v: 2 }, { jobId: 'account-42' });
        const other = await queue.enqueue(def, { v: 3 }, { jobId: 'account-43' });

        expect(first).toEqual({ jobId: 'account-42', deduplicated: false });
        expect(duplicate).toEqual({ jobId: 'account-42', deduplicated: true });
        expect(other).toEqual({ jobId: 'account-43', deduplicated: false });
        await expectEventually(() => expect(completed.map((job) => job.jobId).sort()).toEqual(['account-42', 'account-43']), WAIT_MS);

        const again = await queue.enqueue(def, { v: 4 }, { jobId: 'account-42' });
        expect(again).toEqual({ jobId: 'account-42', deduplicated: false });
        await expectEventually(() => expect(completed).toHaveLength(3), WAIT_MS);
        const byId = (id: string) => calls.filter((call) => call.jobId === id).map((call) => call.payload.v);
        expect(byId('account-42')).toEqual([1, 4]);
        expect(byId('account-43')).toEqual([3]);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'never runs more handlers at once than the concurrency allows',
      async () => {
        const def = defineJob<{ n: number }>(jobName('concurrency'));
        const queue = open();
        const held = gate();
        let running = 0;
        let maxRunning = 0;
        let finished = 0;
        queue.process(
          def,
          async () => {
            running += 1;
            maxRunning = Math.max(maxRunning, running);
            await held.wait();
            running -= 1;
            finished += 1;
          },
          { concurrency: 2 },
        );
        await queue.start();

        const total = 5;
        for (let n = 0; n < total; n += 1) await queue.enqueue(def, { n });

        // Let handlers through one at a time; at each step the driver may fill the freed slot only.
        while (finished < total) {
          const expected = Math.min(2, total - finished);
          await expectEventually(() => expect(held.waiting).toBe(expected), WAIT_MS);
          const before = finished;
          held.releaseOne();
          await expectEventually(() => expect(finished).toBe(before + 1), WAIT_MS);
        }
        expect(maxRunning).toBe(2);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'fires a repeatable job repeatedly and stops on close',
      async () => {
        const def = defineJob<{ counter: string }>(jobName('repeat'));
        const control = defineJob<Record<string, never>>(jobName('control'));
        const queue = open();
        const controlQueue = open();
        const calls: Array<Call<{ counter: string }>> = [];
        let controlFires = 0;
        queue.process(def, (job) => void calls.push({ ...job, at: Date.now() }));
        controlQueue.process(control, () => void (controlFires += 1));
        await queue.start();
        await controlQueue.start();

        await queue.schedule(def, { counter: 'visits' }, 200);
        await expectEventually(() => expect(calls.length).toBeGreaterThanOrEqual(3), WAIT_MS);
        expect(calls.every((call) => call.payload.counter === 'visits' && call.attempt === 1)).toBe(true);
        expect(new Set(calls.map((call) => call.jobId)).size).toBe(calls.length);

        await queue.close();
        const firesAtClose = calls.length;
        // A second schedule on another instance, same period: once it fired three more times,
        // the closed one has had time for three occurrences too, had it not stopped.
        await controlQueue.schedule(control, {}, 200);
        await expectEventually(() => expect(controlFires).toBeGreaterThanOrEqual(4), WAIT_MS);
        expect(calls).toHaveLength(firesAtClose);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'waits for running handlers when closing, and refuses work afterwards',
      async () => {
        const def = defineJob<{ n: number }>(jobName('graceful'));
        const queue = open();
        const held = gate();
        const events: string[] = [];
        queue.process(def, async () => {
          events.push('handler started');
          await held.wait();
          events.push('handler finished');
        });
        await queue.start();
        await queue.enqueue(def, { n: 1 });
        await expectEventually(() => expect(held.waiting).toBe(1), WAIT_MS);

        const closedAt = Date.now();
        const closing = queue.close().then(() => events.push('closed'));
        await expect(queue.enqueue(def, { n: 2 })).rejects.toThrow(/closed/);
        // The handler is held well past the time a close that did not wait would take.
        await expectEventually(() => expect(Date.now() - closedAt).toBeGreaterThanOrEqual(300), WAIT_MS);
        expect(events).toEqual(['handler started']);

        held.releaseOne();
        await closing;
        expect(events).toEqual(['handler started', 'handler finished', 'closed']);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'counts waiting, running, delayed and failed jobs, and failed attempts, by job name',
      async () => {
        const held = defineJob<{ n: number }>(jobName('counted'));
        const failing = defineJob<{ n: number }>(jobName('counted-failing'), { attempts: 2 });
        const idle = defineJob<{ n: number }>(jobName('counted-idle'));
        const queue = open();
        const running = gate();
        const { failed } = record(queue);
        queue.process(held, () => running.wait());
        queue.process(failing, () => {
          throw new Error('always');
        });
        await queue.start();

        for (let n = 0; n < 3; n += 1) await queue.enqueue(held, { n });
        await queue.enqueue(held, { n: 3 }, { delayMs: 60_000 });
        await queue.enqueue(failing, { n: 0 });
        await expectEventually(() => expect(failed).toHaveLength(1), WAIT_MS);
        await expectEventually(() => expect(running.waiting).toBe(1), WAIT_MS);

        const zero = { waiting: 0, active: 0, delayed: 0, failed: 0, failedAttempts: 0 };
        const expected = {
          [held.name]: { ...zero, waiting: 2, active: 1, delayed: 1 },
          [failing.name]: { ...zero, failed: 1, failedAttempts: 2 },
          [idle.name]: zero,
        };
        await expectEventually(async () => expect(await queue.counts([held, failing, idle])).toEqual(expected), WAIT_MS);
        if (options.sharedStore) {
          // Where the store is shared, an instance that only enqueues (the API) sees what the workers did.
          await expect(open().counts([held, failing, idle])).resolves.toEqual(expected);
        }
      },
      TEST_TIMEOUT_MS,
    );

    // Only drivers with a shared store can hand a job from one instance to another. In-process
    // queues share nothing by design (the embedded profile runs API and worker in one process),
    // so the case is not registered for them rather than faked.
    if (options.sharedStore) {
      it(
        'runs on a processing instance what a producer-only instance enqueued',
        async () => {
          const def = defineJob<{ email: string }>(jobName('handoff'), { attempts: 2 });
          const producer = open();
          const worker = open();
          const calls: Array<Call<{ email: string }>> = [];
          const { completed } = record(worker);
          const producerOutcomes = record(producer);
          worker.process(def, (job) => {
            calls.push({ ...job, at: Date.now() });
            if (job.attempt === 1) throw new Error('first try fails');
          });
          await worker.start();

          // The producer never registers a handler nor starts.
          const { jobId } = await producer.enqueue(def, { email: 'a@example.org' }, { jobId: 'welcome-a' });

          await expectEventually(() => expect(completed).toHaveLength(1), WAIT_MS);
          expect(calls.map((call) => [call.jobId, call.attempt, call.payload.email])).toEqual([
            [jobId, 1, 'a@example.org'],
            [jobId, 2, 'a@example.org'],
          ]);
          // Outcomes are reported where the handler ran.
          expect(producerOutcomes.completed).toEqual([]);
        },
        TEST_TIMEOUT_MS,
      );
    }
  });
}
