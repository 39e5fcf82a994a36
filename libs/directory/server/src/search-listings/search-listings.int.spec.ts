import { randomUUID } from 'node:crypto';
import { LISTING_CATEGORIES, MISSING_POSITION, type ListingCategory } from '@afterwards/contracts';
import { createPrismaClient, persistenceMigrations, runMigrations, type PrismaClient } from '@afterwards/persistence';
import { testDatabaseFactories, type TestDatabase } from '@afterwards/persistence/testing';
import { prng } from '@afterwards/testing';
import { distanceMiles, roundMiles } from '@afterwards/directory-domain';
import { directoryMigrations } from '../directory.migrations';
import { SearchListingsHandler } from './search-listings.handler';
import { SearchListings } from './search-listings.query';

interface Seeded {
  id: string;
  name: string;
  category: ListingCategory;
  status: string;
  promoted: boolean;
  position: number | null;
  latitude: number;
  longitude: number;
  serviceRadiusMiles: number;
}


/** The finder's rules written plainly, to compare the indexed two-phase query against. */
function expected(rows: Seeded[], lat: number, lng: number, radius: number, category?: ListingCategory) {
  const found = rows
    .filter((r) => r.status === 'Active' && (!category || r.category === category))
    .map((r) => ({ ...r, distance: roundMiles(distanceMiles(lat, lng, r.latitude, r.longitude)) }))
    .filter((r) => r.distance <= radius);
  const pos = (r: Seeded) => (r.promoted ? (r.position ?? MISSING_POSITION) : 0);
  found.sort(
    (a, b) =>
      Number(b.promoted) - Number(a.promoted) ||
      pos(a) - pos(b) ||
      a.distance - b.distance ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
      (a.id < b.id ? -1 : 1),
  );
  return { total: found.length, page: found.slice(0, 100).map((r) => ({ id: r.id, distanceMiles: r.distance, withinServiceArea: r.distance <= r.serviceRadiusMiles })) };
}

describe.each(testDatabaseFactories)('radius search on %s', (_name, create) => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  const rows: Seeded[] = [];

  beforeAll(async () => {
    db = await create();
    await runMigrations(db.sql, [...persistenceMigrations, ...directoryMigrations]);
    prisma = createPrismaClient(db.sql);
    const random = prng(5);
    // 1,500 listings around Leeds and Manchester; some share a point (equal distances), many promoted.
    const spots = Array.from({ length: 40 }, () => [53.5 + random() * 0.6, -2.5 + random() * 1.2] as const);
    for (let i = 0; i < 1_500; i++) {
      const [lat, lng] = random() < 0.2 ? spots[Math.floor(random() * spots.length)]! : [53.4 + random() * 0.8, -2.7 + random() * 1.6];
      const roll = random();
      const promoted = roll < 0.1;
      rows.push({
        id: randomUUID(),
        name: `Listing ${String(Math.floor(random() * 400)).padStart(4, '0')}`,
        category: LISTING_CATEGORIES[Math.floor(random() * LISTING_CATEGORIES.length)]!,
        status: roll < 0.8 ? 'Active' : roll < 0.9 ? 'Pending Review' : 'Suspended',
        promoted,
        position: promoted && random() < 0.7 ? 1 + Math.floor(random() * 3) : null,
        latitude: Number(lat.toFixed(5)),
        longitude: Number(lng.toFixed(5)),
        serviceRadiusMiles: 5 + Math.floor(random() * 30),
      });
    }
    for (let i = 0; i < rows.length; i += 250) {
      await prisma.listing.createMany({
        data: rows.slice(i, i + 250).map((r) => ({
          id: r.id,
          name: r.name,
          category: r.category,
          location: 'Leeds',
          serviceRadiusMiles: r.serviceRadiusMiles,
          servesSurroundingAreas: false,
          status: r.status,
          promoted: r.promoted,
          position: r.position,
          totalReviews: 0,
          latitude: r.latitude,
          longitude: r.longitude,
          version: 0n,
          createdAt: new Date(),
          updatedAt: new Date(),
        })),
      });
    }
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.dispose();
  });

  it.each([
    [53.7965, -1.5478, 25, undefined],
    [53.4808, -2.2426, 25, undefined],
    [53.4808, -2.2426, 25, 'Funeral Directors'],
    [53.7, -1.9, 10, 'Legal Services'],
    [53.7, -1.9, 100, undefined],
    [51.5, -0.12, 25, undefined],
  ] as const)('around %s, %s within %s miles (category %s) equals the rules applied to every row', async (lat, lng, radius, category) => {
    const handler = new SearchListingsHandler(prisma);
    const result = await handler.execute(new SearchListings({ lat, lng, radiusMiles: radius, category }));
    const want = expected(rows, lat, lng, radius, category);
    expect(result.total).toBe(want.total);
    expect(result.listings.map((l) => ({ id: l.id, distanceMiles: l.distanceMiles, withinServiceArea: l.withinServiceArea }))).toEqual(want.page);
    expect(result.featured).toBe(result.listings.filter((l) => l.promoted).length);
  });

  it('lists every Active listing in order when there is no place', async () => {
    const result = await new SearchListingsHandler(prisma).execute(new SearchListings({}));
    const active = rows.filter((r) => r.status === 'Active');
    expect(result.total).toBe(active.length);
    const pos = (r: Seeded) => (r.promoted ? (r.position ?? MISSING_POSITION) : 0);
    const order = [...active].sort(
      (a, b) => Number(b.promoted) - Number(a.promoted) || pos(a) - pos(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.id < b.id ? -1 : 1),
    );
    expect(result.listings.map((l) => l.id)).toEqual(order.slice(0, 100).map((r) => r.id));
  });
  it('counts searches that found nothing near a place, by place and category only', async () => {
    const handler = new SearchListingsHandler(prisma);
    const search = (criteria: ConstructorParameters<typeof SearchListings>[0]) => handler.execute(new SearchListings(criteria));
    expect((await search({ location: 'Inverness', category: 'Funeral Directors' })).total).toBe(0);
    expect((await search({ location: 'Inverness', category: 'Funeral Directors' })).total).toBe(0);
    // Around someone's own location: kept as the nearest town, never the point itself.
    expect((await search({ lat: 58.4391, lng: -3.1, radiusMiles: 10 })).total).toBe(0);
    // Found something, or no place to measure from: nothing counted.
    expect((await search({ location: 'Leeds' })).total).toBeGreaterThan(0);
    expect((await search({ location: 'Nowhere-on-Sea' })).searchType).toBe('not_found');
    const counted = await prisma.$queryRaw<Record<string, unknown>[]>`
      SELECT place, category, region, latitude, longitude, searches FROM finder_unmet_searches WHERE place LIKE 'Inverness%' OR place LIKE 'Wick%' OR place LIKE 'Leeds%' ORDER BY place`;
    expect(counted).toEqual([
      { place: 'Inverness, Highland', category: 'Funeral Directors', region: 'Scotland', latitude: 57.47908, longitude: -4.22398, searches: 2 },
      { place: 'Wick, Highland', category: 'all', region: 'Scotland', latitude: 58.43906, longitude: -3.09424, searches: 1 },
    ]);
    const columns = await prisma.$queryRaw<{ column_name: string }[]>`
      SELECT column_name FROM information_schema.columns WHERE table_name = 'finder_unmet_searches' ORDER BY ordinal_position`;
    expect(columns.map((c) => c.column_name)).toEqual(['day', 'place', 'category', 'region', 'latitude', 'longitude', 'searches']);
  });
});
