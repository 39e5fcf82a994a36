import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CHROMIUM_PATH } from '@afterwards/testing';
import { benchFamilySession, startBenchApi } from './bench-api';

/** The issue's target: every category, every page, on Lighthouse's mobile preset (its default). */
export const LIGHTHOUSE_TARGET = 95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** The performance score's inputs, printed so a low score says which one costs. */
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'speed-index', 'total-blocking-time', 'cumulative-layout-shift'] as const;
const METRIC_LABELS: Record<(typeof METRICS)[number], string> = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'speed-index': 'SI',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
};

/**
 * `bench lighthouse`: npm `lighthouse` (mobile preset, simulated throttling) with Debian's Chromium against
 * the built product on PostgreSQL: `/`, `/login` and `/resources` signed out, and the dashboard signed in
 * as a family member with one memory (the session cookie passed as a request header). Prints the four
 * category scores per page and exits 1 when any is under the target.
 */
export async function benchLighthouse(options: {
  runs: number;
  reportsDir?: string;
  pages?: readonly string[];
  /** The simulated CPU's slowdown instead of the preset's 4x: a host slower or busier than this one, emulated. */
  cpuSlowdown?: number;
}): Promise<{ report: string; ok: boolean }> {
  if (options.cpuSlowdown !== undefined && !(options.cpuSlowdown > 0)) throw new Error('--cpu-slowdown: a number above 0 (the preset is 4)');
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const api = await startBenchApi();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const preset = options.cpuSlowdown ? `mobile preset with the CPU slowed ${options.cpuSlowdown}x instead of 4x` : 'mobile preset';
  const lines = [`Lighthouse ${LIGHTHOUSE_TARGET}+ target, ${preset}, median of ${options.runs} run(s) per page, built product on PostgreSQL`];
  let ok = true;
  // Lighthouse's own measure of the host's CPU (higher is faster); its simulated throttling assumes about 1,000+.
  const benchmarkIndex: number[] = [];
  try {
    const family = await benchFamilySession(api, 'lighthouse');
    const memory = await family.json('/api/memories', {
      method: 'POST',
      json: { name: 'Mum', deceasedName: 'Margaret Ellis', jurisdiction: 'England', dateOfDeath: '2026-10-01' },
    });
    if (memory.status !== 201) throw new Error(`memory failed: ${memory.status}`);

    const pages: { label: string; path: string; headers?: Record<string, string> }[] = [
      { label: '/', path: '/' },
      { label: '/login', path: '/login' },
      { label: '/resources', path: '/resources' },
      { label: '/dashboard (signed in)', path: '/dashboard', headers: { cookie: family.cookieHeader() } },
    ];
    // `--pages /dashboard,/login`: only those (a change's effect on one page, measured in less time).
    const unknown = options.pages?.filter((path) => !pages.some((p) => p.path === path)) ?? [];
    if (unknown.length) throw new Error(`--pages: no such page ${unknown.join(', ')} (pages: ${pages.map((p) => p.path).join(', ')})`);
    for (const page of pages.filter((p) => !options.pages || options.pages.includes(p.path))) {
      const scores: Record<string, number[]> = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
      // Each weighted audit under 90, with its score in every run it was under.
      const failing = new Map<string, number[]>();
      const metrics: Record<string, number[]> = Object.fromEntries(METRICS.map((m) => [m, []]));
      let largest = '';
      for (let run = 0; run < options.runs; run++) {
        const audit = () =>
          lighthouse(`${api.url}${page.path}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...CATEGORIES],
            ...(page.headers ? { extraHeaders: page.headers } : {}),
            // Merged into the preset's throttling: only the CPU's slowdown changes.
            ...(options.cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: options.cpuSlowdown } } : {}),
          });
        let result = await audit();
        // A run Lighthouse could not record (e.g. NO_NAVSTART from the trace) has no scores, not scores of 0:
        // it is run again, and said so.
        for (let retry = 1; result?.lhr.runtimeError && retry <= 2; retry++) {
          lines.push(`  ${page.path} run ${run + 1}: Lighthouse could not record it (${result.lhr.runtimeError.code}), run again`);
          result = await audit();
        }
        if (!result) throw new Error(`no Lighthouse result for ${page.path}`);
        if (result.lhr.runtimeError) throw new Error(`Lighthouse failed three times on ${page.path}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
        if (options.reportsDir) {
          await mkdir(options.reportsDir, { recursive: true });
          const name = `${page.path.replace(/\W/g, '') || 'home'}-${run + 1}`;
          await writeFile(join(options.reportsDir, `${name}.json`), JSON.stringify(result.lhr));
          // The page's trace as recorded (before throttling is simulated), to open in DevTools' Performance panel.
          await writeFile(join(options.reportsDir, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
        }
        benchmarkIndex.push(result.lhr.environment.benchmarkIndex);
        for (const m of METRICS) metrics[m]!.push(result.lhr.audits[m]?.numericValue ?? NaN);
        // Lighthouse 13 names the largest paint's element in its LCP breakdown insight, as a node item.
        const lcpItems = (result.lhr.audits['lcp-breakdown-insight']?.details as { items?: { type?: string; selector?: string }[] } | undefined)?.items;
        const lcpNode = lcpItems?.find((item) => item.type === 'node')?.selector;
        if (lcpNode) largest = lcpNode.slice(0, 80);
        for (const c of CATEGORIES) {
          const category = result.lhr.categories[c];
          scores[c]!.push(Math.round((category?.score ?? 0) * 100));
          for (const ref of category?.auditRefs ?? []) {
            const audit = result.lhr.audits[ref.id];
            if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) failing.set(`${c}: ${ref.id}`, [...(failing.get(`${c}: ${ref.id}`) ?? []), Math.round(audit.score * 100)]);
          }
        }
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const figures = CATEGORIES.map((c) => `${c} ${median(scores[c]!)}`);
      const met = CATEGORIES.every((c) => median(scores[c]!) >= LIGHTHOUSE_TARGET);
      ok &&= met;
      lines.push(`  ${page.label.padEnd(24)} ${figures.join(', ')}${met ? '' : ' (under target)'}`);
      lines.push(`    ${METRICS.map((m) => `${METRIC_LABELS[m]} ${m === 'cumulative-layout-shift' ? median(metrics[m]!).toFixed(3) : `${Math.round(median(metrics[m]!))} ms`}`).join(', ')}${largest ? `; largest paint: ${largest}` : ''}`);
      if (failing.size) lines.push(`    audits under 90: ${[...failing].map(([audit, runs]) => `${audit} ${runs.join(', ')}`).join('; ')}`);
    }
  } finally {
    chrome.kill();
    await api.stop();
  }
  lines.push(`  host benchmark index (Lighthouse's CPU measure): ${benchmarkIndex.map(Math.round).join(', ')}`);
  lines.push(ok ? '  PASS' : '  FAIL');
  return { report: lines.join('\n'), ok };
}
