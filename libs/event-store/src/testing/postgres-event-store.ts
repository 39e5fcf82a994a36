import { runMigrations } from '@afterwards/persistence';
import type { TestDatabase } from '@afterwards/persistence/testing';
import { eventStoreMigrations } from '../event-store.migrations';
import { PostgresEventStore } from '../postgres-event-store';

export interface PostgresEventStoreFixture {
  readonly db: TestDatabase;
  readonly store: PostgresEventStore;
  /** Closes the store, then the database. */
  dispose(): Promise<void>;
}

/** The event store on a fresh test database: its migrations run on `db`, a store over it. */
export async function openPostgresEventStore(db: TestDatabase): Promise<PostgresEventStoreFixture> {
  await runMigrations(db.sql, eventStoreMigrations);
  const store = new PostgresEventStore(db.sql);
  return {
    db,
    store,
    async dispose() {
      await store.close();
      await db.dispose();
    },
  };
}

/** An event store for a describe's tests: opened on a database from `create` before them (handed to `opened`), disposed after them. */
export function usePostgresEventStore(create: () => Promise<TestDatabase>, opened: (fixture: PostgresEventStoreFixture) => unknown): void {
  let fixture: PostgresEventStoreFixture | undefined;
  beforeAll(async () => {
    fixture = await openPostgresEventStore(await create());
    await opened(fixture);
  });
  afterAll(async () => {
    await fixture?.dispose();
  });
}
