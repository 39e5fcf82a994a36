// Builds data/regions/regions.topo.json, the compact boundaries the product uses to place listings in regions
// and to draw the coverage map, from two open datasets kept beside it (see data/regions/SOURCES.md):
//   - data/regions/uk_itl1_regions.geojson: the twelve ITL1 regions of the UK (ONS, OGL v3);
//   - the npm package world-atlas (Natural Earth, public domain): the Republic of Ireland.
// Run after changing either: `npm run boundaries -w @afterwards/places`. The output is committed,
// so nothing reads these sources at build or run time.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { geoArea } from 'd3-geo';
import { feature, quantize } from 'topojson-client';
import { topology } from 'topojson-server';
import { filter, filterWeight, presimplify, simplify, quantile } from 'topojson-simplify';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const data = path.join(here, '../data/regions');

/** Keeps this share of the points that matter most (by triangle area); borders stay shared. */
const KEEP = 0.45;
/** Rings smaller than this (square degrees, about 0.01 km²) are dropped after simplification. */
const MIN_RING_AREA = 1e-6;
/** About 0.0001° (11 m) of resolution over the British Isles' extent. */
const QUANTIZATION = 1e5;

const uk = JSON.parse(readFileSync(path.join(data, 'uk_itl1_regions.geojson'), 'utf8'));
const world = JSON.parse(readFileSync(require.resolve('world-atlas/countries-10m.json'), 'utf8'));
const ireland = feature(world, world.objects.countries).features.find((f) => f.id === '372');
if (!ireland) throw new Error('world-atlas has no Ireland (372)');

// d3-geo reads a polygon's exterior ring clockwise (RFC 7946 files go the other way): a ring that encloses
// more than half the sphere is the wrong way round.
function rewind(geometry) {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const fixed = polygons.map((rings) => {
    const exterior = { type: 'Polygon', coordinates: [rings[0]] };
    const reversed = geoArea(exterior) > 2 * Math.PI;
    return rings.map((ring) => (reversed ? [...ring].reverse() : ring));
  });
  return { type: 'MultiPolygon', coordinates: fixed };
}

const features = [
  ...uk.features.map((f) => ({ type: 'Feature', properties: { name: f.properties.name, code: f.properties.itl1_code }, geometry: rewind(f.geometry) })),
  { type: 'Feature', properties: { name: 'Ireland', code: 'IE' }, geometry: rewind(ireland.geometry) },
];

let topo = topology({ regions: { type: 'FeatureCollection', features } }, QUANTIZATION);
topo = presimplify(topo);
topo = simplify(topo, quantile(topo, 1 - KEEP));
// Islets the simplification has flattened to nothing go: a ring with no area reads as the whole sphere to d3-geo.
topo = filter(topo, filterWeight(topo, MIN_RING_AREA));
for (const g of topo.objects.regions.geometries) {
  if (!g.arcs?.length) throw new Error(`${g.properties.name} vanished in simplification`);
}
topo = quantize(topo, QUANTIZATION);
const out = path.join(data, 'regions.topo.json');
writeFileSync(out, JSON.stringify(topo));
console.log(`wrote ${out}: ${topo.objects.regions.geometries.length} regions, ${readFileSync(out).length} bytes`);
