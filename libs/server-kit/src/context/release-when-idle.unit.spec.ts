import { AsyncLocalStorage } from 'node:async_hooks';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformFileSync } from '@swc/core';
import { describe, expect, it } from '@jest/globals';
import { releaseWhenIdle } from './release-when-idle';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Runs `body` in a fresh Node process with `releaseWhenIdle` and `promiseHooksOn` in scope, and gives back
 * what it printed as JSON: Jest's own stores keep the promise hook on in its process, whatever this does.
 */
function inFreshProcess(body: string): unknown {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-when-idle-'));
  try {
    const source = path.join(path.dirname(fileURLToPath(import.meta.url)), 'release-when-idle.ts');
    const { code } = transformFileSync(source, { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'es6' } });
    fs.writeFileSync(path.join(dir, 'release-when-idle.mjs'), code);
    const probe = `import { AsyncLocalStorage } from 'node:async_hooks';
      import { releaseWhenIdle, promiseHooksOn } from './release-when-idle.mjs';
      const tick = () => new Promise((resolve) => setImmediate(resolve));
      const seen = {};
      ${body}
      process.stdout.write(JSON.stringify(seen));`;
    fs.writeFileSync(path.join(dir, 'probe.mjs'), probe);
    return JSON.parse(execFileSync(process.execPath, [path.join(dir, 'probe.mjs')], { encoding: 'utf8' }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('releaseWhenIdle', () => {
  it('turns the promise hook off once the last run has settled, where a plain store keeps it on', () => {
    expect(
      inFreshProcess(`
        seen.before = await promiseHooksOn();
        const storage = releaseWhenIdle(new AsyncLocalStorage());
        await storage.run('door', async () => { await tick(); seen.during = await promiseHooksOn(); });
        seen.after = await promiseHooksOn();
        let finish;
        const gate = new Promise((resolve) => (finish = resolve));
        const first = storage.run('first', async () => { await gate; return storage.getStore(); });
        await storage.run('second', async () => tick());
        seen.whileAnotherRuns = await promiseHooksOn();
        finish();
        seen.first = await first;
        seen.afterBoth = await promiseHooksOn();
        await storage.run('failing', async () => { throw new Error('no'); }).catch(() => undefined);
        seen.afterFailure = await promiseHooksOn();
        const plain = new AsyncLocalStorage();
        await plain.run('door', async () => tick());
        seen.plain = await promiseHooksOn();
      `),
    ).toEqual({ before: false, during: true, after: false, whileAnotherRuns: true, first: 'first', afterBoth: false, afterFailure: false, plain: true });
  });

  it('keeps the store inside a run and across its awaits, and not after it', async () => {
    const storage = releaseWhenIdle(new AsyncLocalStorage<string>());
    const seen: (string | undefined)[] = [];
    await storage.run('door', async () => {
      seen.push(storage.getStore());
      await tick();
      seen.push(storage.getStore());
    });
    expect(seen).toEqual(['door', 'door']);
    expect(storage.getStore()).toBeUndefined();
  });

  it('overlapping and nested runs each see their own store', async () => {
    const storage = releaseWhenIdle(new AsyncLocalStorage<string>());
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const first = storage.run('first', async () => {
      await gate;
      return storage.getStore();
    });
    const nested = await storage.run('second', async () => {
      await tick();
      const inner = await storage.run('inner', async () => (await tick(), storage.getStore()));
      return [inner, storage.getStore()];
    });
    finish();
    expect(nested).toEqual(['inner', 'second']);
    expect(await first).toBe('first');
    // The store is still usable after it was given back.
    expect(await storage.run('again', async () => (await tick(), storage.getStore()))).toBe('again');
  });

  it("a run's error reaches its caller, thrown at once or later; a synchronous run gives its value back", async () => {
    const storage = releaseWhenIdle(new AsyncLocalStorage<string>());
    expect(() =>
      storage.run('door', () => {
        throw new Error('refused');
      }),
    ).toThrow('refused');
    await expect(storage.run('door', async () => Promise.reject(new Error('later')))).rejects.toThrow('later');
    expect(storage.run('door', () => storage.getStore())).toBe('door');
  });

  it('a store released twice is wrapped once', () => {
    const storage = new AsyncLocalStorage<string>();
    const run = releaseWhenIdle(storage).run;
    expect(releaseWhenIdle(storage).run).toBe(run);
  });
});
