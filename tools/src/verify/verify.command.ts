import { verifyEventLog } from '@afterwards/event-store';
import { verifyAuditChain } from '@afterwards/identity-server';
import type { SqlClient } from '@afterwards/persistence';
import { checkpointPublicKey, checkpointsEnabled, readCheckpoints, type AppConfig, type CheckpointLog, type CheckpointReading } from '@afterwards/server-kit';

export const VERIFY_USAGE = `audit verify                                  check the staff audit trail's hash chain and its signed checkpoints; exit 1 at the first row changed, removed or reordered, a rewritten or truncated chain, or a bad checkpoint
events verify                                 check the Postgres event log: contiguous revisions, increasing positions, each event's hash, its signed checkpoints; exit 1 on a break`;

/** The log's signed checkpoints (decision 0038), from CHECKPOINT_FILE and log_checkpoints, checked with the public key. */
async function checkpointsOf(sql: SqlClient, config: AppConfig, log: CheckpointLog): Promise<CheckpointReading> {
  return readCheckpoints(sql, {
    file: config.checkpoints.file,
    publicKey: checkpointPublicKey(config),
    log,
    signingConfigured: checkpointsEnabled(config),
  });
}

/** What the report says about the checkpoints, before the chain's own result. */
function checkpointLines(reading: CheckpointReading): string[] {
  if (!reading.enabled) {
    return ['checkpoints: off (CHECKPOINT_SIGNING_KEY is not set): the chain is checked against itself only, which a database owner who recomputes it passes'];
  }
  const lines = [
    reading.count === 0
      ? 'checkpoints: none yet'
      : `checkpoints: ${reading.count} signed${reading.last ? `, the last good one ${reading.last.n} of ${reading.last.at}` : ''}`,
  ];
  for (const p of reading.problems) lines.push(`  CHECKPOINT PROBLEM: ${p}`);
  for (const n of reading.notes) lines.push(`  note: ${n}`);
  return lines;
}

export async function auditVerifyCommand(sql: SqlClient, config: AppConfig): Promise<{ ok: boolean; text: string }> {
  const started = performance.now();
  const checkpoints = await checkpointsOf(sql, config, 'audit');
  const result = await verifyAuditChain(sql, { anchors: checkpoints.auditAnchors });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const chain = result.ok
    ? `admin_audit_log: ${result.rowsChecked} rows, chain unbroken${checkpoints.auditAnchors.length ? ' and through every checkpoint' : ''} (${seconds} s).`
    : result.problem === 'truncated'
      ? `admin_audit_log: TRUNCATED after row ${result.firstBadRowId}: ${result.detail} (${result.rowsChecked} rows read, ${seconds} s)`
      : `admin_audit_log: BROKEN at row ${result.firstBadRowId} (${result.problem}): ${result.detail} (${result.rowsChecked} rows read, ${seconds} s)`;
  return { ok: result.ok && checkpoints.problems.length === 0, text: [...checkpointLines(checkpoints), chain].join('\n') };
}

export async function eventsVerifyCommand(sql: SqlClient, config: AppConfig): Promise<{ ok: boolean; text: string }> {
  if (config.eventStoreUrl) {
    return { ok: false, text: 'events verify checks the Postgres event store; this configuration uses KurrentDB (EVENTSTORE_URL), which keeps no hashes.' };
  }
  const started = performance.now();
  const checkpoints = await checkpointsOf(sql, config, 'events');
  const result = await verifyEventLog(sql, { anchors: checkpoints.eventAnchors });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const head = `events: ${result.events} events in ${result.streams} streams, ${result.erasures} erased by Delete Forever (expected, each left with its tombstone)`;
  const lines = checkpointLines(checkpoints);
  if (result.unanchoredErasures.length > 0) {
    lines.push(
      `  note: erased after the last checkpoint that recorded them (Delete Forever since then, or a forged erasure; the next checkpoint anchors the tombstone): ${result.unanchoredErasures.join(', ')}`,
    );
  }
  if (result.ok) {
    lines.push(`${head}; every stream contiguous, positions increasing, every hash matches${checkpoints.eventAnchors.length ? ', through every checkpoint' : ''} (${seconds} s).`);
  } else {
    lines.push(
      `${head}; BROKEN (${seconds} s):`,
      ...result.breaks.map((b) =>
        b.kind === 'truncated' || b.kind === 'stream_removed'
          ? `  ${b.streamId}: ${b.kind === 'truncated' ? 'TRUNCATED' : 'STREAM REMOVED'}: ${b.detail}`
          : `  ${b.streamId} revision ${b.revision ?? '-'} (seq ${b.seq ?? '-'}): ${b.kind}: ${b.detail}`,
      ),
    );
  }
  return { ok: result.ok && checkpoints.problems.length === 0, text: lines.join('\n') };
}
