import type { HistoryEvent } from '@afterwards/contracts';
import { csvRows } from '@afterwards/server-kit';

const COLUMNS = ['version', 'type', 'position', 'recorded_at', 'actor', 'actor_kind', 'correlation_id', 'causation_id', 'request_id', 'ip', 'user_agent', 'fields', 'data'];

/** A stream's history as CSV, through the product's one CSV writer (formula-like text neutralised). */
export function historyCsv(events: readonly HistoryEvent[]): string {
  return csvRows([
    COLUMNS,
    ...events.map((e) => [
      e.version,
      e.type,
      e.position,
      e.recordedAt,
      e.actor.name,
      e.actor.kind,
      e.correlationId,
      e.causationId,
      e.requestId,
      e.ip,
      e.userAgent,
      e.fields.join(' '),
      e.redacted ? '' : JSON.stringify(e.data),
    ]),
  ]);
}
