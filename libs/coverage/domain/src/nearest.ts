import type { ListingCategory } from '@afterwards/contracts';
import { distanceMiles } from '@afterwards/directory-domain';

export interface ListingPoint {
  readonly category: ListingCategory;
  readonly latitude: number;
  readonly longitude: number;
}

export interface Located {
  readonly latitude: number;
  readonly longitude: number;
}

/** Grid cells of half a degree: a search never looks at more than the cells around the answer. */
const CELL = 0.5;
const cellKey = (lat: number, lng: number) => `${Math.floor(lat / CELL)}:${Math.floor(lng / CELL)}`;

class PointGrid {
  private readonly cells = new Map<string, Located[]>();
  constructor(points: readonly Located[]) {
    for (const p of points) {
      const key = cellKey(p.latitude, p.longitude);
      const list = this.cells.get(key);
      if (list) list.push(p);
      else this.cells.set(key, [p]);
    }
  }

  /** Miles to the nearest point, or null when there is none within `maxMiles`. */
  nearest(at: Located, maxMiles: number): number | null {
    const ci = Math.floor(at.latitude / CELL);
    const cj = Math.floor(at.longitude / CELL);
    // A ring of cells r away is at least (r - 1) cells away: about 34 miles a cell north-south, less east-west.
    const milesPerCellLat = CELL * 69;
    const milesPerCellLng = CELL * 69 * Math.cos(((Math.abs(at.latitude) + CELL) * Math.PI) / 180);
    const maxRing = Math.ceil(maxMiles / Math.min(milesPerCellLat, milesPerCellLng)) + 1;
    let best = Infinity;
    for (let r = 0; r <= maxRing; r++) {
      if (Number.isFinite(best) && (r - 1) * Math.min(milesPerCellLat, milesPerCellLng) > best) break;
      for (let i = ci - r; i <= ci + r; i++) {
        for (let j = cj - r; j <= cj + r; j++) {
          if (Math.max(Math.abs(i - ci), Math.abs(j - cj)) !== r) continue;
          for (const p of this.cells.get(`${i}:${j}`) ?? []) {
            const d = distanceMiles(at.latitude, at.longitude, p.latitude, p.longitude);
            if (d < best) best = d;
          }
        }
      }
    }
    return best <= maxMiles ? best : null;
  }
}

/**
 * For each place, the distance in miles to the nearest listing of each category (null: none within
 * `maxMiles`). Exact great-circle distances, found through a grid so 1,000 towns × 100,000 listings
 * takes milliseconds.
 */
export function nearestByCategory(places: readonly Located[], points: readonly ListingPoint[], maxMiles: number): Map<ListingCategory, (number | null)[]> {
  const byCategory = new Map<ListingCategory, ListingPoint[]>();
  for (const p of points) {
    const list = byCategory.get(p.category);
    if (list) list.push(p);
    else byCategory.set(p.category, [p]);
  }
  const out = new Map<ListingCategory, (number | null)[]>();
  for (const [category, list] of byCategory) {
    const grid = new PointGrid(list);
    out.set(
      category,
      places.map((place) => grid.nearest(place, maxMiles)),
    );
  }
  return out;
}

/**
 * How many listings would bring every place within `radiusMiles` of one: the most important uncovered
 * place first, each pick covering every place within the radius of it (a greedy cover, stated so the
 * figure can be checked by hand). Returns the picks in order.
 */
export function greedyCover<T extends Located>(places: readonly T[], weight: (p: T) => number, radiusMiles: number): T[] {
  const order = [...places].sort((a, b) => weight(b) - weight(a));
  const covered = new Set<T>();
  const picks: T[] = [];
  for (const p of order) {
    if (covered.has(p)) continue;
    picks.push(p);
    for (const q of order) if (!covered.has(q) && distanceMiles(p.latitude, p.longitude, q.latitude, q.longitude) <= radiusMiles) covered.add(q);
  }
  return picks;
}
