import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expectEventually } from '@afterwards/persistence/testing';
import { staffSignedIn, startProduct, tamperAsSuperuser, TOOLS_ENTRY, type RunningProduct } from '@afterwards/testing';
import { FORGE_AUDIT } from './forged-logs.testing';

/**
 * The built product takes signed checkpoints of both logs on its own (decision 0038), and the built
 * `tools audit verify` / `tools events verify` report, with exit 1, a chain a database owner recomputed
 * with the product's own SQL functions and a stream they removed, which the hash chains alone pass.
 */
const run = (product: RunningProduct, ...args: string[]) => {
  const result = spawnSync(process.execPath, [TOOLS_ENTRY, ...args], { env: product.env, encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
};

interface Line {
  log: string;
  id?: string | null;
  heads?: unknown[];
}

describe('signed checkpoints through the built product and tools (services profile)', () => {
  let product: RunningProduct;
  const key = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

  beforeAll(async () => {
    product = await startProduct({
      profile: 'services',
      seedCount: 12,
      // Without Redis the API runs the jobs itself, the checkpoint job among them, every second here.
      env: { REDIS_URL: undefined, CHECKPOINT_SIGNING_KEY: key, CHECKPOINT_EVERY_MS: '1000' },
    });
  }, 180_000);
  afterAll(async () => {
    await product?.stop();
  });

  it('the product checkpoints both logs, and an unforged log verifies through them', async () => {
    const staff = { email: 'checkpoint.staff@example.test', password: 'checkpoint-Staff-quiet-47' };
    product.tool('create-admin', '--email', staff.email, '--name', 'Checkpoint Staff', '--password', staff.password);
    await staffSignedIn(product, staff);
    const file = path.join(product.dataDir, 'checkpoints.jsonl');
    await expectEventually(() => {
      const lines = fs.readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Line);
      expect(lines.some((l) => l.log === 'audit' && l.id)).toBe(true);
      expect(lines.some((l) => l.log === 'events' && (l.heads?.length ?? 0) > 0)).toBe(true);
    }, 30_000);
    await product.stopApi();
    const audit = run(product, 'audit', 'verify');
    expect(audit.output).toMatch(/chain unbroken and through every checkpoint/);
    expect(audit.status).toBe(0);
    const events = run(product, 'events', 'verify');
    expect(events.output).toMatch(/every hash matches, through every checkpoint/);
    expect(events.status).toBe(0);
  }, 120_000);

  it('a chain recomputed with the product’s own functions, and a removed stream, fail both commands', async () => {
    await tamperAsSuperuser(product, FORGE_AUDIT);
    const audit = run(product, 'audit', 'verify');
    expect(audit.output).toMatch(/\(checkpoint_mismatch\): Row \d+ does not have the hash checkpoint \d+ of .* signed: the chain was rewritten/);
    expect(audit.status).toBe(1);

    await tamperAsSuperuser(
      product,
      `DO $$
       DECLARE s text; r record; h text := NULL;
       BEGIN
         SELECT min(stream_id) INTO s FROM events WHERE stream_id LIKE 'listing-%';
         UPDATE events SET data = '{"forged": true}' WHERE stream_id = s AND revision = 0;
         FOR r IN SELECT seq FROM events WHERE stream_id = s ORDER BY revision LOOP
           UPDATE events e SET prev_hash = h, hash = event_hash(h, event_content(e)) WHERE e.seq = r.seq RETURNING e.hash INTO h;
         END LOOP;
         SELECT max(stream_id) INTO s FROM events WHERE stream_id LIKE 'listing-%';
         DELETE FROM events WHERE stream_id = s;
         DELETE FROM streams WHERE stream_id = s;
       END $$`,
    );
    const events = run(product, 'events', 'verify');
    expect(events.output).toMatch(/listing-\S+ revision \d+ \(seq \d+\): checkpoint_mismatch: its hash is not the one checkpoint \d+ of .* signed/);
    expect(events.output).toMatch(/listing-\S+: STREAM REMOVED: checkpoint \d+ of .* recorded it at revision \d+, but no event of it is left/);
    expect(events.status).toBe(1);
  }, 120_000);
});
