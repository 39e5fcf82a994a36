import { spawn } from 'node:child_process';
import { waitUntilReady } from './product';

describe('waitUntilReady', () => {
  it('stops a process that never becomes ready, so nothing is left running to keep the test run open', async () => {
    // A process that stays up and never listens.
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    await expect(waitUntilReady(child, 'http://127.0.0.1:9', () => 'no output', 300)).rejects.toThrow('API did not become ready');
    expect(await exited).toBe('SIGKILL');
  });
});
