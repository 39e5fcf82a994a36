import type { SqlClient } from '@afterwards/persistence';
import { START, type EventHandler, type Position, type SubscribeOptions, type Subscription } from './port';
import { EVENTS_CHANNEL, MAX_BIGINT, maxPosition, type LogPage } from './postgres-event-sql';

const BLOCKED_WAIT_CAP_MS = 20;

/** What a subscription reads the log through: the store's page read. */
export interface LogPageReader {
  readPage(after: Position, limit?: number, streamPrefixes?: readonly string[]): Promise<LogPage>;
}

/**
 * One subscriber's catch-up loop over the log: reads a page, hands each event to the handler, and waits for
 * a NOTIFY (or a nudge from this process) before reading again. Polling is a slow fallback only, for
 * events whose writer stopped between its commit and its NOTIFY; a lost listening connection is made
 * again by the SQL client, which then says news was missed.
 */
export class PostgresSubscription implements Subscription {
  readonly done: Promise<void>;
  private stopped = false;
  private notified = false;
  private wake: (() => void) | undefined;

  constructor(
    private readonly sql: SqlClient,
    private readonly store: LogPageReader,
    private readonly handler: EventHandler,
    private readonly options: SubscribeOptions,
    private readonly tuning: { batchSize: number; pollIntervalMs: number; blockedPollIntervalMs: number },
  ) {
    this.done = this.run();
  }

  /** New events were committed in this process. */
  nudge(): void {
    this.notified = true;
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.done.catch(() => undefined);
  }

  private async run(): Promise<void> {
    // Let the constructor return before any handler runs.
    await Promise.resolve();
    let unlisten: (() => Promise<void>) | undefined;
    try {
      // Listen before the first read, so a commit between the read and the wait still wakes us.
      // Told of new events, or that news may have been missed (the listening connection was made again):
      // either way, read the log.
      const read = () => {
        this.notified = true;
        this.wake?.();
      };
      unlisten = await this.sql.listen(EVENTS_CHANNEL, read, read);
      const { batchSize, pollIntervalMs } = this.tuning;
      let cursor = this.options.after ?? START;
      let blockedWait = this.tuning.blockedPollIntervalMs;
      while (!this.stopped) {
        this.notified = false;
        const page = await this.store.readPage(cursor, batchSize, this.options.streamPrefixes);
        for (const event of page.events) {
          if (this.stopped) return;
          await this.handler(event);
          cursor = event.position;
        }
        if (page.events.length === batchSize) continue;
        // Everything below the horizon has been read; don't rescan filtered-out rows next time.
        cursor = maxPosition(cursor, { commit: page.horizon - 1n, prepare: MAX_BIGINT });
        if (!page.blocked || page.events.length > 0) blockedWait = this.tuning.blockedPollIntervalMs;
        if (this.notified || this.stopped) continue;
        if (page.blocked) {
          // Back off a little, so a long transaction holding the horizon is not a busy loop; but stay
          // quick, because the short transactions that usually hold it (other appends, a projection's
          // own commit) end within milliseconds and do not notify.
          await this.sleep(Math.min(blockedWait, BLOCKED_WAIT_CAP_MS, pollIntervalMs));
          blockedWait *= 2;
        } else {
          await this.sleep(pollIntervalMs);
        }
      }
    } finally {
      this.stopped = true;
      await unlisten?.().catch(() => undefined);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}
