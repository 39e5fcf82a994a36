import path from 'node:path';
import {
  createPrismaClient,
  PgliteSqlClient,
  PostgresSqlClient,
  runMigrations,
  type Migration,
  type PrismaClient,
  type SqlClient,
} from '@afterwards/persistence';
import { PostgresEventStore, type EventStore } from '@afterwards/event-store';
import type { AppConfig } from '../config/config';
import { lockDataDir } from './data-dir-lock';

/** The storage parts of one process, opened for the configured profile. */
export interface Platform {
  readonly sql: SqlClient;
  readonly prisma: PrismaClient;
  readonly eventStore: EventStore;
  close(): Promise<void>;
}

export async function openPlatform(config: AppConfig, migrations: readonly Migration[]): Promise<Platform> {
  let unlock = (): void => undefined;
  let sql: SqlClient;
  if (config.databaseUrl) {
    sql = PostgresSqlClient.open(config.databaseUrl, { applicationName: 'afterwards' });
  } else {
    unlock = lockDataDir(config.dataDir);
    sql = await PgliteSqlClient.open(path.join(config.dataDir, 'pglite'));
  }
  try {
    await runMigrations(sql, migrations);
  } catch (error) {
    await sql.close();
    unlock();
    throw error;
  }
  const prisma = createPrismaClient(sql);
  // KurrentDB's client (gRPC, protobufs, a native bridge) is about 35 MB of memory: loaded only when configured.
  const eventStore: EventStore = config.eventStoreUrl
    ? (await import('@afterwards/event-store/kurrentdb')).KurrentDbEventStore.connect(config.eventStoreUrl)
    : new PostgresEventStore(sql);
  return {
    sql,
    prisma,
    eventStore,
    async close() {
      await eventStore.close();
      await prisma.$disconnect();
      await sql.close();
      unlock();
    },
  };
}
