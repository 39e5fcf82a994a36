import {
  calendarDateOf,
  daysLeftLabel,
  formatCalendarDate,
  isExpiringSoon,
  percent,
  planLabel,
  promotionActions,
  renewalTerms,
  statusTone,
} from './promotion-view';
import { PRICING, TODAY, promotion } from './testing-fixtures';

describe('days remaining', () => {
  it.each([
    [-3, 'Expired'],
    [0, 'Expired'],
    [1, '1 day'],
    [2, '2 days'],
    [1200, '1,200 days'],
  ])('%i reads %s', (days, label) => {
    expect(daysLeftLabel(days)).toBe(label);
  });
});

describe('the expiring-soon banner', () => {
  it('shows on an Active promotion with 1 to 3 days left', () => {
    const shown = [-1, 0, 1, 2, 3, 4].filter((daysRemaining) => isExpiringSoon(promotion({ daysRemaining })));
    expect(shown).toEqual([1, 2, 3]);
  });

  it('never shows on a promotion that is not Active', () => {
    for (const status of ['Scheduled', 'Pending Payment', 'Expired', 'Cancelled'] as const) expect(isExpiringSoon(promotion({ status, daysRemaining: 2 }))).toBe(false);
  });
});

describe('the actions offered', () => {
  it('renews an Active promotion only with 3 or fewer days left (its grace days included)', () => {
    const renewable = [-1, 0, 1, 3, 4, 17].filter((daysRemaining) => promotionActions(promotion({ daysRemaining }), TODAY).renew);
    expect(renewable).toEqual([-1, 0, 1, 3]);
    expect(promotionActions(promotion({ status: 'Scheduled', daysRemaining: 2 }), TODAY).renew).toBe(false);
  });

  it('cancels only while Active, edits while Scheduled or Active', () => {
    expect(promotionActions(promotion(), TODAY)).toEqual({ edit: true, renew: false, cancel: true, start: false });
    for (const status of ['Expired', 'Cancelled', 'Pending Payment'] as const) {
      expect(promotionActions(promotion({ status }), TODAY)).toEqual({ edit: false, renew: false, cancel: false, start: false });
    }
  });

  it('starts a Scheduled promotion once its start date has come', () => {
    expect(promotionActions(promotion({ status: 'Scheduled', startDate: TODAY }), TODAY)).toEqual({ edit: true, renew: false, cancel: false, start: true });
    expect(promotionActions(promotion({ status: 'Scheduled', startDate: '2026-11-24' }), TODAY).start).toBe(false);
  });
});

describe('renewal terms', () => {
  it('adds the plan’s days from Settings to the current end date, at the plan’s price', () => {
    expect(renewalTerms(promotion({ plan: '1-month', endDate: '2026-11-25' }), PRICING)).toEqual({ endDate: '2026-12-25', price: 99, durationDays: 30 });
    const pricing = { ...PRICING, '14-day': { ...PRICING['14-day'], price: 59.5, durationDays: 14 } };
    expect(renewalTerms(promotion({ plan: '14-day', endDate: '2026-12-25' }), pricing)).toEqual({ endDate: '2027-01-08', price: 59.5, durationDays: 14 });
  });
});

describe('labels', () => {
  it('colours the known statuses and shows any other value in red', () => {
    expect(statusTone('Active')).toBe('success');
    expect(statusTone('Scheduled')).toBe('accent');
    expect(statusTone('Pending Payment')).toBe('warning');
    expect(statusTone('Expired')).toBe('neutral');
    expect(statusTone('Cancelled')).toBe('neutral');
    expect(statusTone('Refunded')).toBe('danger');
  });

  it('names plans by their Settings title', () => {
    expect(planLabel('14-day', PRICING)).toBe('14-Day Boost');
    expect(planLabel('monthly', { ...PRICING, monthly: { ...PRICING.monthly, title: 'Always On' } })).toBe('Always On');
    expect(planLabel('1-month')).toBe('1-Month Feature');
  });

  it('shows calendar dates in en-GB whatever the time zone, and rates to one decimal place', () => {
    expect(formatCalendarDate('2026-03-01')).toBe('1 Mar 2026');
    expect(calendarDateOf('2026-06-30T23:30:00.000Z')).toBe('2026-07-01');
    expect(percent(3.4)).toBe('3.4%');
    expect(percent(0)).toBe('0.0%');
    expect(percent(12.5)).toBe('12.5%');
  });
});
