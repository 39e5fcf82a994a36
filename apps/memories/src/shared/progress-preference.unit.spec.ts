import { progressTrackingOf } from './progress-preference';

describe('the Progress Tracking preference as the memory screens read it', () => {
  it('reads the flag from the API answer or from the Settings event, and nothing else', () => {
    expect(progressTrackingOf({ preferences: { emailNotifications: true, progressTracking: false } })).toBe(false);
    expect(progressTrackingOf({ emailNotifications: true, progressTracking: true })).toBe(true);
    expect(progressTrackingOf({ preferences: {} })).toBeUndefined();
    expect(progressTrackingOf(null)).toBeUndefined();
    expect(progressTrackingOf({ progressTracking: 'no' })).toBeUndefined();
  });
});
