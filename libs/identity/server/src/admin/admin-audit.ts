import type { SqlClient, SqlExecutor } from '@afterwards/persistence';
import { ADMIN_ROLE } from '@afterwards/server-kit';

/** Runs staff-side queries as the staff role (its own grants), in one transaction. */
export function asAdminRole<T>(sql: SqlClient, work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
  return sql.transaction(async (tx) => {
    await tx.exec(`SET LOCAL ROLE ${ADMIN_ROLE}`);
    return work(tx);
  });
}

export interface AuditEntry {
  readonly action: string;
  readonly adminUserId?: string | null;
  readonly authUserId?: string | null;
  readonly tableName?: string | null;
  readonly recordId?: string | null;
  readonly oldValues?: unknown;
  readonly newValues?: unknown;
  readonly ipAddress: string | null;
  readonly userAgent: string | null;
}

/** Appends one row to admin_audit_log. */
export async function writeAudit(sql: SqlExecutor, e: AuditEntry): Promise<void> {
  await sql.query(
    `INSERT INTO admin_audit_log (admin_user_id, auth_user_id, action, table_name, record_id, old_values, new_values, ip_address, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      e.adminUserId ?? null,
      e.authUserId ?? null,
      e.action,
      e.tableName ?? null,
      e.recordId ?? null,
      e.oldValues === undefined ? null : JSON.stringify(e.oldValues),
      e.newValues === undefined ? null : JSON.stringify(e.newValues),
      e.ipAddress,
      e.userAgent,
    ],
  );
}
