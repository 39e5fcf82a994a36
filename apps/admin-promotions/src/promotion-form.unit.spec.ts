import { PROMOTION_MESSAGES } from '@afterwards/contracts';
import { editableFields, emptyPromotionForm, endDateOf, formErrorsOf, formValuesOf, validatePromotionForm, type PromotionFormContext } from './promotion-form';
import { PRICING, TODAY, promotion } from './testing-fixtures';

const context: PromotionFormContext = { today: TODAY, pricing: PRICING, maxDurationDays: 365 };
const BUSINESS = '00000000-0000-4000-8000-000000000001';

describe('end date', () => {
  it('is the start date plus the plan’s days from Settings', () => {
    expect(endDateOf('2026-11-23', '14-day', PRICING)).toBe('2026-12-07');
    expect(endDateOf('2026-11-23', '1-month', PRICING)).toBe('2026-12-23');
    expect(endDateOf('2027-02-15', 'monthly', { ...PRICING, monthly: { ...PRICING.monthly, durationDays: 28 } })).toBe('2027-03-15');
  });

  it('is unknown without a whole start date', () => {
    expect(endDateOf('', '1-month', PRICING)).toBeNull();
    expect(endDateOf('2026-02-30', '1-month', PRICING)).toBeNull();
  });
});

describe('create form', () => {
  it('an empty form asks for a business, and defaults to today, the 1-month plan and position 1', () => {
    const values = emptyPromotionForm(TODAY);
    expect(values).toEqual({ listingId: '', plan: '1-month', startDate: TODAY, position: '1', autoRenew: false });
    expect(validatePromotionForm(values, null, context)).toEqual({ ok: false, errors: { listingId: PROMOTION_MESSAGES.selectBusiness } });
  });

  it('checks the start date and the position with the spec’s messages', () => {
    const filled = { ...emptyPromotionForm(TODAY), listingId: BUSINESS };
    expect(validatePromotionForm({ ...filled, startDate: '' }, null, context)).toEqual({ ok: false, errors: { startDate: PROMOTION_MESSAGES.startRequired } });
    expect(validatePromotionForm({ ...filled, startDate: '2026-11-22' }, null, context)).toEqual({ ok: false, errors: { startDate: PROMOTION_MESSAGES.startNotPast } });
    for (const position of ['0', '-2', '', '1.5', 'two']) {
      expect(validatePromotionForm({ ...filled, position }, null, context)).toEqual({ ok: false, errors: { position: PROMOTION_MESSAGES.position } });
    }
  });

  it('refuses auto-renew on a plan that is not monthly, and a plan longer than the maximum duration', () => {
    const filled = { ...emptyPromotionForm(TODAY), listingId: BUSINESS };
    expect(validatePromotionForm({ ...filled, plan: '14-day', autoRenew: true }, null, context)).toEqual({ ok: false, errors: { autoRenew: PROMOTION_MESSAGES.autoRenewMonthlyOnly } });
    expect(validatePromotionForm(filled, null, { ...context, maxDurationDays: 20 })).toEqual({ ok: false, errors: { plan: PROMOTION_MESSAGES.maxDuration(20) } });
  });

  it('sends the request the contract describes, with the end date the plan gives', () => {
    const result = validatePromotionForm({ listingId: BUSINESS, plan: 'monthly', startDate: '2026-11-30', position: ' 2 ', autoRenew: true }, null, context);
    expect(result).toEqual({ ok: true, create: { listingId: BUSINESS, plan: 'monthly', startDate: '2026-11-30', endDate: '2026-12-30', position: 2, autoRenew: true } });
  });
});

describe('edit form', () => {
  it('an Active promotion changes only its position and auto-renew', () => {
    expect(editableFields(promotion())).toEqual({ business: false, plan: false, startDate: false, position: true, autoRenew: true });
    // Its start is in the past, and the form's plan and start date inputs are ignored.
    const active = promotion({ plan: 'monthly', startDate: '2026-11-01', autoRenew: false, version: 4 });
    const values = { ...formValuesOf(active), plan: '14-day' as const, startDate: '2026-12-01', position: '3', autoRenew: true };
    expect(validatePromotionForm(values, active, context)).toEqual({ ok: true, edit: { expectedVersion: 4, position: 3, autoRenew: true } });
  });

  it('a Scheduled promotion may also change its plan and start date, which must not be in the past', () => {
    const scheduled = promotion({ status: 'Scheduled', startDate: '2026-12-01', endDate: '2026-12-31', version: 1 });
    expect(editableFields(scheduled)).toEqual({ business: false, plan: true, startDate: true, position: true, autoRenew: true });
    const moved = { ...formValuesOf(scheduled), plan: '14-day' as const, startDate: '2026-12-05' };
    expect(validatePromotionForm(moved, scheduled, context)).toEqual({ ok: true, edit: { expectedVersion: 1, position: 1, plan: '14-day', startDate: '2026-12-05' } });
    expect(validatePromotionForm({ ...moved, startDate: '2026-11-01' }, scheduled, context)).toEqual({ ok: false, errors: { startDate: PROMOTION_MESSAGES.startNotPast } });
  });

  it('turns auto-renew off when a monthly promotion moves to another plan', () => {
    const scheduled = promotion({ status: 'Scheduled', plan: 'monthly', autoRenew: true, startDate: '2026-12-01', version: 5 });
    const result = validatePromotionForm({ ...formValuesOf(scheduled), plan: '1-month', autoRenew: false }, scheduled, context);
    expect(result).toEqual({ ok: true, edit: { expectedVersion: 5, position: 1, autoRenew: false, plan: '1-month', startDate: '2026-12-01' } });
  });

  it('nothing can change once a promotion has ended', () => {
    expect(editableFields(promotion({ status: 'Expired' }))).toEqual({ business: false, plan: false, startDate: false, position: false, autoRenew: false });
  });
});

it('keeps server field errors for the form fields only', () => {
  expect(formErrorsOf({ listingId: 'Only active businesses can be promoted', 'startDate.value': 'Too early', expectedVersion: 'stale' })).toEqual({
    listingId: 'Only active businesses can be promoted',
    startDate: 'Too early',
  });
});
