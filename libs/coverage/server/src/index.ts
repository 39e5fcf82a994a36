export { CoverageModule } from './coverage.module';
export { coverageReport, type Selection } from './coverage-report/coverage-report';
export { CoverageAnalysis } from './coverage-opportunities/coverage-analysis.service';
export { coveragePoints } from './coverage-points/coverage-points';
export { foldInteractionWeeks, foldInteractionWeeksProcessor, foldInteractionWeeksJob } from './fold-interaction-weeks/fold-interaction-weeks.job';
export { placeUnplacedListings } from './place-listings/place-listings';
export { coverageStatics } from './coverage-statics';
export { countCoverage, coverageCounts } from './coverage-counts';
