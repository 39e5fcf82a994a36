import type { HistoryEvent } from '@afterwards/contracts';

/** One CSV cell (RFC 4180), with a leading formula character neutralised for spreadsheet programs. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const COLUMNS = ['version', 'type', 'position', 'recorded_at', 'actor', 'actor_kind', 'correlation_id', 'causation_id', 'request_id', 'ip', 'user_agent', 'fields', 'data'];

export function historyCsv(events: readonly HistoryEvent[]): string {
  const lines = [COLUMNS.join(',')];
  for (const e of events) {
    lines.push(
      [
        String(e.version),
        e.type,
        e.position,
        e.recordedAt,
        e.actor.name,
        e.actor.kind,
        e.correlationId ?? '',
        e.causationId ?? '',
        e.requestId ?? '',
        e.ip ?? '',
        e.userAgent ?? '',
        e.fields.join(' '),
        e.redacted ? '' : JSON.stringify(e.data),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
