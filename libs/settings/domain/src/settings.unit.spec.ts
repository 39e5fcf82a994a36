import { DEFAULT_SETTINGS, type AdminSettings } from '@afterwards/contracts';
import { decideSettings, evolveSettings, initialSettingsState, SettingsError, type SettingsState } from './settings';

const withRadius = (r: number): AdminSettings => ({ ...DEFAULT_SETTINGS, defaultServiceRadius: r });

describe('settings decider', () => {
  it('given the defaults, when a save changes the radius, then only that group is recorded with old and new values', () => {
    const events = decideSettings({ type: 'SaveSettings', settings: withRadius(12) }, initialSettingsState);
    expect(events).toEqual([{ type: 'SettingsChanged', data: { reset: false, changes: [{ group: 'defaultServiceRadius', from: 5, to: 12 }] } }]);
  });

  it('given the defaults, when the same settings are saved, then nothing is recorded', () => {
    expect(decideSettings({ type: 'SaveSettings', settings: structuredClone(DEFAULT_SETTINGS) }, initialSettingsState)).toEqual([]);
  });

  it('refuses values outside the spec ranges with its messages', () => {
    const bad = { ...DEFAULT_SETTINGS, promotionTiming: { ...DEFAULT_SETTINGS.promotionTiming, gracePeriodHours: 169 } };
    expect(() => decideSettings({ type: 'SaveSettings', settings: bad }, initialSettingsState)).toThrow(SettingsError);
    try {
      decideSettings({ type: 'SaveSettings', settings: withRadius(51) }, initialSettingsState);
    } catch (e) {
      expect((e as SettingsError).errors).toEqual([{ path: 'defaultServiceRadius', message: 'Service radius must be between 1 and 50 miles' }]);
    }
    // Money is in pounds everywhere (decision 0048): a currency or symbol sent by an older screen is dropped.
    const symbol = { ...DEFAULT_SETTINGS, platformConfig: { ...DEFAULT_SETTINGS.platformConfig, currency: 'USD', currencySymbol: '$' } };
    expect(decideSettings({ type: 'SaveSettings', settings: symbol as typeof DEFAULT_SETTINGS }, initialSettingsState)).toEqual([]);
  });

  it('given changed settings, when reset, then every changed group returns to its default and the event says it was a reset', () => {
    const state: SettingsState = evolveSettings(initialSettingsState, decideSettings({ type: 'SaveSettings', settings: withRadius(20) }, initialSettingsState)[0]!);
    expect(state.settings.defaultServiceRadius).toBe(20);
    const [reset] = decideSettings({ type: 'ResetSettings' }, state);
    expect(reset).toEqual({ type: 'SettingsChanged', data: { reset: true, changes: [{ group: 'defaultServiceRadius', from: 20, to: 5 }] } });
    expect(evolveSettings(state, reset!).settings).toEqual(DEFAULT_SETTINGS);
  });

  it('given the defaults, when reset, then nothing is recorded', () => {
    expect(decideSettings({ type: 'ResetSettings' }, initialSettingsState)).toEqual([]);
  });
});
