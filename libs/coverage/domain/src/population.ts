import { COVERAGE_REGIONS, OTHER_REGION, type CoverageRegion, type RegionName } from '@afterwards/contracts';
import { distanceMiles } from '@afterwards/directory-domain';
import { regionOf } from '@afterwards/places/regions';

/** A populated place from the bundled places data (GeoNames towns and cities of 1,000+ people). */
export interface PlaceInput {
  readonly name: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly population: number;
  /** GeoNames feature code; PPLX is a section of a city. */
  readonly featureCode: string;
}

/** GeoNames gives London's boroughs as places of their own as well as inside London's figure. */
export const CITY_ABSORBS_WITHIN_MILES = 9.3; // 15 km
export const CITY_ABSORBS_FROM_POPULATION = 1_000_000;

export const POPULATION_RULE =
  'Population is the sum of the towns and cities of 1,000 or more people in the bundled GeoNames places data, each placed in a region by the same boundaries as the listings. ' +
  'Sections of a city (GeoNames PPLX) are left out, and so are places within 15 km of a city of a million or more people, which that city’s figure already includes. ' +
  'Villages under 1,000 people are not in the data, so rural regions read a little low.';

/** The places whose people are counted: not sections of cities, and not inside a big city's own figure. */
function countedPlaces(places: readonly PlaceInput[]): PlaceInput[] {
  const cities = places.filter((p) => p.population >= CITY_ABSORBS_FROM_POPULATION && p.featureCode !== 'PPLX');
  return places.filter(
    (place) =>
      place.featureCode !== 'PPLX' &&
      place.population > 0 &&
      !cities.some((c) => c !== place && distanceMiles(c.latitude, c.longitude, place.latitude, place.longitude) <= CITY_ABSORBS_WITHIN_MILES),
  );
}

/** People per region by POPULATION_RULE. */
export function regionPopulations(places: readonly PlaceInput[], placeRegion: (p: PlaceInput) => RegionName = (p) => regionOf(p.latitude, p.longitude)): Record<CoverageRegion, number> {
  const totals = Object.fromEntries(COVERAGE_REGIONS.map((r) => [r, 0])) as Record<CoverageRegion, number>;
  for (const place of countedPlaces(places)) {
    const region = placeRegion(place);
    if (region !== OTHER_REGION) totals[region] += place.population;
  }
  return totals;
}

/** A town whose people the directory should reach. */
export interface DemandTown {
  readonly name: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly population: number;
  readonly region: CoverageRegion;
}

export const DEMAND_TOWN_MIN_POPULATION = 10_000;

/** Towns and cities of 10,000+ people counted as POPULATION_RULE counts them (so London's boroughs are London), each with its region, most populous first. */
export function demandTowns(places: readonly PlaceInput[], placeRegion: (p: PlaceInput) => RegionName = (p) => regionOf(p.latitude, p.longitude)): DemandTown[] {
  const out: DemandTown[] = [];
  for (const p of countedPlaces(places)) {
    if (p.population < DEMAND_TOWN_MIN_POPULATION) continue;
    const region = placeRegion(p);
    if (region === OTHER_REGION) continue;
    out.push({ name: p.name, latitude: p.latitude, longitude: p.longitude, population: p.population, region });
  }
  return out.sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
}

/** Active listings per 100,000 people, to one decimal place (0 where nobody lives in the data). */
export const per100k = (listings: number, population: number): number => (population > 0 ? Math.round((listings / population) * 1_000_000) / 10 : 0);

/** Attribution the screen shows for the population figures (libs/places/data/SOURCES.md). */
export const POPULATION_ATTRIBUTION = 'Population: contains data from GeoNames (geonames.org), licensed under CC BY 4.0.';
