import type { INestApplicationContext } from '@nestjs/common';
import { verifyEventLog } from '@afterwards/event-store';
import { verifyAuditChain } from '@afterwards/identity-server';
import type { SqlClient } from '@afterwards/persistence';
import { SQL_CLIENT, type AppConfig } from '@afterwards/server-kit';

export const VERIFY_USAGE = `audit verify                                  check the staff audit trail's hash chain; exit 1 at the first row changed, removed or reordered
events verify                                 check the Postgres event log: contiguous revisions, increasing positions, each event's hash; exit 1 on a break`;

export async function auditVerifyCommand(app: INestApplicationContext): Promise<{ ok: boolean; text: string }> {
  const started = performance.now();
  const result = await verifyAuditChain(app.get<SqlClient>(SQL_CLIENT));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return {
    ok: result.ok,
    text: result.ok
      ? `admin_audit_log: ${result.rowsChecked} rows, chain unbroken (${seconds} s).`
      : `admin_audit_log: BROKEN at row ${result.firstBadRowId} (${result.problem}): ${result.detail} (${result.rowsChecked} rows read, ${seconds} s)`,
  };
}

export async function eventsVerifyCommand(app: INestApplicationContext, config: AppConfig): Promise<{ ok: boolean; text: string }> {
  if (config.eventStoreUrl) {
    return { ok: false, text: 'events verify checks the Postgres event store; this configuration uses KurrentDB (EVENTSTORE_URL), which keeps no hashes.' };
  }
  const started = performance.now();
  const result = await verifyEventLog(app.get<SqlClient>(SQL_CLIENT));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const head = `events: ${result.events} events in ${result.streams} streams, ${result.erasures} erased by Delete Forever (expected, each left with its tombstone)`;
  if (result.ok) return { ok: true, text: `${head}; every stream contiguous, positions increasing, every hash matches (${seconds} s).` };
  return {
    ok: false,
    text: [`${head}; BROKEN (${seconds} s):`, ...result.breaks.map((b) => `  ${b.streamId} revision ${b.revision ?? '-'} (seq ${b.seq ?? '-'}): ${b.kind}: ${b.detail}`)].join('\n'),
  };
}
