import type { PrismaClient } from '@afterwards/persistence';
import { START, type EventStore, type Position, type RecordedEvent, type Subscription } from '@afterwards/event-store';
import type { Projection, ProjectionTx } from './projection';

export interface ProjectionChange {
  readonly projection: string;
  readonly topic: string | undefined;
  readonly ids: string[];
  readonly event: RecordedEvent;
}

async function readCheckpoint(prisma: PrismaClient, name: string): Promise<Position> {
  const row = await prisma.projectionCheckpoint.findUnique({ where: { projection: name } });
  return row ? { commit: row.commit, prepare: row.prepare } : START;
}

export async function saveCheckpoint(tx: ProjectionTx, name: string, position: Position): Promise<void> {
  await tx.projectionCheckpoint.upsert({
    where: { projection: name },
    create: { projection: name, commit: position.commit, prepare: position.prepare },
    update: { commit: position.commit, prepare: position.prepare, updatedAt: new Date() },
  });
}

/** Applies one event and moves the checkpoint, in one transaction. */
export async function applyInTransaction(prisma: PrismaClient, projection: Projection, event: RecordedEvent): Promise<string[]> {
  return prisma.$transaction(async (tx) => {
    const ids = await projection.apply(event, tx);
    await saveCheckpoint(tx, projection.name, event.position);
    return ids;
  });
}

/**
 * Runs projections from their checkpoints: catch-up, then live. Resumes where it stopped after a
 * restart because the checkpoint is committed with the rows.
 */
export class ProjectionRunner {
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly positions = new Map<string, Position>();

  constructor(
    private readonly store: EventStore,
    private readonly prisma: PrismaClient,
    private readonly projections: readonly Projection[],
    private readonly onChange: (change: ProjectionChange) => void = () => undefined,
    private readonly onError: (projection: string, error: unknown) => void = () => undefined,
  ) {}

  async start(): Promise<void> {
    for (const projection of this.projections) {
      const after = await readCheckpoint(this.prisma, projection.name);
      this.positions.set(projection.name, after);
      const subscription = this.store.subscribeToAll(
        async (event) => {
          const ids = await applyInTransaction(this.prisma, projection, event);
          this.positions.set(projection.name, event.position);
          if (ids.length > 0) this.onChange({ projection: projection.name, topic: projection.topic, ids, event });
        },
        { after, streamPrefixes: projection.streamPrefixes },
      );
      subscription.done.catch((error: unknown) => this.onError(projection.name, error));
      this.subscriptions.set(projection.name, subscription);
    }
  }

  /** Last position applied per projection. */
  status(): Record<string, Position> {
    return Object.fromEntries(this.positions);
  }

  async stop(): Promise<void> {
    await Promise.all([...this.subscriptions.values()].map((s) => s.stop()));
    this.subscriptions.clear();
  }
}
