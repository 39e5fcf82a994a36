import { firstLoad, launchChromium, startProduct } from '@afterwards/testing';
import { startBenchApi } from './bench-api';

/** The first-load budget: JavaScript per page, compressed as sent. */
export const FIRST_LOAD_JS_TARGET_BYTES = 150 * 1024;
export const FIRST_LOAD_PAGES = ['/', '/login', '/resources'] as const;

/**
 * `bench first-load`: the built product (PostgreSQL, services profile) opened in Chromium by a signed-out
 * visitor, one fresh browser context per page. Counts every script the browser fetched until the network
 * was quiet for a second (socket.io's long polling left out), by its encoded (brotli) size, and any
 * request made twice or console error. Exits 1 when a page is over the target.
 *
 * `budget first-load` (the last step of `npm run build`) is the same check on the embedded profile
 * (PGlite in a temporary directory, no listings), so it needs no database server: only the build and
 * Chromium. A page's scripts do not depend on the database the API runs on.
 */
export async function benchFirstLoad(options: { embedded?: boolean } = {}): Promise<{ report: string; ok: boolean }> {
  const api = options.embedded ? await startProduct({ profile: 'embedded', seedCount: 0 }) : await startBenchApi();
  const browser = await launchChromium();
  const lines = [`first load of the public pages, signed out, built product on ${options.embedded ? 'PGlite (embedded profile)' : 'PostgreSQL'} (brotli bytes as sent)`];
  let ok = true;
  try {
    for (const pagePath of FIRST_LOAD_PAGES) {
      const load = await firstLoad(browser, `${api.url}${pagePath}`);
      const scripts = load.scripts.reduce((sum, s) => sum + s.bytes, 0);
      const met = scripts <= FIRST_LOAD_JS_TARGET_BYTES;
      ok &&= met;
      ok &&= load.repeated.length === 0 && load.consoleErrors.length === 0;
      lines.push(
        `  ${pagePath.padEnd(11)} JavaScript ${(scripts / 1024).toFixed(1)} KB in ${load.scripts.length} files (target <= ${FIRST_LOAD_JS_TARGET_BYTES / 1024} KB: ${met ? 'met' : 'not met'}); requests ${load.responses.length}, made twice: ${load.repeated.length ? load.repeated.join(', ') : 'none'}; console errors: ${load.consoleErrors.length ? load.consoleErrors.join(' | ') : 'none'}`,
        ...load.scripts.map((f) => `      ${new URL(f.url).pathname.padEnd(64)} ${(f.bytes / 1024).toFixed(1).padStart(6)} KB ${f.encoding}`),
      );
      await load.close();
    }
  } finally {
    await browser.close();
    await api.stop();
  }
  lines.push(ok ? '  PASS' : '  FAIL');
  return { report: lines.join('\n'), ok };
}
