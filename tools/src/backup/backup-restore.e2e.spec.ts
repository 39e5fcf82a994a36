import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FILE_NAME_HEADER, MemoryDetailSchema, MemoryListResponseSchema, type MemoryDetail } from '@afterwards/contracts';
import { createPostgresTestDatabase, type TestDatabase } from '@afterwards/persistence/testing';
import { HttpSession, signedIn, signUpVerified, startProduct, type RunningProduct } from '@afterwards/testing';

/**
 * tools/scripts/backup.sh and restore.sh, run as an operator would, against the built product on
 * PostgreSQL: what a family stored (a memory, a note, a document's exact bytes) comes back whole from a
 * new database and a new file folder, the product goes on writing there, and the read models rebuilt
 * from the restored event log equal the restored ones.
 */
const SCRIPTS = path.resolve(import.meta.dirname, '..', '..', 'scripts');

function run(script: 'backup.sh' | 'restore.sh', env: Record<string, string>, ...args: string[]): { status: number | null; output: string } {
  const result = spawnSync('bash', [path.join(SCRIPTS, script), ...args], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

async function relationCount(db: TestDatabase): Promise<number> {
  const { rows } = await db.sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
     WHERE s.nspname <> 'information_schema' AND s.nspname !~ '^pg_'`,
  );
  return rows[0]!.n;
}

async function nextTransactionId(db: TestDatabase): Promise<bigint> {
  const { rows } = await db.sql.query<{ next: string }>('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next');
  return BigInt(rows[0]!.next);
}

describe('backup and restore (services profile)', () => {
  const email = 'backup.owner@example.test';
  const password = 'quiet-harbour-47';
  // A PDF by its first bytes, then random bytes: many cipher blocks, and no two runs alike.
  const documentBytes = Buffer.concat([Buffer.from('%PDF-1.4\n% will of Ada Moss\n'), randomBytes(1_000_000), Buffer.from('\n%%EOF\n')]);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'afterwards-backup-e2e-'));
  const backupDir = path.join(scratch, 'backup');
  const databases: TestDatabase[] = [];
  let product: RunningProduct;
  let restored: RunningProduct | undefined;
  let before: MemoryDetail;

  async function newDatabase(): Promise<TestDatabase> {
    const db = await createPostgresTestDatabase({ max: 1 });
    databases.push(db);
    return db;
  }

  beforeAll(async () => {
    product = await startProduct({ profile: 'services', seedCount: 0 });
    await signUpVerified(product, { email, password });
    const http = await signedIn(product, email, password);
    const created = await http.json<MemoryDetail>('/api/memories', {
      method: 'POST',
      json: { name: 'Mum', deceasedName: 'Ada Moss', jurisdiction: 'Wales', dateOfDeath: '2026-10-02' },
    });
    expect(created.status).toBe(201);
    const id = created.body.memory.id;
    const noted = await http.json(`/api/memories/${id}/notes`, { method: 'POST', json: { title: 'Solicitor', content: 'Mr Pryce has the original will' } });
    expect(noted.status).toBeLessThan(300);
    const document = created.body.documents[0]!;
    const uploaded = await http.json(`/api/memories/${id}/documents/${document.id}/files`, {
      method: 'POST',
      body: new Uint8Array(documentBytes),
      headers: { 'content-type': 'application/octet-stream', [FILE_NAME_HEADER]: encodeURIComponent('will.pdf') },
    });
    expect(uploaded.status).toBe(201);
    before = MemoryDetailSchema.parse((await http.json(`/api/memories/${id}`)).body);
  }, 180_000);

  afterAll(async () => {
    await restored?.stop();
    await product?.stop();
    for (const db of databases) await db.dispose();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('backs up, refuses unsafe restores, and restores the memory, its note and the document byte for byte', async () => {
    const source = { DATABASE_URL: product.env.DATABASE_URL!, FILE_STORE_DIR: path.join(product.dataDir, 'files') };
    const backup = run('backup.sh', source, '--out', backupDir);
    expect(backup).toMatchObject({ status: 0 });
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      format: 'afterwards-backup/1',
      database: { file: 'database.dump', bytes: fs.statSync(path.join(backupDir, 'database.dump')).size },
      files: { file: 'files.tar', count: 1 },
    });
    expect(manifest.database.nextTransactionId).toMatch(/^\d+$/);
    // The key that opens the files is not in the backup, in any form.
    const key = Buffer.from(product.env.FILE_STORE_KEY!, 'base64');
    for (const name of fs.readdirSync(backupDir)) {
      const bytes = fs.readFileSync(path.join(backupDir, name));
      expect(bytes.includes(key)).toBe(false);
      expect(bytes.includes(Buffer.from(product.env.FILE_STORE_KEY!))).toBe(false);
    }
    await product.stopApi();

    // A database in use is refused, and so is a damaged backup; neither changes anything.
    const intoSource = run('restore.sh', source, '--from', backupDir);
    expect(intoSource.status).toBe(1);
    expect(intoSource.output).toContain('the database is not empty');
    const damagedDir = path.join(scratch, 'damaged');
    fs.cpSync(backupDir, damagedDir, { recursive: true });
    const tar = fs.readFileSync(path.join(damagedDir, 'files.tar'));
    const middle = tar.length >> 1;
    tar[middle] = tar[middle]! ^ 0xff;
    fs.writeFileSync(path.join(damagedDir, 'files.tar'), tar);
    const untouched = await newDatabase();
    const damaged = run('restore.sh', { DATABASE_URL: untouched.url!, FILE_STORE_DIR: path.join(scratch, 'untouched-files') }, '--from', damagedDir);
    expect(damaged.status).toBe(1);
    expect(damaged.output).toContain('the backup is damaged');
    expect(await relationCount(untouched)).toBe(0);
    expect(fs.existsSync(path.join(scratch, 'untouched-files'))).toBe(false);

    // Into a new, empty database and folder.
    const target = await newDatabase();
    const targetFiles = path.join(scratch, 'restored-files');
    const restore = run('restore.sh', { DATABASE_URL: target.url!, FILE_STORE_DIR: targetFiles }, '--from', backupDir);
    expect(restore).toMatchObject({ status: 0 });
    expect(restore.output).toContain('restored');

    // The built API on the restored copy (startProduct's own new database goes unused: env wins).
    restored = await startProduct({ profile: 'services', seedCount: 0, env: { DATABASE_URL: target.url!, FILE_STORE_DIR: targetFiles } });
    const http = await signedIn(restored, email, password);
    const list = MemoryListResponseSchema.parse((await http.json('/api/memories')).body);
    expect(list.memories.map((m) => m.name)).toEqual(['Mum']);
    const after = MemoryDetailSchema.parse((await http.json(`/api/memories/${before.memory.id}`)).body);
    expect(after).toEqual(before);
    expect(after.notes.map((n) => n.content)).toEqual(['Mr Pryce has the original will']);
    const file = after.documents.flatMap((d) => d.files)[0]!;
    const download = await http.fetch(`${file.url}?download=1`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(documentBytes)).toBe(true);
    expect((await new HttpSession(restored.url).fetch(file.url)).status).toBe(401);

    // The restored copy goes on: a new note is projected after the restored events.
    const added = await http.json<MemoryDetail>(`/api/memories/${before.memory.id}/notes`, { method: 'POST', json: { title: 'Bank', content: 'Closed the joint account' } });
    expect(added.status).toBeLessThan(300);
    const again = MemoryDetailSchema.parse((await http.json(`/api/memories/${before.memory.id}`)).body);
    expect(again.notes.map((n) => n.content).sort()).toEqual(['Closed the joint account', 'Mr Pryce has the original will']);

    // The read models replayed from the restored log equal the restored (and since extended) ones.
    const rebuild = restored.tool('rebuild');
    const lines = rebuild.trim().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/: equal to the live model$/);
    // The restored log's hash chain is whole (the tool exits 1 on a break, which fails the call).
    expect(restored.tool('events', 'verify')).toContain('every hash matches');
  }, 240_000);

  it("moves a new server's transaction counter past the backup's, refuses when it is too far behind, and --force replaces", async () => {
    expect(fs.existsSync(path.join(backupDir, 'manifest.json'))).toBe(true);
    const target = await newDatabase();
    const files = path.join(scratch, 'counter-files');
    const env = { DATABASE_URL: target.url!, FILE_STORE_DIR: files };
    // A backup from a server whose counter is ahead of this one (as a new server's is behind an old one's).
    const aheadDir = path.join(scratch, 'ahead');
    fs.cpSync(backupDir, aheadDir, { recursive: true });
    const setNext = (next: bigint) => {
      const file = path.join(aheadDir, 'manifest.json');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/"nextTransactionId": "\d+"/, `"nextTransactionId": "${next}"`));
    };

    setNext((await nextTransactionId(target)) + 1_000_000_000_000n);
    const refused = run('restore.sh', env, '--from', aheadDir);
    expect(refused.status).toBe(1);
    expect(refused.output).toMatch(/pg_resetwal -e \d+/);
    expect(await relationCount(target)).toBe(0);
    expect(fs.existsSync(files)).toBe(false);

    const next = (await nextTransactionId(target)) + 2_000n;
    setNext(next);
    const moved = run('restore.sh', env, '--from', aheadDir);
    expect(moved).toMatchObject({ status: 0 });
    expect(moved.output).toContain("moving the server's transaction counter forward");
    expect(await nextTransactionId(target)).toBeGreaterThanOrEqual(next);
    const events = async () => (await target.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM events')).rows[0]!.n;
    const restoredEvents = await events();
    expect(restoredEvents).toBeGreaterThan(0);

    // A second restore over it is refused, and replaces it with --force.
    expect(run('restore.sh', env, '--from', backupDir).status).toBe(1);
    fs.writeFileSync(path.join(files, 'left-over'), 'x');
    const forced = run('restore.sh', env, '--from', backupDir, '--force');
    expect(forced).toMatchObject({ status: 0 });
    expect(await events()).toBe(restoredEvents);
    expect(fs.existsSync(path.join(files, 'left-over'))).toBe(false);
  }, 180_000);
});
