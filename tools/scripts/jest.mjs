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
// Never in Jest's own process (--runInBand): what each file loads is not all given back, so one process running
// every integration file grew to a 1.7 GB heap and its later files ran up to twice as slowly as alone. A worker
// past 700 MB after a file is replaced by a fresh one: the integration tier took 474 s in one process, 323 s so.
const recycled = ['--workerIdleMemoryLimit=700MB'];
const serial = tier === 'unit' ? [] : [`--maxWorkers=${tier === 'e2e' ? Math.max(1, workers) : 1}`, ...recycled];
const select = tier === 'all' ? [] : ['--selectProjects', tier];
const result = spawnSync(
  process.execPath,
  ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', jest, ...serial, ...args, ...select],
  { stdio: 'inherit', cwd: root },
);
process.exit(result.status ?? 1);
