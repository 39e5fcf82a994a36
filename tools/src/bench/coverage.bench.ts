import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { COVERAGE_REGIONS, type CoverageOpportunities, type CoverageReport } from '@afterwards/contracts';
import { createPrismaClient, type SqlClient } from '@afterwards/persistence';
import { loadGazetteer } from '@afterwards/places';
import { countCoverage } from '@afterwards/coverage-server';
import { launchChromium, prng } from '@afterwards/testing';
import { timedJsonGet } from './bench-api';
import { runStaffBench, type StaffBenchSetup } from './search.bench';
import { ms, summarise } from './stats';

export interface CoverageBenchOptions {
  readonly listings: number;
  /** Requests of each kind, one at a time. */
  readonly rounds: number;
  readonly seed: number;
  readonly writers: number;
  readonly keep?: boolean;
  readonly database?: string;
}

/** The targets of the issue. */
export const COVERAGE_P99_TARGET_MS = 100;
export const MAP_BUNDLE_TARGET_BYTES = 250 * 1024;

const REMOTE_PREFIX = '/remotes/admin-coverage/';
const BOUNDARIES = path.join(process.cwd(), 'libs', 'places', 'data', 'regions', 'regions.topo.json');

/** Finder searches that found nothing, spread over 90 days and many towns, so the demand rule has data to read. */
async function addUnmetSearches(sql: SqlClient, seed: number): Promise<number> {
  const random = prng(seed);
  const towns = loadGazetteer().towns.filter((t) => t.population >= 5_000);
  const rows: unknown[][] = [];
  for (let i = 0; i < 3_000; i++) {
    const t = towns[Math.floor(random() ** 2 * towns.length)]!;
    rows.push([Math.floor(random() * 90), `${t.name}`, random() < 0.5 ? 'all' : 'Funeral Directors', t.latitude, t.longitude, 1 + Math.floor(random() * 4)]);
  }
  await sql.query(
    `INSERT INTO finder_unmet_searches (day, place, category, region, latitude, longitude, searches)
     SELECT (now()::date - d), p, c, 'Other', min(lat), min(lng), sum(n) FROM unnest($1::int[], $2::text[], $3::text[], $4::float8[], $5::float8[], $6::int[]) AS v(d, p, c, lat, lng, n)
     GROUP BY d, p, c
     ON CONFLICT (day, place, category) DO UPDATE SET searches = finder_unmet_searches.searches + EXCLUDED.searches`,
    [0, 1, 2, 3, 4, 5].map((k) => rows.map((r) => r[k])),
  );
  return rows.length;
}

/**
 * Loads `listings` listings through their events and the listings projection (regions placed as in
 * production), adds unmet finder searches, starts the built API on that PostgreSQL database, signs a staff
 * member in and times, over HTTP with the staff guard: the coverage report for all regions and for each
 * region, the opportunity analysis (first, worked out; then kept) and one region's map points. Then opens
 * the screen in Chromium and adds up, gzipped, every file the browser fetched from the remote for it
 * (the map's script and the boundaries inside it).
 */
export async function benchCoverage(options: CoverageBenchOptions): Promise<{ report: string; ok: boolean }> {
  const setup: StaffBenchSetup = {
    apiEnv: {},
    label: 'coverage',
    async describe(db, load) {
      const searches = options.database ? 0 : await addUnmetSearches(db.sql, options.seed);
      const { rows: regions } = await db.sql.query<{ region: string; n: number; active: number }>(
        `SELECT coalesce(region, 'NULL') AS region, count(*)::int AS n, (count(*) FILTER (WHERE status = 'Active'))::int AS active FROM listings GROUP BY 1 ORDER BY 2 DESC`,
      );
      return [
        `coverage analytics on PostgreSQL over HTTP (built API), ${regions.reduce((a, r) => a + r.n, 0)} listings: ${regions.map((r) => `${r.region} ${r.n}`).join(', ')}`,
        load ? `  load: ${load.events} events appended by ${options.writers} writers in ${load.appendSeconds.toFixed(1)} s, projected in ${load.projectSeconds.toFixed(1)} s; ${searches} unmet-search rows` : `  load: reused ${db.url}`,
      ];
    },
  };
  return runStaffBench(options, setup, async ({ db, api, staff, lines }) => {
    let ok = true;
    const failures: string[] = [];
    const timed = timedJsonGet(staff, failures);

    // The opportunity analysis, worked out once (cold), then kept until something it reads changes.
    const cold = await timed('/api/admin/coverage/opportunities?region=all');
    const opportunities = cold.body as CoverageOpportunities;
    for (let i = 0; i < 3; i++) {
      await timed('/api/admin/coverage?region=all');
      for (const r of COVERAGE_REGIONS) await timed(`/api/admin/coverage?region=${encodeURIComponent(r)}`);
    }
    const all: number[] = [];
    const one: number[] = [];
    const opps: number[] = [];
    const points: number[] = [];
    let report: CoverageReport | undefined;
    for (let i = 0; i < options.rounds; i++) {
      const a = await timed('/api/admin/coverage?region=all');
      all.push(a.ms);
      report = a.body as CoverageReport;
      const region = COVERAGE_REGIONS[i % COVERAGE_REGIONS.length]!;
      one.push((await timed(`/api/admin/coverage?region=${encodeURIComponent(region)}`)).ms);
      opps.push((await timed(`/api/admin/coverage/opportunities?region=${encodeURIComponent(region)}`)).ms);
      points.push((await timed(`/api/admin/coverage/points?region=${encodeURIComponent(region)}`)).ms);
    }
    // The grouped count itself, as the first request after a listing changes runs it (the rest reuse it).
    const direct = createPrismaClient(db.sql);
    const counted: number[] = [];
    for (let i = 0; i < Math.min(100, options.rounds); i++) {
      const t0 = performance.now();
      await countCoverage(direct);
      counted.push(performance.now() - t0);
    }
    await direct.$disconnect();
    const s = { all: summarise(all), one: summarise(one), opps: summarise(opps), points: summarise(points), counted: summarise(counted) };
    lines.push(
      `  ${options.rounds} requests of each kind, one at a time:`,
      `    GET /api/admin/coverage?region=all                  p50 ${ms(s.all.p50).padStart(8)}, p99 ${ms(s.all.p99).padStart(8)}, max ${ms(s.all.max)}`,
      `    GET /api/admin/coverage?region=<each of 13>         p50 ${ms(s.one.p50).padStart(8)}, p99 ${ms(s.one.p99).padStart(8)}, max ${ms(s.one.max)}`,
      `    GET /api/admin/coverage/opportunities (kept)        p50 ${ms(s.opps.p50).padStart(8)}, p99 ${ms(s.opps.p99).padStart(8)}; worked out afresh: ${ms(cold.ms)}`,
      `    GET /api/admin/coverage/points?region=<each of 13>  p50 ${ms(s.points.p50).padStart(8)}, p99 ${ms(s.points.p99).padStart(8)}`,
      `    the counts the report keeps until listings change, counted afresh (in process, no HTTP): p50 ${ms(s.counted.p50)}, p99 ${ms(s.counted.p99)}`,
      `    figures: ${report?.activeBusinesses} Active; ${opportunities?.opportunities.length} opportunities; towns within reach ${opportunities?.towns.covered} of ${opportunities?.towns.total}`,
      `    non-200 responses: ${failures.length ? failures.slice(0, 5).join(', ') : 'none'}`,
    );
    if (failures.length) ok = false;

    // What the browser fetches from the remote for this screen.
    const browser = await launchChromium();
    let fetched: { url: string; bytes: number; gzip: number }[] = [];
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const jar = staff
        .cookieHeader()
        .split('; ')
        .filter(Boolean)
        .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: api.url }));
      await context.addCookies(jar);
      const page = await context.newPage();
      const bodies: Promise<{ url: string; bytes: number; gzip: number } | null>[] = [];
      page.on('response', (r) => {
        const p = new URL(r.url()).pathname;
        if (!p.startsWith(REMOTE_PREFIX) || !/\.(js|json)$/.test(p)) return;
        bodies.push(r.body().then((b) => ({ url: p, bytes: b.length, gzip: zlib.gzipSync(b, { level: 9 }).length }), () => null));
      });
      await page.goto(`${api.url}/admin/`);
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Coverage Analytics' }).click();
      await page.locator('.cv-map__region').first().waitFor({ timeout: 60_000 });
      fetched = (await Promise.all(bodies)).filter((b): b is { url: string; bytes: number; gzip: number } => b !== null);
      await context.close();
    } finally {
      await browser.close();
    }
    const total = fetched.reduce((a, f) => a + f.gzip, 0);
    const boundaries = zlib.gzipSync(fs.readFileSync(BOUNDARIES), { level: 9 }).length;
    lines.push(
      `  the screen's remote as the browser fetched it (${fetched.length} files under ${REMOTE_PREFIX}; react, the design system and the staff client come shared from the shell):`,
      ...fetched.map((f) => `    ${f.url.slice(REMOTE_PREFIX.length).padEnd(44)} ${(f.bytes / 1024).toFixed(1).padStart(7)} KB, gzip ${(f.gzip / 1024).toFixed(1).padStart(6)} KB`),
      `    total gzip ${(total / 1024).toFixed(1)} KB, of which the boundaries (regions.topo.json) ${(boundaries / 1024).toFixed(1)} KB`,
    );
    const coverageMet = s.all.p99 < COVERAGE_P99_TARGET_MS && s.one.p99 < COVERAGE_P99_TARGET_MS;
    const bundleMet = total > 0 && total <= MAP_BUNDLE_TARGET_BYTES;
    if (!coverageMet || !bundleMet) ok = false;
    lines.push(
      '  summary:',
      `    (1) coverage query p99 < ${COVERAGE_P99_TARGET_MS} ms, all regions ${ms(s.all.p99)} and one region ${ms(s.one.p99)}: ${coverageMet ? 'met' : 'not met'}`,
      `    (2) map script and boundary data <= ${MAP_BUNDLE_TARGET_BYTES / 1024} KB gzip, loaded only on this screen: ${(total / 1024).toFixed(1)} KB: ${bundleMet ? 'met' : 'not met'}`,
    );
    return ok;
  });
}
