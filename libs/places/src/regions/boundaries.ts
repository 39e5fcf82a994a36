import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { COVERAGE_REGIONS, type CoverageRegion } from '@afterwards/contracts';
import topology from '../../data/regions/regions.topo.json' with { type: 'json' };

export interface RegionProperties {
  readonly name: CoverageRegion;
  /** ITL1 code (TLC … TLN), or IE. */
  readonly code: string;
}

export type RegionFeature = Feature<MultiPolygon | Polygon, RegionProperties>;

/** The bundled boundaries as TopoJSON (shared arcs: the map draws borders once). */
export const REGIONS_TOPOLOGY = topology as unknown as Topology<{ regions: GeometryCollection<RegionProperties> }>;

let features: readonly RegionFeature[] | undefined;

/** The thirteen regions as GeoJSON features, in the order of COVERAGE_REGIONS. */
export function regionFeatures(): readonly RegionFeature[] {
  if (!features) {
    const all = (feature(REGIONS_TOPOLOGY, REGIONS_TOPOLOGY.objects.regions) as FeatureCollection<MultiPolygon | Polygon, RegionProperties>).features;
    features = COVERAGE_REGIONS.map((name) => {
      const f = all.find((x) => x.properties.name === name);
      if (!f) throw new Error(`The boundaries have no region named ${name}`);
      return f;
    });
  }
  return features;
}

/** Attribution the screen shows for the boundaries (libs/places/data/regions/SOURCES.md). */
export const BOUNDARY_ATTRIBUTION =
  'Region boundaries: Source: Office for National Statistics licensed under the Open Government Licence v3.0. Contains OS data © Crown copyright and database right 2018. ' +
  'Republic of Ireland: Made with Natural Earth (public domain), via the world-atlas package.';
