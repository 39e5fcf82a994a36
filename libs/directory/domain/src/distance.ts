/** Earth radius the product uses for distances. */
export const EARTH_RADIUS_MILES = 3959;

/** Great-circle distance in miles (haversine), unrounded. */
export function distanceMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Distances are shown and compared rounded to 0.1 mile. */
export const roundMiles = (miles: number): number => Math.round(miles * 10) / 10;
