// Exposed as 'admin_office/AuditLog': the audit trail, filtered by action,
// record type, staff member and date range, 50 a page. Each entry says who, what, when and from where,
// with the old and new values side by side. Values are shown as text only.
import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUDIT_PAGE_SIZE, type AdminUser, type AuditEntry } from '@afterwards/contracts';
import { Badge, Button, Card, Icon, InlineLoading, Select, TextInput } from '@afterwards/web-ui';
import { errorMessage, formatDateTime } from '@afterwards/web-staff';
import { AuditChainBadge } from '@afterwards/web-staff/audit-chain-badge';
import { fetchAuditFilters, fetchAuditLog, keys } from './api';
import { OfficeProvider } from './OfficeProvider';
import { auditDiff } from './audit/audit-diff';
import { NO_AUDIT_FILTERS, auditQuery, pageCount, type AuditFilters } from './audit/audit-query';
import { FailedAlert } from '@afterwards/web-ui/back-office';

export interface AuditLogProps {
  admin: AdminUser;
}

export const NO_ENTRIES = 'No audit entries match these filters.';

export default function AuditLog(props: AuditLogProps) {
  return (
    <OfficeProvider>
      <AuditLogView {...props} />
    </OfficeProvider>
  );
}

function AuditLogView(_props: AuditLogProps) {
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  const request = auditQuery(filters, page);
  const filterChoices = useQuery({ queryKey: keys.auditFilters, queryFn: ({ signal }) => fetchAuditFilters(signal) });
  const log = useQuery({
    queryKey: keys.auditLog(request.ok ? request.query : { page }),
    queryFn: ({ signal }) => fetchAuditLog(request.ok ? request.query : { page }, signal),
    enabled: request.ok,
    placeholderData: keepPreviousData,
  });
  const listRef = useRef<HTMLHeadingElement>(null);
  const pages = pageCount(log.data?.total ?? 0, log.data?.pageSize ?? AUDIT_PAGE_SIZE);

  const change = (key: keyof AuditFilters, value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };
  const goTo = (next: number) => {
    setPage(next);
    listRef.current?.focus();
  };
  // A filter change can leave the page past the end; step back to the last one.
  useEffect(() => {
    if (log.data && page > pages) setPage(pages);
  }, [log.data, page, pages]);

  const choices = filterChoices.data;
  const errors = request.ok ? {} : request.errors;
  const any = (label: string) => ({ value: '', label });

  return (
    <div className="aw-staff-page">
      <AuditChainBadge />
      <Card as="section" aria-labelledby="ofc-audit-filters">
        <h2 id="ofc-audit-filters" className="aw-section-title ofc-section-title">
          Filters
        </h2>
        {filterChoices.isError ? <p className="aw-error-text">The filter choices could not be loaded: {errorMessage(filterChoices.error)}</p> : null}
        <div className="ofc-fields ofc-audit-filters">
          <Select label="Action" value={filters.action} onChange={(e) => change('action', e.target.value)} options={[any('All actions'), ...(choices?.actions ?? []).map((a) => ({ value: a, label: a }))]} />
          <Select
            label="Record type"
            value={filters.tableName}
            onChange={(e) => change('tableName', e.target.value)}
            options={[any('All record types'), ...(choices?.tableNames ?? []).map((t) => ({ value: t, label: t }))]}
          />
          <Select
            label="Staff member"
            value={filters.adminUserId}
            onChange={(e) => change('adminUserId', e.target.value)}
            options={[any('All staff'), ...(choices?.staff ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.email})` }))]}
          />
          <TextInput label="From" type="date" value={filters.from} max={filters.to || undefined} error={errors.from} onChange={(e) => change('from', e.target.value)} />
          <TextInput label="To" type="date" value={filters.to} min={filters.from || undefined} error={errors.to} onChange={(e) => change('to', e.target.value)} />
        </div>
        <Button variant="quiet" size="sm" onClick={() => { setFilters(NO_AUDIT_FILTERS); setPage(1); }} disabled={JSON.stringify(filters) === JSON.stringify(NO_AUDIT_FILTERS)}>
          Clear filters
        </Button>
      </Card>

      <section aria-labelledby="ofc-audit-entries" className="ofc-audit">
        <div className="aw-split ofc-section-head">
          <h2 id="ofc-audit-entries" ref={listRef} tabIndex={-1} className="aw-section-title ofc-section-title">
            Entries
          </h2>
          <p className="aw-muted aw-small" role="status">
            {log.data ? `${log.data.total.toLocaleString('en-GB')} ${log.data.total === 1 ? 'entry' : 'entries'}, page ${Math.min(page, pages)} of ${pages}` : ''}
          </p>
        </div>
        {log.isError ? (
          <FailedAlert title="The audit log could not be loaded" reason={errorMessage(log.error)} onRetry={() => void log.refetch()} />
        ) : log.isPending && request.ok ? (
          <InlineLoading>Loading the audit log...</InlineLoading>
        ) : log.data && log.data.entries.length === 0 ? (
          <p className="aw-muted">{NO_ENTRIES}</p>
        ) : (
          <ol className="ofc-audit__list" aria-busy={log.isFetching || undefined}>
            {(log.data?.entries ?? []).map((entry) => (
              <li key={entry.id}>
                <AuditEntryCard entry={entry} />
              </li>
            ))}
          </ol>
        )}
        {pages > 1 ? (
          <nav className="aw-cluster ofc-pager" aria-label="Audit log pages">
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)} icon={<Icon name="arrow-left" size={16} />}>
              Previous
            </Button>
            <span className="aw-small">
              Page {Math.min(page, pages)} of {pages}
            </span>
            <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => goTo(page + 1)}>
              Next <Icon name="arrow-right" size={16} />
            </Button>
          </nav>
        ) : null}
      </section>
    </div>
  );
}

function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const rows = auditDiff(entry.oldValues, entry.newValues);
  const changed = rows.filter((r) => r.changed).length;
  return (
    <Card as="article" className="aw-stack ofc-entry" aria-label={`${entry.action} on ${formatDateTime(entry.createdAt)}`}>
      <div className="aw-split ofc-entry__head">
        <h3 className="ofc-entry__action">{entry.action}</h3>
        <time className="aw-muted aw-small" dateTime={entry.createdAt}>
          {formatDateTime(entry.createdAt)}
        </time>
      </div>
      <dl className="aw-facts ofc-entry__facts">
        <div>
          <dt>Who</dt>
          <dd>
            {entry.admin ? (
              <>
                {entry.admin.name} <span className="aw-muted">({entry.admin.email})</span> <Badge>{entry.admin.role}</Badge>
              </>
            ) : entry.account ? (
              <>
                {entry.account.email ?? 'An account since deleted'} <span className="aw-muted">(not staff)</span>
              </>
            ) : (
              <span className="aw-muted">No staff member (an operator tool or the system)</span>
            )}
          </dd>
        </div>
        <div>
          <dt>What</dt>
          <dd>
            {entry.recordName ? (
              <>
                {entry.recordName}{' '}
                <span className="aw-muted aw-small">
                  ({entry.tableName}
                  {entry.recordId ? <span className="aw-mono"> {entry.recordId}</span> : null})
                </span>
              </>
            ) : (
              <>
                {entry.tableName ?? <span className="aw-muted">No record type</span>}
                {entry.recordId ? <span className="aw-mono"> {entry.recordId}</span> : null}
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>From where</dt>
          <dd>
            {entry.ipAddress ?? 'unknown'}
            {entry.userAgent ? <span className="aw-muted ofc-entry__agent"> {entry.userAgent}</span> : null}
          </dd>
        </div>
      </dl>
      {rows.length > 0 ? (
        <details className="ofc-entry__diff">
          <summary>
            Show values ({changed} {changed === 1 ? 'field' : 'fields'} changed)
          </summary>
          <table className="ofc-diff">
            <caption className="aw-visually-hidden">Old and new values of {entry.action}</caption>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Old value</th>
                <th scope="col">New value</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key || 'value'} className={r.changed ? 'is-changed' : undefined}>
                  <th scope="row">
                    {r.key || 'value'}
                    {r.changed ? <span className="aw-visually-hidden"> (changed)</span> : null}
                  </th>
                  <td>{r.before === null ? <span className="aw-muted">—</span> : <pre>{r.before}</pre>}</td>
                  <td>{r.after === null ? <span className="aw-muted">—</span> : <pre>{r.after}</pre>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : (
        <p className="aw-muted aw-small">No values were recorded.</p>
      )}
    </Card>
  );
}
