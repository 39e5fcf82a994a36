import { createBullMqHarness, createInProcessHarness, describeJobQueueContract, TEST_REDIS_URL } from './testing';

// In-process queues share no store, so the producer/processor hand-off case is not registered.
describeJobQueueContract('in-process', createInProcessHarness);

describeJobQueueContract(`BullMQ (${TEST_REDIS_URL})`, () => createBullMqHarness(TEST_REDIS_URL), { sharedStore: true });
