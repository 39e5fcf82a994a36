import { Controller, Get, Header, Inject, Query } from '@nestjs/common';
import { CoverageQuerySchema, CoveragePointsQuerySchema, type CoverageOpportunities, type CoveragePoints, type CoverageReport } from '@afterwards/contracts';
import type { PrismaClient } from '@afterwards/persistence';
import { PRISMA } from '@afterwards/server-kit';
import { CoverageAnalysis } from '../coverage-opportunities/coverage-analysis.service';
import { coveragePoints } from '../coverage-points/coverage-points';
import { coverageReport } from './coverage-report';

/** The Coverage Analytics screen's reads (staff only: every `/api/admin` route is behind the staff guard). */
@Controller('api/admin/coverage')
export class CoverageController {
  constructor(
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    private readonly analysis: CoverageAnalysis,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  report(@Query() raw: Record<string, string>): Promise<CoverageReport> {
    return coverageReport(this.prisma, CoverageQuerySchema.parse(raw).region);
  }

  @Get('opportunities')
  @Header('Cache-Control', 'no-store')
  opportunities(@Query() raw: Record<string, string>): Promise<CoverageOpportunities> {
    return this.analysis.opportunities(CoverageQuerySchema.parse(raw).region);
  }

  @Get('points')
  @Header('Cache-Control', 'no-store')
  points(@Query() raw: Record<string, string>): Promise<CoveragePoints> {
    return coveragePoints(this.prisma, CoveragePointsQuerySchema.parse(raw).region);
  }
}
