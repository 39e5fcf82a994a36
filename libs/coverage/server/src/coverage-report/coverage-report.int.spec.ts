import { randomUUID } from 'node:crypto';
import { createPrismaClient, persistenceMigrations, runMigrations, type PrismaClient } from '@afterwards/persistence';
import { testDatabaseFactories, type TestDatabase } from '@afterwards/persistence/testing';
import { directoryMigrations } from '@afterwards/directory-server';
import { regionOf } from '@afterwards/coverage-domain';
import { foldInteractionWeeks } from '../fold-interaction-weeks/fold-interaction-weeks.job';
import { coveragePoints } from '../coverage-points/coverage-points';
import { placeUnplacedListings } from '../place-listings/place-listings';
import { coverageReport } from './coverage-report';

describe.each(testDatabaseFactories)('coverage report on %s', (_name, create) => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  const ids: Record<string, string> = {};

  async function add(key: string, lat: number | null, lng: number | null, status: string, category = 'Funeral Directors', extra: Record<string, unknown> = {}) {
    const id = randomUUID();
    ids[key] = id;
    await prisma.listing.create({
      data: {
        id,
        name: key,
        category,
        location: key,
        serviceRadiusMiles: 5,
        servesSurroundingAreas: false,
        status,
        promoted: false,
        totalReviews: 0,
        latitude: lat,
        longitude: lng,
        region: regionOf(lat, lng),
        version: 0n,
        createdAt: new Date(),
        updatedAt: new Date(),
        ...extra,
      },
    });
  }

  beforeAll(async () => {
    db = await create();
    await runMigrations(db.sql, [...persistenceMigrations, ...directoryMigrations]);
    prisma = createPrismaClient(db.sql);
    await add('Glasgow FD 1', 55.8642, -4.2518, 'Active');
    await add('Glasgow FD 2', 55.8645, -4.2519, 'Active');
    await add('Edinburgh Legal', 55.9521, -3.1965, 'Active', 'Legal Services');
    await add('Inverness pending', 57.479, -4.224, 'Pending Review');
    await add('Aberdeen rejected', 57.1497, -2.0943, 'Inactive', 'Funeral Directors', { rejectionReason: 'Duplicate' });
    await add('Leeds FD', 53.7965, -1.5478, 'Active');
    await add('Cork FD', 51.898, -8.4706, 'Active');
    await add('No idea where', null, null, 'Pending Review');
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.dispose();
  });

  it('counts all regions from the kept counts: totals, breakdowns, gaps by the spec rule and the map figures', async () => {
    const report = await coverageReport(prisma, 'all');
    expect(report).toMatchObject({
      selectedRegion: 'all',
      totalBusinesses: 8,
      totalBusinessesInRegion: 8,
      activeBusinesses: 5,
      pendingBusinesses: 2,
      rejectedBusinesses: 1,
      suspendedBusinesses: 0,
    });
    expect(report.regionBreakdown).toEqual([
      { region: 'Scotland', count: 3 },
      { region: 'Ireland', count: 1 },
      { region: 'Yorkshire and The Humber', count: 1 },
    ]);
    expect(report.categoryBreakdown).toEqual([
      { category: 'Funeral Directors', count: 4 },
      { category: 'Legal Services', count: 1 },
    ]);
    // Every region's potential is at least 100: the five largest gaps, ties by name.
    expect(report.gapAnalysis.map((g) => [g.region, g.gap])).toEqual([
      ['East Midlands', 100],
      ['East of England', 100],
      ['London', 100],
      ['North East', 100],
      ['North West', 100],
    ]);
    expect(report.regions).toHaveLength(13);
    const scotland = report.regions.find((r) => r.region === 'Scotland')!;
    expect(scotland).toMatchObject({ listings: 5, active: 3, categories: { 'Funeral Directors': 2, 'Legal Services': 1 } });
    expect(scotland.population).toBeGreaterThan(3_000_000);
    expect(scotland.activePer100k).toBeCloseTo((3 / scotland.population) * 100_000, 1);
    expect(report.unplaced).toEqual({ count: 1, listings: [{ id: ids['No idea where'], name: 'No idea where', location: 'No idea where', status: 'Pending Review' }] });
    expect(report.trend).toHaveLength(12);
  });

  it('narrows to one region, with gaps by category', async () => {
    const report = await coverageReport(prisma, 'Scotland');
    expect(report).toMatchObject({ selectedRegion: 'Scotland', totalBusinessesInRegion: 5, totalBusinesses: 8, activeBusinesses: 3, pendingBusinesses: 1, rejectedBusinesses: 1 });
    expect(report.categoryBreakdown).toEqual([
      { category: 'Funeral Directors', count: 2 },
      { category: 'Legal Services', count: 1 },
    ]);
    expect(report.gapAnalysis).toHaveLength(8);
    expect(report.gapAnalysis[0]).toEqual({ region: 'Scotland', category: 'Accountants', currentCount: 0, potential: 20, gap: 20 });
    expect(report.gapAnalysis.find((g) => g.category === 'Funeral Directors')).toBeUndefined(); // gap 18, below the top 8 of 20s and 19s
  });

  it('gives the map one dot per place of the Active listings of a region', async () => {
    expect(await coveragePoints(prisma, 'Scotland')).toEqual({
      region: 'Scotland',
      points: [
        [-4.25, 55.86, 2],
        [-3.2, 55.95, 1],
      ],
      total: 3,
    });
  });

  it('folds views and contact actions into weeks per region', async () => {
    const now = new Date();
    const rows = [
      ['Glasgow FD 1', 'view'],
      ['Glasgow FD 1', 'view'],
      ['Glasgow FD 1', 'call'],
      ['Glasgow FD 2', 'click'],
      ['Leeds FD', 'website'],
    ];
    for (const [key, action] of rows) {
      await db.sql.query(`INSERT INTO listing_interactions (listing_id, action, session_id, page, created_at) VALUES ($1, $2, 's', 'resources', $3)`, [ids[key!], action, now]);
    }
    // A view three weeks ago.
    await db.sql.query(`INSERT INTO listing_interactions (listing_id, action, session_id, page, created_at) VALUES ($1, 'view', 's', 'resources', now() - interval '21 days')`, [ids['Cork FD']]);
    expect(await foldInteractionWeeks(db.sql)).toBe(6);
    expect(await foldInteractionWeeks(db.sql)).toBe(0); // nothing twice
    const scotland = await coverageReport(prisma, 'Scotland');
    expect(scotland.trend.at(-1)).toMatchObject({ views: 2, contacts: 1 });
    const all = await coverageReport(prisma, 'all');
    expect(all.trend.at(-1)).toMatchObject({ views: 2, contacts: 2 });
    expect(all.trend.at(-4)).toMatchObject({ views: 1, contacts: 0 });
    expect(all.trend.map((w) => new Date(`${w.weekStart}T12:00:00Z`).getUTCDay())).toEqual(Array(12).fill(1)); // Mondays
  });

  it('places listings written before they had a region', async () => {
    await db.sql.query(`UPDATE listings SET region = NULL WHERE name IN ('Cork FD', 'No idea where')`);
    expect(await placeUnplacedListings(db.sql)).toBe(2);
    const rows = await prisma.listing.findMany({ where: { name: { in: ['Cork FD', 'No idea where'] } }, select: { name: true, region: true }, orderBy: { name: 'asc' } });
    expect(rows).toEqual([
      { name: 'Cork FD', region: 'Ireland' },
      { name: 'No idea where', region: 'Other' },
    ]);
    expect(await placeUnplacedListings(db.sql)).toBe(0);
  });
});
