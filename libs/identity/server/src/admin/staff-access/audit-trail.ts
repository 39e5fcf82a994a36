import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { SqlClient, SqlExecutor } from '@afterwards/persistence';
import { SQL_CLIENT } from '@afterwards/server-kit';
import { clientIp } from '../../session/current-user';
import { asAdminRole, writeAudit } from '../admin-audit';
import { staffOf } from './staff';

/** One change a staff member made, for `admin_audit_log`: the record and its values before and after. */
export interface StaffChange {
  readonly action: string;
  readonly tableName: string;
  readonly recordId: string | null;
  readonly oldValues: unknown;
  readonly newValues: unknown;
}

/** Writes the audit trail of staff commands: who (the guarded staff member), from where, and what changed. */
@Injectable()
export class AuditTrail {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  record(req: Request, change: StaffChange): Promise<void> {
    return this.recordMany(req, [change]);
  }

  /** Many rows in one statement (a bulk change of 1,000 listings is one insert, not 1,000). */
  async recordMany(req: Request, changes: readonly StaffChange[]): Promise<void> {
    if (changes.length === 0) return;
    const staff = staffOf(req);
    const ip = clientIp(req);
    const userAgent = req.get('user-agent') ?? null;
    await asAdminRole(this.sql, async (tx: SqlExecutor) => {
      if (changes.length === 1) {
        const c = changes[0]!;
        await writeAudit(tx, { action: c.action, adminUserId: staff.id, authUserId: staff.authUserId, tableName: c.tableName, recordId: c.recordId, oldValues: c.oldValues, newValues: c.newValues, ipAddress: ip, userAgent });
        return;
      }
      await tx.query(
        `INSERT INTO admin_audit_log (admin_user_id, auth_user_id, action, table_name, record_id, old_values, new_values, ip_address, user_agent)
         SELECT $1, $2, c.action, c.table_name, c.record_id, c.old_values, c.new_values, $3, $4
         FROM jsonb_to_recordset($5::jsonb) AS c(action text, table_name text, record_id text, old_values jsonb, new_values jsonb)`,
        [staff.id, staff.authUserId, ip, userAgent, JSON.stringify(changes.map((c) => ({ action: c.action, table_name: c.tableName, record_id: c.recordId, old_values: c.oldValues ?? null, new_values: c.newValues ?? null })))],
      );
    });
  }
}
