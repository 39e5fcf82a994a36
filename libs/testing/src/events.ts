import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@afterwards/event-store';

/** An event for an event store's own tests: a fresh id, stamped now, from the system, with one correlation. */
export const systemEvent = (type: string, data: unknown): NewEvent => ({
  type,
  data,
  metadata: { eventId: randomUUID(), occurredAt: new Date().toISOString(), actor: 'system', correlationId: 'c', causationId: 'c', schemaVersion: 1 },
});
