import { performance } from 'node:perf_hooks';
import { AdminListingsQuerySchema, type AdminListingsResponse, type BulkListingResponse } from '@afterwards/contracts';
import { Prisma, type SqlClient } from '@afterwards/persistence';
import { staffListStatements } from '@afterwards/directory-server';
import { listingStreamId } from '@afterwards/directory-domain';
import { runStaffBench, type StaffBenchSetup } from './search.bench';
import { ms, summarise } from './stats';

export interface StaffListingsBenchOptions {
  readonly listings: number;
  /** Sequential rounds over every kind of request (each round sends one of each). */
  readonly rounds: number;
  /** Concurrent staff requests in the second phase. */
  readonly concurrency: number;
  /** Listings changed by the one bulk status change. */
  readonly bulk: number;
  readonly seed: number;
  readonly writers: number;
  readonly keep?: boolean;
  readonly database?: string;
}

/** The targets of the issue. */
export const STAFF_LIST_P99_TARGET_MS = 50;
export const BULK_TARGET_SECONDS = 5;

interface Kind {
  readonly label: string;
  readonly query: Record<string, string>;
}

/** What staff really ask the list for: the default page, filters, searches, both, later pages, sorts. */
export const STAFF_LIST_KINDS: readonly Kind[] = [
  { label: 'default first page', query: {} },
  { label: 'status Pending Review', query: { status: 'Pending Review' } },
  { label: 'category Legal Services', query: { category: 'Legal Services' } },
  { label: "search 'leeds'", query: { q: 'leeds' } },
  { label: "search 'funeral'", query: { q: 'funeral' } },
  { label: "search 'co-op'", query: { q: 'co-op' } },
  { label: "search 'yo'", query: { q: 'yo' } },
  { label: "search 'leeds' + Active", query: { q: 'leeds', status: 'Active' } },
  { label: "search 'funeral' + Suspended", query: { q: 'funeral', status: 'Suspended' } },
  { label: "search 'yo' + Pending Review", query: { q: 'yo', status: 'Pending Review' } },
  { label: "search 'ham' + category Legal Services", query: { q: 'ham', category: 'Legal Services' } },
  { label: 'page 40 (of all)', query: { page: '40' } },
  { label: 'Active, page 200', query: { status: 'Active', page: '200' } },
  { label: 'sort by name', query: { sort: 'name', order: 'asc' } },
  { label: 'sort by name desc, page 10', query: { sort: 'name', order: 'desc', page: '10' } },
];

/** A filter (status, category or promoted) together with a text search: the figure of target (1). */
export function isFilterAndSearch(query: Record<string, string>): boolean {
  return Boolean(query.q) && Boolean(query.status || query.category || query.promoted);
}

export function queryString(query: Record<string, string>): string {
  const text = new URLSearchParams(query).toString();
  return text ? `?${text}` : '';
}

/** The statements the list handler sends for `query` (page, and count unless the tiles hold it), for EXPLAIN. */
const statementsOf = (query: Record<string, string>) => staffListStatements(AdminListingsQuerySchema.parse(query));

async function explain(sql: SqlClient, statement: Prisma.Sql): Promise<string> {
  const { rows } = await sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.values as unknown[]);
  return rows.map((r) => `      ${r['QUERY PLAN']}`).join('\n');
}

/**
 * Loads `listings` listings through their events and the listings projection (the search bench's loader;
 * Recent Activity, which no request here reads, starts at the log's end instead of replaying it), starts the
 * built API on that database with Redis, signs a staff member in, then times the staff list over HTTP
 * (GET /api/admin/listings, guard's session check included) for realistic filters, searches, pages and
 * sorts, one request at a time and `concurrency` at once; then times one bulk status change of `bulk`
 * Active listings and checks every event, row and audit entry is there.
 */
export async function benchStaffListings(options: StaffListingsBenchOptions): Promise<{ report: string; ok: boolean }> {
  const setup: StaffBenchSetup = {
    apiEnv: { REDIS_URL: process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
    label: 'staff',
    async describe(db, load) {
      const { rows: counts } = await db.sql.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM listings GROUP BY status ORDER BY 2 DESC`);
      return [
        `staff back office on PostgreSQL over HTTP (built API, Redis), ${counts.reduce((a, r) => a + r.n, 0)} listings (${counts.map((r) => `${r.n} ${r.status}`).join(', ')})`,
        load
          ? `  load: ${load.events} events appended by ${options.writers} writers in ${load.appendSeconds.toFixed(1)} s, projected in ${load.projectSeconds.toFixed(1)} s`
          : `  load: reused ${db.url}`,
      ];
    },
  };
  return runStaffBench(options, setup, async ({ db, staff, lines }) => {
    let ok = true;
    // --- the staff list ---
    const failures = new Map<number, number>();
    const totals = new Map<string, number>();
    const timed = async (kind: Kind, into: number[]) => {
      const t0 = performance.now();
      const res = await staff.fetch(`/api/admin/listings${queryString(kind.query)}`);
      const body = await res.text();
      into.push(performance.now() - t0);
      if (res.status !== 200) failures.set(res.status, (failures.get(res.status) ?? 0) + 1);
      else totals.set(kind.label, (JSON.parse(body) as AdminListingsResponse).total);
    };
    const phase = async (workers: number) => {
      const samples = new Map<string, number[]>(STAFF_LIST_KINDS.map((k) => [k.label, []]));
      const jobs = Array.from({ length: options.rounds }, () => STAFF_LIST_KINDS).flat();
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: workers }, async () => {
          while (next < jobs.length) {
            const kind = jobs[next++]!;
            await timed(kind, samples.get(kind.label)!);
          }
        }),
      );
      const rate = Math.round(jobs.length / ((performance.now() - started) / 1000));
      const filterAndSearch = STAFF_LIST_KINDS.filter((k) => isFilterAndSearch(k.query)).flatMap((k) => samples.get(k.label)!);
      return { samples, rate, all: summarise([...samples.values()].flat()), filterAndSearch: summarise(filterAndSearch) };
    };
    for (let i = 0; i < 3; i++) for (const kind of STAFF_LIST_KINDS) await timed(kind, []); // warm-up: plans, caches, JIT
    const sequential = await phase(1);
    const concurrent = await phase(options.concurrency);
    const width = Math.max(...STAFF_LIST_KINDS.map((k) => k.label.length));
    lines.push(`  GET /api/admin/listings (25 a page, count and stat tiles), ${options.rounds} of each kind, one staff request at a time (${sequential.rate} requests/s) | ${options.concurrency} at once (${concurrent.rate} requests/s):`);
    for (const kind of STAFF_LIST_KINDS) {
      const s = summarise(sequential.samples.get(kind.label)!);
      const c = summarise(concurrent.samples.get(kind.label)!);
      lines.push(`    ${kind.label.padEnd(width)}  p50 ${ms(s.p50).padStart(8)}, p99 ${ms(s.p99).padStart(8)} | p50 ${ms(c.p50).padStart(8)}, p99 ${ms(c.p99).padStart(8)}   (${totals.get(kind.label) ?? '?'} found)`);
    }
    lines.push(
      `    ${'all kinds'.padEnd(width)}  p50 ${ms(sequential.all.p50).padStart(8)}, p99 ${ms(sequential.all.p99).padStart(8)} | p50 ${ms(concurrent.all.p50).padStart(8)}, p99 ${ms(concurrent.all.p99).padStart(8)}`,
      `    ${'filter + text search'.padEnd(width)}  p50 ${ms(sequential.filterAndSearch.p50).padStart(8)}, p99 ${ms(sequential.filterAndSearch.p99).padStart(8)} | p50 ${ms(concurrent.filterAndSearch.p50).padStart(8)}, p99 ${ms(concurrent.filterAndSearch.p99).padStart(8)}`,
      `    non-200 responses: ${failures.size ? [...failures].map(([k, v]) => `${k}×${v}`).join(', ') : 'none'}`,
    );
    if (failures.size) ok = false;
    const slowest = [...STAFF_LIST_KINDS].sort((a, b) => summarise(sequential.samples.get(b.label)!).p99 - summarise(sequential.samples.get(a.label)!).p99)[0]!;
    const statements = statementsOf(slowest.query);
    lines.push(
      `  plans of the slowest kind, ${slowest.label} (${queryString(slowest.query)}):`,
      `    page: ${statements.page.text.replace(/\s+/g, ' ')}`,
      await explain(db.sql, statements.page),
      ...(statements.count ? [`    count: ${statements.count.text}`, await explain(db.sql, statements.count)] : ['    count: from the stat tiles']),
    );

    // --- one bulk status change ---
    const { rows: picked } = await db.sql.query<{ id: string }>(
      `SELECT id::text AS id FROM listings WHERE status = 'Active' ORDER BY md5(id::text) LIMIT $1`,
      [options.bulk],
    );
    const ids = picked.map((r) => r.id);
    const streams = ids.map(listingStreamId);
    const eventsOf = async () =>
      (await db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE type = 'ListingStatusChanged' AND stream_id = ANY($1::text[])`, [streams])).rows[0]!.n;
    const auditOf = async () =>
      (await db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM admin_audit_log WHERE action = 'listing_status_changed' AND record_id = ANY($1::text[])`, [ids])).rows[0]!.n;
    const eventsBefore = await eventsOf();
    const auditBefore = await auditOf();
    const t0 = performance.now();
    const bulk = await staff.json<BulkListingResponse>('/api/admin/listings/bulk', { method: 'POST', json: { action: 'status', ids, status: 'Inactive' } });
    const bulkSeconds = (performance.now() - t0) / 1000;
    const eventsRecorded = (await eventsOf()) - eventsBefore;
    const { rows: nowInactive } = await db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM listings WHERE status = 'Inactive' AND id = ANY($1::uuid[])`, [ids]);
    const audited = (await auditOf()) - auditBefore;
    const checks = [
      { what: `HTTP 200 and ${ids.length} succeeded`, pass: bulk.status === 200 && bulk.body.succeeded === ids.length && bulk.body.failed === 0, got: `${bulk.status}, ${bulk.body?.succeeded} succeeded, ${bulk.body?.failed} failed` },
      { what: `${ids.length} ListingStatusChanged events in those streams`, pass: eventsRecorded === ids.length, got: String(eventsRecorded) },
      { what: `${ids.length} listings rows now Inactive`, pass: nowInactive[0]!.n === ids.length, got: String(nowInactive[0]!.n) },
      { what: `${ids.length} admin_audit_log rows 'listing_status_changed'`, pass: audited === ids.length, got: String(audited) },
    ];
    lines.push(`  bulk status change, POST /api/admin/listings/bulk, ${ids.length} Active → Inactive: ${bulkSeconds.toFixed(2)} s`);
    for (const c of checks) lines.push(`    ${c.pass ? 'ok  ' : 'FAIL'} ${c.what}${c.pass ? '' : ` (got ${c.got})`}`);
    const checksPass = checks.every((c) => c.pass) && ids.length === options.bulk;
    if (!checksPass) ok = false;

    const listMet = sequential.filterAndSearch.p99 < STAFF_LIST_P99_TARGET_MS;
    const bulkMet = checksPass && bulkSeconds < BULK_TARGET_SECONDS;
    lines.push(
      '  summary:',
      `    (1) staff list with a filter and a text search, p99 < ${STAFF_LIST_P99_TARGET_MS} ms: ${ms(sequential.filterAndSearch.p99)} one at a time (${ms(concurrent.filterAndSearch.p99)} with ${options.concurrency} at once): ${listMet ? 'met' : 'not met'}`,
      `    (2) bulk status change of ${ids.length} in < ${BULK_TARGET_SECONDS} s with every event recorded: ${bulkSeconds.toFixed(2)} s, checks ${checksPass ? 'passed' : 'FAILED'}: ${bulkMet ? 'met' : 'not met'}`,
    );
    return ok;
  });
}
