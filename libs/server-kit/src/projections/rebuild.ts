import { isDeepStrictEqual } from 'node:util';
import type { PrismaClient } from '@afterwards/persistence';
import { comparePositions, START, type EventStore, type Position } from '@afterwards/event-store';
import type { Projection } from './projection';
import { saveCheckpoint } from './projection-runner';

export interface RebuildReport {
  readonly projection: string;
  readonly events: number;
  readonly rowsBefore: number;
  readonly rowsAfter: number;
  /** The rebuilt read model equals the live one it replaced. */
  readonly equal: boolean;
  /** A few differing rows, to start an investigation. */
  readonly differences: { before: unknown; after: unknown }[];
}

const BATCH = 500;

/**
 * Replays the whole log into each projection from scratch and compares the result with the live rows
 * it replaces. Stop the projection runner (the API) first, or it will race with the replay.
 */
export async function rebuildProjections(
  store: EventStore,
  prisma: PrismaClient,
  projections: readonly Projection[],
): Promise<RebuildReport[]> {
  const reports: RebuildReport[] = [];
  for (const projection of projections) {
    const before = await projection.snapshot(prisma);
    await prisma.$transaction(async (tx) => {
      await projection.reset(tx);
      await tx.projectionCheckpoint.deleteMany({ where: { projection: projection.name } });
    });
    let after: Position = START;
    let count = 0;
    for (;;) {
      const batch = await store.readAll({ after, maxCount: BATCH });
      if (batch.length === 0) break;
      const wanted = batch.filter((e) => projection.streamPrefixes.some((p) => e.streamId.startsWith(p)));
      const last = batch[batch.length - 1]!.position;
      await prisma.$transaction(
        async (tx) => {
          for (const event of wanted) await projection.apply(event, tx);
          if (projection.afterBatch) await projection.afterBatch(tx);
          await saveCheckpoint(tx, projection.name, last);
        },
        { timeout: 60_000 },
      );
      count += wanted.length;
      if (comparePositions(last, after) <= 0) break;
      after = last;
    }
    const rebuilt = await projection.snapshot(prisma);
    const differences: RebuildReport['differences'] = [];
    for (let i = 0; i < Math.max(before.length, rebuilt.length) && differences.length < 5; i++) {
      if (!isDeepStrictEqual(before[i], rebuilt[i])) differences.push({ before: before[i], after: rebuilt[i] });
    }
    reports.push({
      projection: projection.name,
      events: count,
      rowsBefore: before.length,
      rowsAfter: rebuilt.length,
      equal: differences.length === 0,
      differences,
    });
  }
  return reports;
}
