import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@afterwards/event-store';
import { API_NODE_FLAGS } from '@afterwards/testing';

/** Metadata for an event a bench writes: fresh ids, now, and the bench as the actor. */
export const benchMetadata = (): EventMetadata => ({
  eventId: randomUUID(),
  occurredAt: new Date().toISOString(),
  actor: 'system:bench',
  correlationId: randomUUID(),
  causationId: randomUUID(),
  schemaVersion: 1,
});

const RERUN = 'AFTERWARDS_BENCH_WITH_API_FLAGS';

/**
 * A bench whose writers and projection run in its own process runs again in a child with the API's V8 flags
 * (`apps/api/node-flags.json`, decision 0014), as the API runs its projections: with the default young
 * generation a scavenge held this process 4-7 ms, with the API's 2-4 ms. The heap cap aside, as this process
 * also holds the whole tools bundle. Returns the child's exit code; undefined in the child, which measures.
 */
export function rerunWithApiFlags(): number | undefined {
  if (process.env[RERUN] === '1') return undefined;
  const flags = API_NODE_FLAGS.filter((flag) => !flag.startsWith('--max-old-space-size'));
  const child = spawnSync(process.execPath, [...flags, ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env: { ...process.env, [RERUN]: '1' } });
  return child.status ?? 1;
}

/** The V8 flags this process runs with, for a bench's first line. */
export const v8FlagsInUse = (): string => process.execArgv.join(' ') || 'none';
