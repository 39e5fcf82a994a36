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

/** Appends rows to admin_audit_log in one statement (a bulk change of 1,000 listings is one insert). */
export async function writeAudit(sql: SqlExecutor, entries: AuditEntry | readonly AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries as AuditEntry];
  if (list.length === 0) return;
  await sql.query(
    `INSERT INTO admin_audit_log (admin_user_id, auth_user_id, action, table_name, record_id, old_values, new_values, ip_address, user_agent)
     SELECT e.admin_user_id, e.auth_user_id, e.action, e.table_name, e.record_id, e.old_values, e.new_values, e.ip_address, e.user_agent
     FROM jsonb_to_recordset($1::jsonb) AS e(admin_user_id uuid, auth_user_id text, action text, table_name text, record_id text,
                                              old_values jsonb, new_values jsonb, ip_address text, user_agent text)`,
    [
      JSON.stringify(
        list.map((e) => ({
          admin_user_id: e.adminUserId ?? null,
          auth_user_id: e.authUserId ?? null,
          action: e.action,
          table_name: e.tableName ?? null,
          record_id: e.recordId ?? null,
          old_values: e.oldValues ?? null,
          new_values: e.newValues ?? null,
          ip_address: e.ipAddress,
          user_agent: e.userAgent,
        })),
      ),
    ],
  );
}
