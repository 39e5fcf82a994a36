// The screen's calls (routes in libs/contracts/src/coverage.ts), each answer checked against the shared schemas.
import { ADMIN_COVERAGE_PATH, CoverageOpportunitiesSchema, CoveragePointsSchema, CoverageReportSchema, type CoverageRegion } from '@afterwards/contracts';
import { queryString, staffRequest } from '@afterwards/web-staff';

export const COVERAGE_KEY = ['admin-coverage'] as const;
export const keys = {
  report: (region: string) => [...COVERAGE_KEY, 'report', region] as const,
  opportunities: (region: string) => [...COVERAGE_KEY, 'opportunities', region] as const,
  points: (region: string) => [...COVERAGE_KEY, 'points', region] as const,
};

export const coverageApi = {
  report: (region: string, signal?: AbortSignal) => staffRequest('GET', `${ADMIN_COVERAGE_PATH}${queryString({ region })}`, { schema: CoverageReportSchema, signal }),
  opportunities: (region: string, signal?: AbortSignal) =>
    staffRequest('GET', `${ADMIN_COVERAGE_PATH}/opportunities${queryString({ region })}`, { schema: CoverageOpportunitiesSchema, signal }),
  points: (region: CoverageRegion, signal?: AbortSignal) => staffRequest('GET', `${ADMIN_COVERAGE_PATH}/points${queryString({ region })}`, { schema: CoveragePointsSchema, signal }),
};
