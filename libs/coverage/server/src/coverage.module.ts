import { Module } from '@nestjs/common';
import { CoverageAnalysis } from './coverage-opportunities/coverage-analysis.service';
import { CoverageController } from './coverage-report/coverage.http.controller';
import { PlaceListingsOnStart } from './place-listings/place-listings';

/** Coverage analytics: regions, gaps and opportunities from the directory's read models. */
@Module({
  controllers: [CoverageController],
  providers: [CoverageAnalysis, PlaceListingsOnStart],
})
export class CoverageModule {}
