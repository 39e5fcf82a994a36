import type { ListingCategory, PromotableBusiness } from '@afterwards/contracts';
import type { PrismaClient } from '@afterwards/persistence';

/** Businesses a promotion can be sold to: Active ones, by name. */
export async function promotableBusinesses(prisma: PrismaClient): Promise<PromotableBusiness[]> {
  const rows = await prisma.listing.findMany({ where: { status: 'Active' }, select: { id: true, name: true, category: true, location: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }], take: 5_000 });
  return rows.map((r) => ({ id: r.id, name: r.name, category: r.category as ListingCategory, location: r.location }));
}
