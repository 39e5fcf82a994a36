import { nextTask } from './next-task';

describe('nextTask', () => {
  it('resolves in a later task, after the current task and its microtasks', async () => {
    const order: string[] = [];
    const later = nextTask().then(() => order.push('next task'));
    queueMicrotask(() => order.push('microtask'));
    await Promise.resolve();
    await Promise.resolve();
    expect(order).toEqual(['microtask']);
    await later;
    expect(order).toEqual(['microtask', 'next task']);
  });

  it('runs tasks asked for one after the other in that order', async () => {
    const order: number[] = [];
    await Promise.all([1, 2, 3].map((n) => nextTask().then(() => order.push(n))));
    expect(order).toEqual([1, 2, 3]);
  });
});
