import { comparePositions, type Position } from '@afterwards/event-store';

/** A stream's replayed state after `version` events, and the position of its last event. */
export interface StateSnapshot {
  readonly version: number;
  readonly state: unknown;
  readonly position: Position;
}

export interface SnapshotLimits {
  /** A snapshot is kept after every `every` events of a stream. */
  readonly every: number;
  /** Streams remembered (least recently opened forgotten first). */
  readonly streams: number;
  /** Snapshots remembered per stream: 1,000 covers a 100,000-event stream at the default spacing. */
  readonly perStream: number;
}

export const DEFAULT_SNAPSHOT_LIMITS: SnapshotLimits = { every: 100, streams: 200, perStream: 1_000 };

/**
 * Replayed states of the streams reviewers open, kept every `every` versions, so opening a long stream at
 * version v reads and folds at most `every` events instead of v. Events never change once written, so a
 * snapshot stays right as long as its last event is still in the stream at the same position: the caller
 * checks that on each use (an erased stream loses its events, and with them its snapshots).
 * In memory and per process: a replica that has not seen a stream replays it once.
 */
export class StateSnapshots {
  private readonly byStream = new Map<string, Map<number, StateSnapshot>>();

  constructor(readonly limits: SnapshotLimits = DEFAULT_SNAPSHOT_LIMITS) {}

  /** The latest snapshot at or below `version`, if any. */
  nearest(streamId: string, version: number): StateSnapshot | undefined {
    const snapshots = this.byStream.get(streamId);
    if (!snapshots) return undefined;
    // Refresh the stream's place in the least-recently-used order.
    this.byStream.delete(streamId);
    this.byStream.set(streamId, snapshots);
    for (let at = version - (version % this.limits.every); at > 0; at -= this.limits.every) {
      const snapshot = snapshots.get(at);
      if (snapshot) return snapshot;
    }
    return undefined;
  }

  /** Whether the state after `version` events is one to keep. */
  wants(version: number): boolean {
    return version > 0 && version % this.limits.every === 0;
  }

  remember(streamId: string, snapshot: StateSnapshot): void {
    let snapshots = this.byStream.get(streamId);
    if (!snapshots) {
      snapshots = new Map();
      this.byStream.set(streamId, snapshots);
      if (this.byStream.size > this.limits.streams) this.byStream.delete(this.byStream.keys().next().value!);
    }
    if (snapshots.size < this.limits.perStream || snapshots.has(snapshot.version)) snapshots.set(snapshot.version, snapshot);
  }

  forget(streamId: string): void {
    this.byStream.delete(streamId);
  }

  /** A snapshot is good for a stream whose event at its last revision is still the one it was taken after. */
  static matches(snapshot: StateSnapshot, position: Position): boolean {
    return comparePositions(snapshot.position, position) === 0;
  }
}
