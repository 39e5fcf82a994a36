import { Controller, Get, Inject, type OnModuleInit, Query as QueryParams } from '@nestjs/common';
import {
  AUDIT_PAGE_SIZE,
  AuditLogQuerySchema,
  type AuditEntry,
  type AuditFiltersResponse,
  type AuditLogResponse,
} from '@afterwards/contracts';
import type { SqlClient } from '@afterwards/persistence';
import { SQL_CLIENT } from '@afterwards/server-kit';
import { asAdminRole } from '../admin-audit';
import { AuditRecordNames, uuidsOf } from './audit-record-names';

interface AuditRow {
  id: string;
  action: string;
  table_name: string | null;
  record_id: string | null;
  old_values: unknown;
  new_values: unknown;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Date | string;
  admin_id: string | null;
  admin_name: string | null;
  admin_email: string | null;
  admin_role: string | null;
  auth_user_id: string | null;
  account_email: string | null;
  total: string | number;
}

/** The audit trail for staff and auditors (the spec: filters, 50 a page, joined to the staff member). */
@Controller('api/admin/audit-log')
export class AuditLogController implements OnModuleInit {
  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    private readonly names: AuditRecordNames,
  ) {}

  onModuleInit(): void {
    this.names.add('admin_users', async (ids) => {
      const { rows } = await asAdminRole(this.sql, (tx) => tx.query<{ id: string; name: string; email: string }>(`SELECT id::text, name, email FROM admin_users WHERE id = ANY($1::uuid[])`, [uuidsOf(ids)]));
      return new Map(rows.map((r) => [r.id, r.name ? `${r.name} (${r.email})` : r.email]));
    });
  }

  @Get()
  async list(@QueryParams() raw: Record<string, string>): Promise<AuditLogResponse> {
    const q = AuditLogQuerySchema.parse(raw);
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (clause: string, value: unknown) => {
      params.push(value);
      where.push(clause.replace('?', `$${params.length}`));
    };
    if (q.action) add('l.action = ?', q.action);
    if (q.tableName) add('l.table_name = ?', q.tableName);
    if (q.adminUserId) add('l.admin_user_id = ?::uuid', q.adminUserId);
    // Whole days in UK time, inclusive at both ends.
    if (q.from) add(`l.created_at >= (?::date)::timestamp AT TIME ZONE 'Europe/London'`, q.from);
    if (q.to) add(`l.created_at < ((?::date) + 1)::timestamp AT TIME ZONE 'Europe/London'`, q.to);
    params.push(AUDIT_PAGE_SIZE, (q.page - 1) * AUDIT_PAGE_SIZE);
    const { rows } = await asAdminRole(this.sql, (tx) =>
      tx.query<AuditRow>(
        `SELECT l.id::text AS id, l.action, l.table_name, l.record_id, l.old_values, l.new_values, l.ip_address, l.user_agent, l.created_at,
                a.id AS admin_id, a.name AS admin_name, a.email AS admin_email, a.role AS admin_role,
                l.auth_user_id, u.email AS account_email,
                count(*) OVER () AS total
         FROM admin_audit_log l LEFT JOIN admin_users a ON a.id = l.admin_user_id
         LEFT JOIN auth_users u ON a.id IS NULL AND u.id = l.auth_user_id
         ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY l.created_at DESC, l.id DESC
         LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      ),
    );
    let total = Number(rows[0]?.total ?? 0);
    if (rows.length === 0 && q.page > 1) {
      // Past the last page: still say how many there are.
      const count = await asAdminRole(this.sql, (tx) =>
        tx.query<{ n: string }>(`SELECT count(*)::text AS n FROM admin_audit_log l ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`, params.slice(0, -2)),
      );
      total = Number(count.rows[0]?.n ?? 0);
    }
    const names = await this.names.of(rows.map((r) => ({ tableName: r.table_name, recordId: r.record_id })));
    return { entries: rows.map((r) => toEntry(r, names.get(`${r.table_name}|${r.record_id}`) ?? null)), total, page: q.page, pageSize: AUDIT_PAGE_SIZE };
  }

  @Get('filters')
  async filters(): Promise<AuditFiltersResponse> {
    return asAdminRole(this.sql, async (tx) => {
      const actions = await tx.query<{ action: string }>(`SELECT DISTINCT action FROM admin_audit_log ORDER BY action`);
      const tables = await tx.query<{ table_name: string }>(`SELECT DISTINCT table_name FROM admin_audit_log WHERE table_name IS NOT NULL ORDER BY table_name`);
      const staff = await tx.query<{ id: string; name: string; email: string; role: string }>(`SELECT id, name, email, role FROM admin_users ORDER BY name, email`);
      return { actions: actions.rows.map((r) => r.action), tableNames: tables.rows.map((r) => r.table_name), staff: staff.rows };
    });
  }
}

function toEntry(r: AuditRow, recordName: string | null): AuditEntry {
  return {
    id: r.id,
    action: r.action,
    tableName: r.table_name,
    recordId: r.record_id,
    oldValues: r.old_values ?? null,
    newValues: r.new_values ?? null,
    ipAddress: r.ip_address,
    userAgent: r.user_agent,
    createdAt: new Date(r.created_at).toISOString(),
    admin: r.admin_id ? { id: r.admin_id, name: r.admin_name ?? '', email: r.admin_email ?? '', role: r.admin_role ?? '' } : null,
    recordName,
    account: !r.admin_id && r.auth_user_id ? { id: r.auth_user_id, email: r.account_email } : null,
  };
}
