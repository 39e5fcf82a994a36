import { Inject, Injectable } from '@nestjs/common';
import type { SqlClient } from '@afterwards/persistence';
import { headerOf, SQL_CLIENT, type HttpRequest } from '@afterwards/server-kit';
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

/**
 * The old and new values an audit row keeps: only the fields that differ, leaving out `noise` (columns that
 * change with every event and say nothing to an auditor). A create or delete keeps the whole row.
 */
export function changedValues<T extends object>(before: T | undefined, after: T | undefined, noise: ReadonlySet<keyof T>): { oldValues: unknown; newValues: unknown } {
  if (!before || !after) return { oldValues: before ?? null, newValues: after ?? null };
  const oldValues: Record<string, unknown> = {};
  const newValues: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    if (noise.has(key) || JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    oldValues[key] = before[key];
    newValues[key] = after[key];
  }
  return { oldValues, newValues };
}

/** Writes the audit trail of staff commands: who (the guarded staff member), from where, and what changed. */
@Injectable()
export class AuditTrail {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  record(req: HttpRequest, change: StaffChange): Promise<void> {
    return this.recordMany(req, [change]);
  }

  /** Many rows in one statement (a bulk change of 1,000 listings is one insert, not 1,000). */
  async recordMany(req: HttpRequest, changes: readonly StaffChange[]): Promise<void> {
    if (changes.length === 0) return;
    const staff = staffOf(req);
    const from = { adminUserId: staff.id, authUserId: staff.authUserId, ipAddress: clientIp(req), userAgent: headerOf(req, 'user-agent') ?? null };
    await asAdminRole(this.sql, (tx) => writeAudit(tx, changes.map((c) => ({ ...from, ...c }))));
  }
}
