import type { CoveragePoints, CoverageRegion } from '@afterwards/contracts';
import type { PrismaClient } from '@afterwards/persistence';

/**
 * Active listings of one region for the map at that region's zoom, grouped where they share a point to
 * 0.01° (about 1 km): a dot per place with how many listings are there, however large the region.
 */
export async function coveragePoints(prisma: PrismaClient, region: CoverageRegion): Promise<CoveragePoints> {
  const rows = await prisma.$queryRaw<{ lng: number; lat: number; n: number }[]>`
    SELECT round(longitude::numeric, 2)::float8 AS lng, round(latitude::numeric, 2)::float8 AS lat, count(*)::int AS n
    FROM listings WHERE status = 'Active' AND region = ${region} AND latitude IS NOT NULL AND longitude IS NOT NULL
    GROUP BY 1, 2 ORDER BY 1, 2`;
  return { region, points: rows.map((r) => [r.lng, r.lat, r.n]), total: rows.reduce((a, r) => a + r.n, 0) };
}
