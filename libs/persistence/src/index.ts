export * from './sql-client';
export { PgliteSqlClient } from './pglite-client';
export { PostgresSqlClient } from './postgres-client';
export * from './migrations';
export * from './prisma';
export { persistenceMigrations } from './persistence.migrations';
