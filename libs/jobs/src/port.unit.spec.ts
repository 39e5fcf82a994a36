import { defineJob } from './port';

describe('defineJob', () => {
  it('fills in defaults', () => {
    expect(defineJob<{ id: string }>('analytics.aggregate')).toEqual({
      name: 'analytics.aggregate',
      options: { attempts: 1, backoff: undefined, removeOnComplete: 1000 },
    });
  });

  it('keeps the given options', () => {
    const def = defineJob('promotions-expire', { attempts: 5, backoff: { type: 'exponential', delayMs: 1000 }, removeOnComplete: true });
    expect(def.options).toEqual({ attempts: 5, backoff: { type: 'exponential', delayMs: 1000 }, removeOnComplete: true });
  });

  it.each(['', 'has:colon', 'has space', '-leading'])('rejects the name %p', (name) => {
    expect(() => defineJob(name)).toThrow(/Invalid job name/);
  });

  it.each([0, 1.5, -1])('rejects attempts %p', (attempts) => {
    expect(() => defineJob('job', { attempts })).toThrow(/attempts/);
  });

  it('rejects a negative backoff', () => {
    expect(() => defineJob('job', { backoff: -5 })).toThrow(/backoff/);
  });
});
