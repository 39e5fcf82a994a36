export * from './port';
export { backoffDelay } from './backoff';
export { InProcessJobQueue, type InProcessJobQueueOptions } from './in-process-queue';
// The BullMQ queue is '@afterwards/jobs/bullmq': bullmq and ioredis are loaded only where Redis is used.
