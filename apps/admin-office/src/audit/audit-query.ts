// The audit-log filters as the screen holds them, turned into the query the contract accepts.
import { AUDIT_PAGE_SIZE, AuditLogQuerySchema, type AuditLogQuery } from '@afterwards/contracts';

export interface AuditFilters {
  action: string;
  tableName: string;
  adminUserId: string;
  /** yyyy-mm-dd, inclusive, or ''. */
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { action: '', tableName: '', adminUserId: '', from: '', to: '' };
export const DATE_ORDER_MESSAGE = 'The "to" date must be on or after the "from" date';

/** The query for one page, or the first message per filter that the contract refuses. */
export function auditQuery(filters: AuditFilters, page: number): { ok: true; query: AuditLogQuery } | { ok: false; errors: Partial<Record<keyof AuditFilters, string>> } {
  const parsed = AuditLogQuerySchema.safeParse({ ...filters, page });
  const errors: Partial<Record<keyof AuditFilters, string>> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path[0] as keyof AuditFilters] ??= issue.message;
  // ISO dates compare correctly as text.
  if (parsed.success && filters.from && filters.to && filters.to < filters.from) errors.to = DATE_ORDER_MESSAGE;
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  const q = parsed.data;
  const query: AuditLogQuery = { page: q.page };
  if (q.action) query.action = q.action;
  if (q.tableName) query.tableName = q.tableName;
  if (q.adminUserId) query.adminUserId = q.adminUserId;
  if (q.from) query.from = q.from;
  if (q.to) query.to = q.to;
  return { ok: true, query };
}

export function pageCount(total: number, pageSize: number = AUDIT_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}
