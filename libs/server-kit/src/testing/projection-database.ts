import { createPrismaClient, persistenceMigrations, runMigrations, type Migration, type PrismaClient } from '@afterwards/persistence';
import type { TestDatabase } from '@afterwards/persistence/testing';
import { eventStoreMigrations, PostgresEventStore } from '@afterwards/event-store';

/** A test file's own database with an event store and a Prisma client over it. */
export interface ProjectionDatabase {
  readonly db: TestDatabase;
  readonly store: PostgresEventStore;
  readonly prisma: PrismaClient;
}

/**
 * Gives a file of projection tests its database: before its tests, a fresh one from `create` with the
 * persistence and event store migrations and `migrations` run, handed to `opened` (which may add tables of
 * its own); after them, the store, the client and the database closed.
 */
export function useProjectionDatabase(
  create: () => Promise<TestDatabase>,
  migrations: readonly Migration[],
  opened: (database: ProjectionDatabase) => unknown,
): void {
  let database: ProjectionDatabase | undefined;
  beforeAll(async () => {
    const db = await create();
    await runMigrations(db.sql, [...persistenceMigrations, ...eventStoreMigrations, ...migrations]);
    database = { db, store: new PostgresEventStore(db.sql), prisma: createPrismaClient(db.sql) };
    await opened(database);
  });
  afterAll(async () => {
    await database?.store.close();
    await database?.prisma.$disconnect();
    await database?.db.dispose();
  });
}
