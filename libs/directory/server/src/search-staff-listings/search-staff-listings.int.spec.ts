import { randomUUID } from 'node:crypto';
import { LISTING_CATEGORIES, LISTING_STATUSES, type AdminListingsQuery, type ListingCategory, type ListingStatus } from '@afterwards/contracts';
import { createPrismaClient, persistenceMigrations, runMigrations, type PrismaClient } from '@afterwards/persistence';
import { testDatabaseFactories, type TestDatabase } from '@afterwards/persistence/testing';
import { prng } from '@afterwards/testing';
import { directoryMigrations } from '../directory.migrations';
import { SearchStaffListingsHandler, StaffListingIdsHandler } from './search-staff-listings.handler';
import { SearchStaffListings, StaffListingIds } from './search-staff-listings.query';

interface Seeded {
  id: string;
  name: string;
  category: ListingCategory;
  location: string;
  status: ListingStatus;
  promoted: boolean;
  createdAt: Date;
}

const TOWNS = ['Leeds', 'York', 'Bradford', 'Belfast', 'Cork', 'Swansea', 'Perth'];
const WORDS = ['Funeral Care', 'Solicitors', '50% Off Probate', 'Co-op Funerals', 'Under_score Ltd', 'Register Office'];


/** The staff list's rules written plainly: filter, then order (id breaks ties), then page. */
function expected(rows: Seeded[], q: Required<Pick<AdminListingsQuery, 'sort' | 'order' | 'page' | 'pageSize'>> & AdminListingsQuery) {
  const text = q.q?.toLowerCase();
  const found = rows.filter(
    (r) =>
      (!q.status || q.status === 'all' || r.status === q.status) &&
      (!q.category || q.category === 'all' || r.category === q.category) &&
      (!q.promoted || q.promoted === 'all' || r.promoted === (q.promoted === 'yes')) &&
      (!text || `${r.name} ${r.location} ${r.category}`.toLowerCase().includes(text)),
  );
  const key = (r: Seeded): string | number => (q.sort === 'createdAt' ? r.createdAt.getTime() : (r[q.sort as 'name' | 'location' | 'category' | 'status'] as string));
  const sign = q.order === 'asc' ? 1 : -1;
  found.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) return (ka < kb ? -1 : 1) * sign;
    return (a.id < b.id ? -1 : 1) * sign;
  });
  const page = Number(q.page);
  const size = Number(q.pageSize);
  return { total: found.length, ids: found.slice((page - 1) * size, page * size).map((r) => r.id) };
}

describe.each(testDatabaseFactories)('staff listing search on %s', (_name, create) => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  let search: SearchStaffListingsHandler;
  let ids: StaffListingIdsHandler;
  const rows: Seeded[] = [];

  beforeAll(async () => {
    db = await create();
    await runMigrations(db.sql, [...persistenceMigrations, ...directoryMigrations]);
    prisma = createPrismaClient(db.sql);
    search = new SearchStaffListingsHandler(prisma);
    ids = new StaffListingIdsHandler(prisma);
    const random = prng(11);
    const start = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 600; i++) {
      rows.push({
        id: randomUUID(),
        name: `${TOWNS[Math.floor(random() * TOWNS.length)]} ${WORDS[Math.floor(random() * WORDS.length)]}`,
        category: LISTING_CATEGORIES[Math.floor(random() * LISTING_CATEGORIES.length)]!,
        location: TOWNS[Math.floor(random() * TOWNS.length)]!,
        status: LISTING_STATUSES[Math.floor(random() * LISTING_STATUSES.length)]!,
        promoted: random() < 0.15,
        // Some listings share a creation time, so the id tie-break matters.
        createdAt: new Date(start + Math.floor(random() * 200) * 60_000),
      });
    }
    await prisma.listing.createMany({
      data: rows.map((r) => ({
        id: r.id,
        name: r.name,
        category: r.category,
        location: r.location,
        serviceRadiusMiles: 5,
        servesSurroundingAreas: false,
        status: r.status,
        promoted: r.promoted,
        totalReviews: 0,
        version: 0n,
        createdAt: r.createdAt,
        updatedAt: r.createdAt,
      })),
    });
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.dispose();
  });

  const base = { sort: 'createdAt', order: 'desc', page: 1, pageSize: 25 } as const;
  it.each<AdminListingsQuery>([
    {},
    { status: 'Pending Review' },
    { category: 'Funeral Directors', promoted: 'no' },
    { promoted: 'yes', page: 2, pageSize: 10 },
    { q: 'LEEDS' },
    { q: 'leeds', status: 'Active' },
    { q: 'co-op', order: 'asc' },
    // LIKE wildcards in the text are searched for literally.
    { q: '50%' },
    { q: 'under_s' },
    { q: '%' },
    { q: 'funeral directors' },
    { page: 999 },
    { q: 'leeds', page: 999 },
    { status: 'Active', promoted: 'no', page: 3 },
  ])('filters, orders and pages %j as the plain rules say', async (query) => {
    const q = { ...base, ...query };
    const answer = await search.execute(new SearchStaffListings(q));
    const want = expected(rows, q);
    expect(answer.total).toBe(want.total);
    expect(answer.listings.map((l) => l.id)).toEqual(want.ids);
    expect(answer.stats.total).toBe(rows.length);
    for (const status of LISTING_STATUSES) expect(answer.stats.byStatus[status]).toBe(rows.filter((r) => r.status === status).length);
    expect(answer.stats.promoted).toBe(rows.filter((r) => r.promoted).length);
  });

  it('pages by name without overlap or gaps', async () => {
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const answer = await search.execute(new SearchStaffListings({ sort: 'name', order: 'asc', page, pageSize: 100 }));
      seen.push(...answer.listings.map((l) => l.id));
      if (answer.listings.length < 100) break;
    }
    expect(seen).toHaveLength(rows.length);
    expect(new Set(seen).size).toBe(rows.length);
  });

  it('select-all returns every id of the filtered set, not just a page', async () => {
    const answer = await ids.execute(new StaffListingIds({ q: 'york', status: 'Active' }));
    const want = rows.filter((r) => r.status === 'Active' && `${r.name} ${r.location} ${r.category}`.toLowerCase().includes('york'));
    expect(answer.total).toBe(want.length);
    expect(answer.truncated).toBe(false);
    expect([...answer.ids].sort()).toEqual(want.map((r) => r.id).sort());
  });
});
