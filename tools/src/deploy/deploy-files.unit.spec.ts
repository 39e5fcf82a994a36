import fs from 'node:fs';
import path from 'node:path';
import { CSV_IMPORT_MAX_BYTES, REALTIME_PATH } from '@afterwards/contracts';

/**
 * The deployment files repeat a few facts of the code (they cannot import it): these keep them equal,
 * so a new variable, a changed V8 flag or upload limit fails here instead of in production.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

describe('deployment files', () => {
  it("run the image's API with the V8 flags of apps/api/node-flags.json", () => {
    // The runtime stage is the last, so its CMD is the last one.
    const cmd = [...read('Dockerfile').matchAll(/^CMD (\[.*\])$/gm)].at(-1)?.[1];
    const flags: string[] = JSON.parse(read('apps/api/node-flags.json'));
    expect(JSON.parse(cmd!)).toEqual(['node', ...flags, 'apps/api/dist/main.js']);
  });

  it('create the database roles in restore.sh as migration identity/0002 does (roles are not in a dump)', () => {
    // The role statements: from the first CREATE ROLE block to the GRANT of both roles to the connecting account.
    const roles = (text: string) => /DO \$\$\nBEGIN\n {2}BEGIN\n {4}CREATE ROLE afterwards_app[\s\S]*?already a member\nEND\n\$\$;/.exec(text)?.[0];
    const migration = roles(read('libs/identity/server/migrations/0002_user_settings.sql'));
    expect(migration).toContain('CREATE ROLE afterwards_admin');
    expect(roles(read('tools/scripts/restore.sh'))).toBe(migration);
  });

  it('list every variable the configuration reads in .env.example', () => {
    const schema = /const EnvSchema = z\s*\.object\(\{([\s\S]*?)\n {2}\}\)/.exec(read('libs/server-kit/src/config/config.ts'))![1]!;
    const variables = [...schema.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
    expect(variables).toEqual(expect.arrayContaining(['DATABASE_URL', 'AUTH_SECRET', 'FILE_STORE_KEY']));
    const example = read('.env.example');
    const listed = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(variables.filter((v) => !listed.has(v))).toEqual([]);
  });

  it("let the proxy take the largest upload and the realtime path, and keep /metrics inside", () => {
    const nginx = read('deploy/nginx.conf');
    const [, size, unit] = /client_max_body_size (\d+)([km]?);/.exec(nginx)!;
    const bytes = Number(size) * (unit === 'm' ? 1024 * 1024 : unit === 'k' ? 1024 : 1);
    expect(bytes).toBeGreaterThan(CSV_IMPORT_MAX_BYTES);
    expect(nginx).toContain(`location ${REALTIME_PATH}/ {`);
    expect(nginx).toMatch(/location ~ \^\/metrics\(\/\|\$\) \{\s*return 404;/);
  });

  it('never mount the source tree into the containers', () => {
    expect(read('docker-compose.yml')).not.toMatch(/^\s*- \.\/?:/m);
  });
});
