export * from './port';
export { backoffDelay } from './backoff';
export { InProcessJobQueue, type InProcessJobQueueOptions } from './in-process-queue';
export { BullMqJobQueue, type BullMqJobQueueOptions } from './bullmq-queue';
