import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import {
  ADMIN_SELECT_ALL_LIMIT,
  AdminListingFilterSchema,
  AdminListingsQuerySchema,
  LISTING_STATUSES,
  type AdminListing,
  type AdminListingIdsResponse,
  type AdminListingsResponse,
  type AdminListingStats,
  type ListingStatus,
} from '@afterwards/contracts';
import { Prisma, type PrismaClient } from '@afterwards/persistence';
import { PRISMA } from '@afterwards/server-kit';
import { listingColumns, toStaffListing, type ListingRow } from '../listings-projection/listing-row';
import { SearchStaffListings, StaffListingIds } from './search-staff-listings.query';

/** lower(name || ' ' || location || ' ' || category), stored and trigram-indexed (migration directory/0007). */
const SEARCH_TEXT = Prisma.sql`search_text`;

const SORT_COLUMNS = {
  name: Prisma.sql`name`,
  category: Prisma.sql`category`,
  location: Prisma.sql`location`,
  status: Prisma.sql`status`,
  createdAt: Prisma.sql`created_at`,
  updatedAt: Prisma.sql`updated_at`,
} as const;

/** LIKE treats % and _ as wildcards: a search for '50%' means the text '50%'. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function whereOf(filter: ReturnType<typeof AdminListingFilterSchema.parse>): Prisma.Sql {
  const clauses: Prisma.Sql[] = [];
  if (filter.status && filter.status !== 'all') clauses.push(Prisma.sql`status = ${filter.status}`);
  if (filter.category && filter.category !== 'all') clauses.push(Prisma.sql`category = ${filter.category}`);
  if (filter.promoted === 'yes') clauses.push(Prisma.sql`promoted`);
  if (filter.promoted === 'no') clauses.push(Prisma.sql`NOT promoted`);
  if (filter.q) clauses.push(Prisma.sql`${SEARCH_TEXT} LIKE ${`%${escapeLike(filter.q.toLowerCase())}%`}`);
  return clauses.length ? Prisma.sql`WHERE ${Prisma.join(clauses, ' AND ')}` : Prisma.empty;
}

export const STAFF_LISTING_COLUMNS = listingColumns();

/** Listings as staff see them, by id; an id with no listing (deleted, or never existed) is left out. */
export async function findStaffListings(prisma: PrismaClient, ids: readonly string[]): Promise<Map<string, AdminListing>> {
  if (ids.length === 0) return new Map();
  const rows = await prisma.$queryRaw<ListingRow[]>`
    SELECT ${STAFF_LISTING_COLUMNS} FROM listings WHERE id IN (${Prisma.join(ids.map((id) => Prisma.sql`${id}::uuid`))})`;
  return new Map(rows.map((r) => [r.id, toStaffListing(r)]));
}

/** One listing as staff see it, or undefined when there is none. */
export async function findStaffListing(prisma: PrismaClient, id: string): Promise<AdminListing | undefined> {
  return (await findStaffListings(prisma, [id])).get(id);
}

/** The stat tiles, and how many of each status are promoted (what a status + promoted filter matches). */
export interface StaffTiles extends AdminListingStats {
  readonly promotedByStatus: Record<ListingStatus, number>;
}

/** Stat tiles over every listing, whatever the filters (kept by a trigger: migration directory/0006). */
export async function staffListingStats(prisma: PrismaClient): Promise<StaffTiles> {
  const rows = await prisma.$queryRaw<{ status: ListingStatus; n: number; promoted: number }[]>`
    SELECT status, listings::int AS n, promoted::int AS promoted FROM listing_status_counts`;
  const byStatus = Object.fromEntries(LISTING_STATUSES.map((s) => [s, 0])) as AdminListingStats['byStatus'];
  const promotedByStatus = { ...byStatus };
  let total = 0;
  let promoted = 0;
  for (const r of rows) {
    if (r.status in byStatus) {
      byStatus[r.status] = r.n;
      promotedByStatus[r.status] = r.promoted;
    }
    total += r.n;
    promoted += r.promoted;
  }
  return { total, byStatus, promoted, promotedByStatus };
}

const tilesOnly = ({ total, byStatus, promoted }: StaffTiles): AdminListingStats => ({ total, byStatus, promoted });

/** How many listings a status and promoted filter match, from the stat tiles alone. */
export function totalFromTiles(tiles: StaffTiles, status: string | undefined, promoted: string | undefined): number {
  const statuses = status && status !== 'all' ? [status as ListingStatus] : [...LISTING_STATUSES];
  let total = 0;
  for (const s of statuses) {
    const all = tiles.byStatus[s] ?? 0;
    const promotedHere = tiles.promotedByStatus[s] ?? 0;
    total += promoted === 'yes' ? promotedHere : promoted === 'no' ? all - promotedHere : all;
  }
  return total;
}

/**
 * The statements a staff list page sends (the bench EXPLAINs these same ones): the page, and the filtered
 * count unless the stat tiles already hold it (only status and promoted filters).
 */
export function staffListStatements(q: ReturnType<typeof AdminListingsQuerySchema.parse>): { page: Prisma.Sql; count: Prisma.Sql | undefined } {
  const where = whereOf(q);
  const direction = q.order === 'asc' ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  // id breaks ties so pages never overlap or skip.
  const order = Prisma.sql`ORDER BY ${SORT_COLUMNS[q.sort]} ${direction}, id ${direction}`;
  const offset = (q.page - 1) * q.pageSize;
  const countFromTiles = !q.q && (!q.category || q.category === 'all');
  return {
    // Two phases: choose the page's ids (from an index alone where one covers the filters), then read those rows.
    page: Prisma.sql`
      SELECT ${STAFF_LISTING_COLUMNS} FROM listings
      WHERE id IN (SELECT id FROM listings ${where} ${order} LIMIT ${q.pageSize} OFFSET ${offset})
      ${order}`,
    count: countFromTiles ? undefined : Prisma.sql`SELECT count(*)::int AS n FROM listings ${where}`,
  };
}

/**
 * The staff list (admin spec: Local Business Management), server-side: the page, the filtered count and
 * the tiles are three statements sent at once (on PostgreSQL they run on separate pooled connections).
 */
@QueryHandler(SearchStaffListings)
export class SearchStaffListingsHandler implements IQueryHandler<SearchStaffListings, AdminListingsResponse> {
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  async execute({ criteria }: SearchStaffListings): Promise<AdminListingsResponse> {
    const q = AdminListingsQuerySchema.parse(criteria);
    const statements = staffListStatements(q);
    const [rows, count, tiles] = await Promise.all([
      this.prisma.$queryRaw<ListingRow[]>(statements.page),
      statements.count ? this.prisma.$queryRaw<{ n: number }[]>(statements.count) : undefined,
      staffListingStats(this.prisma),
    ]);
    const total = count ? (count[0]?.n ?? 0) : totalFromTiles(tiles, q.status, q.promoted);
    return { listings: rows.map(toStaffListing), total, page: q.page, pageSize: q.pageSize, stats: tilesOnly(tiles) };
  }
}

@QueryHandler(StaffListingIds)
export class StaffListingIdsHandler implements IQueryHandler<StaffListingIds, AdminListingIdsResponse> {
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  async execute({ filter }: StaffListingIds): Promise<AdminListingIdsResponse> {
    const where = whereOf(AdminListingFilterSchema.parse(filter));
    const [rows, count] = await Promise.all([
      this.prisma.$queryRaw<{ id: string }[]>`SELECT id FROM listings ${where} ORDER BY created_at DESC, id DESC LIMIT ${ADMIN_SELECT_ALL_LIMIT}`,
      this.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM listings ${where}`,
    ]);
    const total = count[0]?.n ?? 0;
    return { ids: rows.map((r) => r.id), total, truncated: total > rows.length };
  }
}
