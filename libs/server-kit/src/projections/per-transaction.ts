import type { ProjectionTx } from './projection';

/**
 * What a projection collects while a batch's events are applied, to write in one statement (before an
 * event that needs those rows, and in `afterBatch`). Kept per transaction, so a rebuild and the live
 * runner, or two projections sharing the object, never mix their rows.
 */
export class PerTransaction<T> {
  private readonly values = new WeakMap<ProjectionTx, T>();

  constructor(private readonly create: () => T) {}

  get(tx: ProjectionTx): T {
    let value = this.values.get(tx);
    if (value === undefined) {
      value = this.create();
      this.values.set(tx, value);
    }
    return value;
  }

  /** The collected value, forgotten: the caller writes it. */
  take(tx: ProjectionTx): T | undefined {
    const value = this.values.get(tx);
    this.values.delete(tx);
    return value;
  }
}
