import { Inject, Injectable, Logger } from '@nestjs/common';
import { StaffTopics } from '@afterwards/contracts';
import type { PrismaClient, SqlClient } from '@afterwards/persistence';
import type { EventStore, Position } from '@afterwards/event-store';
import { RealtimeGateway } from '../realtime/realtime.gateway';
import { EVENT_STORE, PRISMA, SQL_CLIENT } from '../tokens';
import type { Projection } from './projection';
import { CheckpointWatch, ProjectionRunner, waitForProjection, type ProjectionChange } from './projection-runner';
import { countParkedEvents, listParkedEvents, type ParkedEvent } from './projection-failures';
import { ProjectionLeadership } from './leadership';
import { runWhileLeading, type LeaderFencing, type LeaderRunner } from './run-while-leading';

export const PROJECTIONS = Symbol('PROJECTIONS');

type ChangeListener = (change: ProjectionChange) => void;

/** Runs the read-model projections while this replica leads (see ProjectionLeadership) and pushes changes to screens. */
@Injectable()
export class ProjectionsService {
  private readonly logger = new Logger('projections');
  private readonly runner: LeaderRunner;
  private failed = false;
  private readonly listeners = new Set<ChangeListener>();
  private readonly watch: CheckpointWatch;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    @Inject(PROJECTIONS) private readonly projections: Projection[],
    private readonly realtime: RealtimeGateway,
    leadership: ProjectionLeadership,
    @Inject(SQL_CLIENT) sql: SqlClient,
  ) {
    this.watch = new CheckpointWatch(sql);
    this.runner = runWhileLeading(leadership, { name: 'projections', order: 0 }, (fencing) => this.create(fencing));
  }

  private create(fencing: LeaderFencing): ProjectionRunner {
    // A new term starts every projection again from its checkpoint.
    this.failed = false;
    this.logger.log({ projections: this.projections.map((p) => p.name) }, 'projections running');
    return new ProjectionRunner(
      this.store,
      this.prisma,
      this.projections,
      (change) => {
        if (change.topic) for (const room of change.rooms) this.queuePublish(change.topic, room, change.ids);
        if (change.staff) this.queuePublish(StaffTopics.backOffice, StaffTopics.backOffice, change.ids);
        for (const listener of this.listeners) listener(change);
      },
      (name, error) => {
        this.failed = true;
        this.logger.error({ err: error, projection: name }, 'projection stopped');
      },
      {
        ...fencing,
        onRetry: (projection, error, attempt, delayMs) =>
          this.logger.warn({ err: error, projection, attempt, delayMs }, 'projection batch failed on a passing database error; retrying'),
        onParked: (projection, event, error) =>
          this.logger.error(
            { err: error, projection, streamId: event.streamId, revision: String(event.revision), type: event.type },
            'projection parked an event it could not apply; later events go on (tools projections retry)',
          ),
      },
    );
  }

  /** Changed ids per topic and room, told at once when the batches committed together have been seen. */
  private pending = new Map<string, { topic: string; room: string; ids: Set<string> }>();

  /**
   * One message per room for everything a batch (or the batches of several projections finishing
   * together) changed, instead of one per event: an import of 50,000 rows was 100,000 messages. Screens
   * refetch by topic, so fewer, larger messages tell them the same.
   */
  private queuePublish(topic: string, room: string, ids: readonly string[]): void {
    if (this.pending.size === 0) setImmediate(() => this.flushPublishes());
    const key = `${topic}\u0000${room}`;
    let entry = this.pending.get(key);
    if (!entry) this.pending.set(key, (entry = { topic, room, ids: new Set() }));
    for (const id of ids) entry.ids.add(id);
  }

  private flushPublishes(): void {
    const pending = this.pending;
    this.pending = new Map();
    for (const { topic, room, ids } of pending.values()) this.realtime.publish(topic, [...ids], room);
  }

  /** For tests and benchmarks: observe applied changes. */
  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Resolves once `projection` has applied the event at `position`: read-your-writes for a request that
   * just appended, and what seed and tools wait on. Where another replica leads, it watches the
   * committed checkpoint instead.
   */
  waitUntilApplied(projection: string, position: Position, timeoutMs = 60_000): Promise<void> {
    return waitForProjection(() => this.runner.current(), this.prisma, projection, position, timeoutMs, this.watch);
  }

  /** Seconds each projection is behind (see `ProjectionRunner.lagSeconds`); undefined where this process runs none. */
  lagSeconds(): Record<string, number> | undefined {
    return this.runner.current()?.lagSeconds();
  }

  healthy(): boolean {
    return !this.failed;
  }

  /**
   * For the health route, which anyone may call: projections retrying a batch, and how many events are
   * parked with the oldest few by projection, position and type (their errors and streams stay in the
   * logs and `tools projections parked`: an error can quote a family's data).
   */
  async failures(): Promise<{ retrying: string[]; parked: number; oldestParked: Pick<ParkedEvent, 'projection' | 'position' | 'type' | 'parkedAt'>[] }> {
    const parked = await countParkedEvents(this.prisma);
    const oldest = parked ? await listParkedEvents(this.prisma, undefined, 5) : [];
    return {
      retrying: this.runner.current()?.retrying() ?? [],
      parked,
      oldestParked: oldest.map(({ projection, position, type, parkedAt }) => ({ projection, position, type, parkedAt })),
    };
  }
}
