// Runs one Jest tier: `node tools/scripts/jest.mjs <unit|int|e2e|all> [jest args…]`.
// Jest's --selectProjects takes every following word, so it goes last, after the caller's arguments.
import { spawnSync } from 'node:child_process';

const [tier, ...args] = process.argv.slice(2);
const root = new URL('../../', import.meta.url).pathname;
const jest = `${root}node_modules/jest/bin/jest.js`;
const serial = tier === 'unit' ? [] : ['--runInBand'];
const select = tier === 'all' ? [] : ['--selectProjects', tier];
const result = spawnSync(
  process.execPath,
  ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', jest, ...serial, ...args, ...select],
  { stdio: 'inherit', cwd: root },
);
process.exit(result.status ?? 1);
