// Runs one Jest tier: `node tools/scripts/jest.mjs <unit|int|e2e|all> [jest args…]`.
// Jest's --selectProjects takes every following word, so it goes last, after the caller's arguments.
import { spawnSync } from 'node:child_process';

const [tier, ...args] = process.argv.slice(2);
const root = new URL('../../', import.meta.url).pathname;
const jest = `${root}node_modules/jest/bin/jest.js`;
// End-to-end files each use their own database, product and browser, and spend much of their time waiting
// on those processes: two files at a time keep both cores busy (TEST_WORKERS=1: one). Integration files
// stay one at a time: several assert at once what a read sees, and the event log reads only below the
// oldest transaction running on the whole PostgreSQL server, whichever database another file uses.
const workers = Number(process.env.TEST_WORKERS ?? 2);
const serial = tier === 'unit' ? [] : tier === 'e2e' && workers > 1 ? [`--maxWorkers=${workers}`] : ['--runInBand'];
const select = tier === 'all' ? [] : ['--selectProjects', tier];
const result = spawnSync(
  process.execPath,
  ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', jest, ...serial, ...args, ...select],
  { stdio: 'inherit', cwd: root },
);
process.exit(result.status ?? 1);
