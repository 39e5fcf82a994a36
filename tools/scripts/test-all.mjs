// `npm test`: builds everything, checks types, lint, formatting and the dependency rules, then runs every
// tier. The end-to-end tier drives the built product.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const step = (label, args) => {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  console.log(`=== ${label}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s ===`);
  return result.status === 0;
};

const nx = path.join(root, 'node_modules', 'nx', 'dist', 'bin', 'nx.js');
const jest = path.join(root, 'tools', 'scripts', 'jest.mjs');
const extra = process.argv.slice(2);
let ok = step('build', [nx, 'run-many', '-t', 'build', '--outputStyle=static']);
ok = step('typecheck', [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json', '--noEmit']) && ok;
const bin = (name, ...rest) => path.join(root, 'node_modules', name, ...rest);
ok = step('lint', [bin('eslint', 'bin', 'eslint.js'), 'apps', 'libs', 'tools/src', 'eslint.config.js', '--max-warnings=0']) && ok;
ok = step('format', [bin('prettier', 'bin', 'prettier.cjs'), '--check', '.']) && ok;
ok = step('dependency rules', [bin('dependency-cruiser', 'bin', 'dependency-cruise.mjs'), 'apps', 'libs', 'tools/src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err']) && ok;
let passed = 0;
let failed = 0;
fs.mkdirSync(path.join(root, 'tmp'), { recursive: true });
for (const tier of ['unit', 'int', 'e2e']) {
  const report = path.join(root, 'tmp', `jest-${tier}.json`);
  fs.rmSync(report, { force: true });
  ok = step(`${tier} tests`, [jest, tier, '--json', `--outputFile=${report}`, ...extra]) && ok;
  if (fs.existsSync(report)) {
    const r = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests + r.numRuntimeErrorTestSuites;
  } else failed++;
}
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
