import { jest } from '@jest/globals';
import { settled } from './settle';

describe('acting once changes settle', () => {
  beforeEach(() => jest.useFakeTimers({ now: 0 }));
  afterEach(() => jest.useRealTimers());

  it('acts once after a quiet spell, however many changes came before it', () => {
    const action = jest.fn();
    const s = settled(action, 200, 1_000);
    s.push();
    jest.advanceTimersByTime(100);
    s.push();
    jest.advanceTimersByTime(199);
    expect(action).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('still acts about once a maxWait while changes never stop', () => {
    const action = jest.fn();
    const s = settled(action, 200, 1_000);
    for (let t = 0; t < 3_000; t += 50) {
      s.push();
      jest.advanceTimersByTime(50);
    }
    expect(action.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(action.mock.calls.length).toBeLessThanOrEqual(3);
  });

  it('does nothing once cancelled', () => {
    const action = jest.fn();
    const s = settled(action, 200, 1_000);
    s.push();
    s.cancel();
    jest.advanceTimersByTime(5_000);
    expect(action).not.toHaveBeenCalled();
  });
});
