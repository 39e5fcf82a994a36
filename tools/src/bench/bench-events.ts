import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@afterwards/event-store';

/** Metadata for an event a bench writes: fresh ids, now, and the bench as the actor. */
export const benchMetadata = (): EventMetadata => ({
  eventId: randomUUID(),
  occurredAt: new Date().toISOString(),
  actor: 'system:bench',
  correlationId: randomUUID(),
  causationId: randomUUID(),
  schemaVersion: 1,
});
