// The `listings` row, written once: its columns (for the projection's insert and every read), the row as read,
// and the listing the finder and staff screens get from it. A new listing field is a column here, a field of
// `ListingRow` and a line of `toStaffListing`; the projection and both searches follow from these.
import { PublicListingSchema, type AdminListing, type ListingStatus, type PublicListing } from '@afterwards/contracts';
import type { ListingDetails } from '@afterwards/directory-domain';
import { Prisma } from '@afterwards/persistence';

/** Every column of a listing row and its SQL type (the projection reads its batch as a record of these). */
export const LISTING_COLUMNS = {
  id: 'uuid',
  name: 'text',
  category: 'text',
  location: 'text',
  address: 'text',
  phone: 'text',
  email: 'text',
  website: 'text',
  description: 'text',
  pricing: 'text',
  service_radius_miles: 'int',
  serves_surrounding_areas: 'boolean',
  latitude: 'double precision',
  longitude: 'double precision',
  status: 'text',
  promoted: 'boolean',
  position: 'int',
  rejection_reason: 'text',
  suspension_reason: 'text',
  rating: 'numeric(2, 1)',
  total_reviews: 'int',
  source: 'text',
  original_filename: 'text',
  region: 'text',
  version: 'bigint',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const;

export type ListingColumn = keyof typeof LISTING_COLUMNS;

/**
 * A listing row as `SELECT ${listingColumns()}` reads it (the rating as text: numeric keeps its one decimal).
 * The details' one-word fields are columns of the same name and type.
 */
export interface ListingRow
  extends Pick<ListingDetails, 'name' | 'category' | 'location' | 'address' | 'phone' | 'email' | 'website' | 'description' | 'pricing' | 'latitude' | 'longitude'> {
  id: string;
  service_radius_miles: number;
  serves_surrounding_areas: boolean;
  status: ListingStatus;
  promoted: boolean;
  position: number | null;
  rejection_reason: string | null;
  suspension_reason: string | null;
  rating: string | null;
  total_reviews: number;
  source: string | null;
  original_filename: string | null;
  region: string;
  version: bigint;
  created_at: Date;
  updated_at: Date;
}

// The row type and the column list name the same columns: a column added to one alone does not compile.
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : never) : never;
const rowMatchesColumns: SameKeys<ListingRow, typeof LISTING_COLUMNS> = true;
void rowMatchesColumns;

/** `serves_surrounding_areas` → `servesSurroundingAreas`: a column's field in events, commands and answers. */
export type FieldOf<C extends string> = C extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<FieldOf<Tail>>}` : C;
export const fieldOf = <C extends string>(column: C): FieldOf<C> => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) as FieldOf<C>;

/** `serviceRadiusMiles` → `service_radius_miles`: the column of a field. */
export const columnOf = (field: string): string => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The columns of a read, each as `ListingRow` has it; `alias` prefixes them (`l.id`, …). */
export function listingColumns(alias?: string): Prisma.Sql {
  const at = alias ? `${alias}.` : '';
  return Prisma.raw(
    Object.keys(LISTING_COLUMNS)
      .map((column) => (column === 'rating' ? `${at}rating::text AS rating` : `${at}${column}`))
      .join(', '),
  );
}

/** A listing as staff see it. */
export function toStaffListing(r: ListingRow): AdminListing {
  return {
    id: r.id,
    name: r.name,
    category: r.category,
    location: r.location,
    address: r.address,
    phone: r.phone,
    email: r.email,
    website: r.website,
    description: r.description,
    pricing: r.pricing,
    serviceRadiusMiles: r.service_radius_miles,
    servesSurroundingAreas: r.serves_surrounding_areas,
    status: r.status,
    promoted: r.promoted,
    position: r.position,
    rating: r.rating === null ? null : Number(r.rating),
    totalReviews: r.total_reviews,
    latitude: r.latitude,
    longitude: r.longitude,
    rejectionReason: r.rejection_reason,
    suspensionReason: r.suspension_reason,
    source: r.source,
    originalFilename: r.original_filename,
    version: Number(r.version),
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** The fields of a listing the finder shows anyone: the public contract's own list, so no staff field leaks. */
const PUBLIC_FIELDS = Object.keys(PublicListingSchema.shape).filter((field) => field !== 'distanceMiles' && field !== 'withinServiceArea') as (keyof AdminListing &
  keyof PublicListing)[];

/** A listing as the finder shows it, `distanceMiles` from the search point (null when there is none). */
export function toPublicListing(r: ListingRow, distanceMiles: number | null): PublicListing {
  const listing = toStaffListing(r);
  const shown = Object.fromEntries(PUBLIC_FIELDS.map((field) => [field, listing[field]]));
  return { ...shown, distanceMiles, withinServiceArea: distanceMiles !== null && distanceMiles <= r.service_radius_miles } as PublicListing;
}
