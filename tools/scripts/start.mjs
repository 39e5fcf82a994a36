// `npm start`: builds what is not built yet, loads the sample directory on first run, then runs the
// product on the embedded profile (or the services profile if DATABASE_URL is set).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const run = (args, label) => {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n${label} failed.`);
    process.exit(result.status ?? 1);
  }
};

// Nx caches every build, so this is quick when nothing has changed.
run([path.join(root, 'node_modules', 'nx', 'dist', 'bin', 'nx.js'), 'run-many', '-t', 'build', '--outputStyle=static'], 'The build');
if (process.env.SEED !== 'false') run([path.join(root, 'tools', 'dist', 'cli.js'), 'seed', '--if-empty'], 'Loading the sample directory');

// The API's V8 limits, one list for every way it is started (decision 0014 explains the figures).
const nodeFlags = JSON.parse(fs.readFileSync(path.join(root, 'apps', 'api', 'node-flags.json'), 'utf8'));
const api = spawn(process.execPath, [...nodeFlags, path.join(root, 'apps', 'api', 'dist', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code) => process.exit(code ?? 0));
if (!fs.existsSync(path.join(root, 'apps', 'family-shell', 'dist', 'index.html'))) {
  console.error('The family shell was not built.');
}
