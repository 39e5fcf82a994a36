import { OTHER_REGION, type CoverageRegion, type RegionName } from '@afterwards/contracts';
import { regionFeatures } from './boundaries';

/**
 * A point outside every boundary but this close to one belongs to the nearest region: the boundaries are
 * generalised and clipped to the coastline, so a harbour, a pier or a small island (the Scilly Isles are
 * 45 km out, so they are drawn) can fall just outside. Farther out (Jersey, the Isle of Man, a mistyped
 * point at sea) the listing is 'Other' and shown to staff to correct.
 */
export const NEAREST_REGION_MAX_KM = 25;

export type RegionMethod = 'inside' | 'nearest' | 'no-coordinates' | 'outside';

export interface RegionAssignment {
  readonly region: RegionName;
  readonly method: RegionMethod;
}

interface Ring {
  /** Longitude, latitude pairs, flat. */
  readonly xy: Float64Array;
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

interface IndexedRegion {
  readonly name: CoverageRegion;
  /** Rings of every polygon (exterior and holes); even-odd over all of them is inside-ness. */
  readonly rings: readonly Ring[];
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

let index: readonly IndexedRegion[] | undefined;

function buildIndex(): readonly IndexedRegion[] {
  return regionFeatures().map((f) => {
    const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    const rings: Ring[] = [];
    for (const polygon of polygons) {
      for (const ring of polygon) {
        const xy = new Float64Array(ring.length * 2);
        let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity; // prettier-ignore
        ring.forEach(([x, y], i) => {
          xy[i * 2] = x!;
          xy[i * 2 + 1] = y!;
          minX = Math.min(minX, x!);
          maxX = Math.max(maxX, x!);
          minY = Math.min(minY, y!);
          maxY = Math.max(maxY, y!);
        });
        rings.push({ xy, minX, minY, maxX, maxY });
      }
    }
    return {
      name: f.properties.name,
      rings,
      minX: Math.min(...rings.map((r) => r.minX)),
      minY: Math.min(...rings.map((r) => r.minY)),
      maxX: Math.max(...rings.map((r) => r.maxX)),
      maxY: Math.max(...rings.map((r) => r.maxY)),
    };
  });
}

/**
 * Even-odd ray casting in longitude/latitude. Over edges of a few hundred metres (the boundaries' detail)
 * a planar test and a spherical one agree; the planar one is about a hundred times faster, which matters
 * when a rebuild places every listing again.
 */
function inside(region: IndexedRegion, x: number, y: number): boolean {
  if (x < region.minX || x > region.maxX || y < region.minY || y > region.maxY) return false;
  let odd = false;
  for (const ring of region.rings) {
    if (x < ring.minX || x > ring.maxX || y < ring.minY || y > ring.maxY) continue;
    const p = ring.xy;
    const n = p.length / 2;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const xi = p[i * 2]!, yi = p[i * 2 + 1]!, xj = p[j * 2]!, yj = p[j * 2 + 1]!; // prettier-ignore
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
    }
  }
  return odd;
}

const KM_PER_DEGREE = 111.195;

/** Shortest distance in km from the point to the region's edges (equirectangular at the point's latitude). */
function distanceKm(region: IndexedRegion, x: number, y: number, limitKm: number): number {
  const kx = KM_PER_DEGREE * Math.cos((y * Math.PI) / 180);
  const ky = KM_PER_DEGREE;
  const padX = limitKm / kx;
  const padY = limitKm / ky;
  if (x < region.minX - padX || x > region.maxX + padX || y < region.minY - padY || y > region.maxY + padY) return Infinity;
  let best = Infinity;
  for (const ring of region.rings) {
    if (x < ring.minX - padX || x > ring.maxX + padX || y < ring.minY - padY || y > ring.maxY + padY) continue;
    const p = ring.xy;
    const n = p.length / 2;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const ax = (p[j * 2]! - x) * kx, ay = (p[j * 2 + 1]! - y) * ky; // prettier-ignore
      const bx = (p[i * 2]! - x) * kx, by = (p[i * 2 + 1]! - y) * ky; // prettier-ignore
      const dx = bx - ax, dy = by - ay; // prettier-ignore
      const len = dx * dx + dy * dy;
      const t = len === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len));
      const d = Math.hypot(ax + t * dx, ay + t * dy);
      if (d < best) best = d;
    }
  }
  return best;
}

/**
 * The region of a point: the region whose boundary contains it; else the nearest within
 * NEAREST_REGION_MAX_KM; else 'Other'. No coordinates is 'Other' too. The UK's regions are tested before
 * Ireland, so a point where the two datasets overlap along the border keeps the ONS answer.
 */
export function assignRegion(latitude: number | null | undefined, longitude: number | null | undefined): RegionAssignment {
  if (latitude == null || longitude == null || !Number.isFinite(latitude) || !Number.isFinite(longitude)) {
    return { region: OTHER_REGION, method: 'no-coordinates' };
  }
  index ??= buildIndex();
  for (const region of index) if (inside(region, longitude, latitude)) return { region: region.name, method: 'inside' };
  let nearest: IndexedRegion | undefined;
  let best = NEAREST_REGION_MAX_KM;
  for (const region of index) {
    const d = distanceKm(region, longitude, latitude, best);
    if (d <= best) {
      best = d;
      nearest = region;
    }
  }
  return nearest ? { region: nearest.name, method: 'nearest' } : { region: OTHER_REGION, method: 'outside' };
}

/** Only the name, for the read model. */
export const regionOf = (latitude: number | null | undefined, longitude: number | null | undefined): RegionName => assignRegion(latitude, longitude).region;
