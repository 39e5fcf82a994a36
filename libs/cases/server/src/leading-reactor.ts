import type { Logger } from '@nestjs/common';
import type { EventStore, Position } from '@afterwards/event-store';
import type { PrismaClient } from '@afterwards/persistence';
import { ProjectionRunner, runWhileLeading, waitForProjection, type Projection, type ProjectionChange, type ProjectionLeadership } from '@afterwards/server-kit';

/** Resolves once the reactor has seen everything up to `position`. */
export type WaitForReactor = (position: Position, timeoutMs?: number) => Promise<void>;

/**
 * Runs one reactor beside the projections, in the replica that leads (each term with its fence), logging
 * when it stops on an error. The cases reactors (file purge, memory notices) differ only in what they do
 * and whom they tell, so this is where they are started.
 */
export function runReactorWhileLeading(
  deps: { store: EventStore; prisma: PrismaClient; leadership: ProjectionLeadership; logger: Logger },
  reactor: { projection: Projection; order: number; stoppedMessage: string; onChange?: (change: ProjectionChange) => void },
): WaitForReactor {
  const { store, prisma, leadership, logger } = deps;
  const { name } = reactor.projection;
  const runner = runWhileLeading(
    leadership,
    { name, order: reactor.order },
    (fencing) => new ProjectionRunner(store, prisma, [reactor.projection], reactor.onChange, (_name, error) => logger.error({ err: error }, reactor.stoppedMessage), fencing),
  );
  return (position, timeoutMs = 30_000) => waitForProjection(() => runner.current(), prisma, name, position, timeoutMs);
}
