// A context's command side without HTTP, for its use-case folders' tests: a fresh database with the given
// migrations, the real event store and read models, the projections running, a signed-in staff member's
// request and the audit rows it left. The routes' controllers are called as Nest would call them.
import { randomUUID } from 'node:crypto';
import { Socket } from 'node:net';
import { eventStoreMigrations, PostgresEventStore, type Position } from '@afterwards/event-store';
import { identityMigrations, STAFF_KEY, type StaffMember } from '@afterwards/identity-server';
import { createPrismaClient, persistenceMigrations, runMigrations, type Migration, type PrismaClient } from '@afterwards/persistence';
import { createPgliteTestDatabase, type TestDatabase } from '@afterwards/persistence/testing';
import { ProjectionRunner, waitForProjection, type HttpRequest, type Projection } from '@afterwards/server-kit';
import { forFile } from './for-file';

export interface AuditRow {
  readonly action: string;
  readonly table_name: string;
  readonly record_id: string;
  readonly old_values: unknown;
  readonly new_values: unknown;
}

export interface CommandSide {
  readonly db: TestDatabase;
  readonly store: PostgresEventStore;
  readonly prisma: PrismaClient;
  /** What the product's ProjectionsService does for the pipelines' `settle` hook: wait for a projection. */
  readonly projections: { waitUntilApplied(name: string, position: Position): Promise<void> };
  /** A request from the signed-in staff member (as the staff guard leaves it). */
  readonly staff: HttpRequest;
  readonly staffMember: StaffMember;
  /** The audit rows staff changes left, oldest first. */
  audits(): Promise<AuditRow[]>;
  stop(): Promise<void>;
}

export async function startCommandSide(options: { migrations: readonly Migration[]; projections: readonly Projection[] }): Promise<CommandSide> {
  const db = await createPgliteTestDatabase();
  await runMigrations(db.sql, [...persistenceMigrations, ...eventStoreMigrations, ...identityMigrations, ...options.migrations]);
  const store = new PostgresEventStore(db.sql);
  const prisma = createPrismaClient(db.sql);
  const runner = new ProjectionRunner(store, prisma, [...options.projections]);
  await runner.start();
  const staffMember: StaffMember = { id: randomUUID(), name: 'Ada Admin', email: 'ada.admin@example.test', role: 'admin', authUserId: `auth-${randomUUID()}` };
  await db.sql.query(`INSERT INTO auth_users (id, name, email, "emailVerified") VALUES ($1, $2, $3, true)`, [
    staffMember.authUserId,
    staffMember.name,
    staffMember.email,
  ]);
  await db.sql.query(`INSERT INTO admin_users (id, name, email, role, auth_user_id) VALUES ($1, $2, $3, $4, $5)`, [
    staffMember.id,
    staffMember.name,
    staffMember.email,
    staffMember.role,
    staffMember.authUserId,
  ]);
  const staff: HttpRequest & { [STAFF_KEY]: StaffMember } = {
    [STAFF_KEY]: staffMember,
    method: 'POST',
    url: '/api/admin',
    headers: { 'user-agent': 'command-side-test' },
    ip: '127.0.0.1',
    socket: new Socket(),
  };
  return {
    db,
    store,
    prisma,
    projections: { waitUntilApplied: (name, position) => waitForProjection(() => runner, prisma, name, position, 10_000) },
    staff,
    staffMember,
    audits: async () =>
      (await db.sql.query<AuditRow>(`SELECT action, table_name, record_id, old_values, new_values FROM admin_audit_log WHERE admin_user_id = $1 ORDER BY id`, [staffMember.id])).rows,
    async stop() {
      await runner.stop();
      await store.close();
      await prisma.$disconnect();
      await db.dispose();
    },
  };
}

/**
 * One side for a whole test file, started before its tests and stopped after: `const side = sideForFile(startStaffListings)`,
 * then `side()` in the tests.
 */
export function sideForFile<S extends { stop(): Promise<void> }>(start: () => Promise<S>): () => S {
  return forFile(start, (side) => side.stop());
}
