import type { EventStore } from '@afterwards/event-store';
import { sqlClientOf, type PrismaClient } from '@afterwards/persistence';
import { rebuildProjections, type Projection, type RebuildReport } from '@afterwards/server-kit';

const json = (value: unknown) => JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

/**
 * `tools rebuild`: every read model replayed into a shadow schema beside the live one and compared with it
 * (decision 0040). Progress goes to stderr (at most every 2 s), the reports to stdout.
 */
export async function rebuildCommand(
  store: EventStore,
  prisma: PrismaClient,
  projections: readonly Projection[],
  options: { keep?: boolean; log?: (line: string) => void; progress?: (line: string) => void } = {},
): Promise<RebuildReport[]> {
  const log = options.log ?? ((line: string) => console.log(line));
  const progress = options.progress ?? ((line: string) => process.stderr.write(`${line}\n`));
  // Where the log ends, to tell how far the replay has come: the PostgreSQL event store's own table in the
  // same database (its planner estimate: counting a million rows would take a while); unknown otherwise.
  const head = await sqlClientOf(prisma)
    .query<{ n: string }>(`SELECT greatest(reltuples, 0)::bigint::text AS n FROM pg_class WHERE oid = to_regclass('events')`)
    .then((r) => (r.rows[0] ? Number(r.rows[0].n) : undefined))
    .catch(() => undefined);
  let lastTold = 0;
  const reports = await rebuildProjections(store, prisma, projections, {
    keep: options.keep,
    onProgress(p) {
      if (p.elapsedMs - lastTold < 2_000) return;
      lastTold = p.elapsedMs;
      const of = head ? ` of about ${head.toLocaleString('en-GB')}` : '';
      progress(`rebuild: ${p.events.toLocaleString('en-GB')}${of} events read in ${(p.elapsedMs / 1000).toFixed(0)} s, ${Math.round(p.eventsPerSecond).toLocaleString('en-GB')} events/s, at ${p.position.commit}/${p.position.prepare}`);
    },
  });
  for (const r of reports) {
    log(`${r.projection}: ${r.events} events, ${r.rowsBefore} rows live, ${r.rowsAfter} rebuilt${r.seconds === undefined ? '' : `, ${r.seconds.toFixed(1)} s replaying`}: ${r.equal ? 'equal to the live model' : `DIFFERENT${r.note ? ` (${r.note})` : ''}`}`);
    for (const d of r.differences) log(json(d));
  }
  return reports;
}
