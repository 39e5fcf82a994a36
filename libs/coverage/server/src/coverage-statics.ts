import type { CoverageRegion } from '@afterwards/contracts';
import { demandTowns, regionPopulations, type DemandTown } from '@afterwards/coverage-domain';
import { loadGazetteer } from '@afterwards/places';

export interface CoverageStatics {
  /** People per region (POPULATION_RULE). */
  readonly populations: Record<CoverageRegion, number>;
  readonly totalPopulation: number;
  /** Towns of 10,000+ people, most populous first. */
  readonly towns: readonly DemandTown[];
}

let statics: CoverageStatics | undefined;

/** Figures from the bundled places data: they never change while the product runs, so worked out once. */
export function coverageStatics(): CoverageStatics {
  if (!statics) {
    const places = loadGazetteer().towns;
    const populations = regionPopulations(places);
    statics = { populations, totalPopulation: Object.values(populations).reduce((a, b) => a + b, 0), towns: demandTowns(places) };
  }
  return statics;
}
