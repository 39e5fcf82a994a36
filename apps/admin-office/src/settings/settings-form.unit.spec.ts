import { DEFAULT_SETTINGS, SETTINGS_MESSAGES } from '@afterwards/contracts';
import { fromForm, isDirty, parseSettingNumber, setField, settingsFieldErrors, toForm, validateSettings } from './settings-form';

describe('settings form', () => {
  const form = toForm(DEFAULT_SETTINGS);

  it('round-trips the saved settings and starts clean', () => {
    expect(fromForm(form)).toEqual(DEFAULT_SETTINGS);
    expect(isDirty(form, DEFAULT_SETTINGS)).toBe(false);
    expect(validateSettings(form)).toEqual({ ok: true, settings: DEFAULT_SETTINGS });
  });

  it('reads unparseable numbers as 0, except radius (5) and maximum duration (365)', () => {
    expect(parseSettingNumber('abc')).toBe(0);
    expect(parseSettingNumber('  ')).toBe(0);
    expect(parseSettingNumber('12.5')).toBe(12.5);
    let edited = setField(form, 'defaultServiceRadius', '');
    edited = setField(edited, 'platformConfig.maxPromotionDuration', 'lots');
    edited = setField(edited, 'promotionTiming.gracePeriodHours', 'x');
    const settings = fromForm(edited);
    expect(settings.defaultServiceRadius).toBe(5);
    expect(settings.platformConfig.maxPromotionDuration).toBe(365);
    expect(settings.promotionTiming.gracePeriodHours).toBe(0);
  });

  it('marks any edit as dirty, even one that parses to the same value', () => {
    expect(isDirty(setField(form, 'defaultServiceRadius', '5.0'), DEFAULT_SETTINGS)).toBe(true);
    expect(isDirty(setField(form, 'promotionTiming.autoStart', false), DEFAULT_SETTINGS)).toBe(true);
    const back = setField(setField(form, 'defaultServiceRadius', '6'), 'defaultServiceRadius', '5');
    expect(isDirty(back, DEFAULT_SETTINGS)).toBe(false);
  });

  it('setField leaves the original form untouched', () => {
    const edited = setField(form, 'promotionPricing.14-day.title', 'Two weeks');
    expect(edited.promotionPricing['14-day'].title).toBe('Two weeks');
    expect(form.promotionPricing['14-day'].title).toBe('14-Day Boost');
  });

  it("shows the schema's message on each wrong field", () => {
    let edited = setField(form, 'defaultServiceRadius', '51');
    edited = setField(edited, 'promotionPricing.1-month.price', '0.5');
    edited = setField(edited, 'promotionPricing.monthly.durationDays', 'x');
    edited = setField(edited, 'promotionTiming.expiryWarningDays', '31');
    const result = validateSettings(edited);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      defaultServiceRadius: SETTINGS_MESSAGES.radius,
      'promotionPricing.1-month.price': SETTINGS_MESSAGES.price,
      'promotionPricing.monthly.durationDays': SETTINGS_MESSAGES.duration,
      'promotionTiming.expiryWarningDays': SETTINGS_MESSAGES.expiryWarning,
    });
  });

  it("maps the server's request paths to the form's", () => {
    expect(settingsFieldErrors({ 'settings.defaultServiceRadius': 'Too far', 'promotionTiming.autoStart': 'No' })).toEqual({
      defaultServiceRadius: 'Too far',
      'promotionTiming.autoStart': 'No',
    });
  });
});
