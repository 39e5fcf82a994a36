// Promotions and settings for the unit tests.
import { DEFAULT_SETTINGS, type AdminPromotion } from '@afterwards/contracts';

export const TODAY = '2026-11-23';
export const PRICING = DEFAULT_SETTINGS.promotionPricing;

export function promotion(overrides: Partial<AdminPromotion> = {}): AdminPromotion {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    listingId: '00000000-0000-4000-8000-000000000001',
    businessName: 'Hartley & Sons Funeral Directors',
    businessCategory: 'Funeral Directors',
    businessLocation: 'Leeds',
    businessStatus: 'Active',
    plan: '1-month',
    startDate: '2026-11-10',
    endDate: '2026-12-10',
    durationDays: 30,
    amount: 99,
    revenue: 99,
    period: 1,
    status: 'Active',
    placePaused: false,
    paymentStatus: 'Paid',
    autoRenew: false,
    position: 1,
    daysRemaining: 17,
    views: 0,
    clicks: 0,
    conversions: 0,
    clickThroughRate: 0,
    conversionRate: 0,
    version: 2,
    createdAt: '2026-11-10T09:00:00.000Z',
    ...overrides,
  };
}
