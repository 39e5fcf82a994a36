import { z } from './zod';
import { LISTING_CATEGORIES, ListingCategorySchema } from './directory-search';

export const LISTING_STATUSES = ['Pending Review', 'Active', 'Inactive', 'Suspended'] as const;
export const ListingStatusSchema = z.enum(LISTING_STATUSES);
export type ListingStatus = z.infer<typeof ListingStatusSchema>;

/** Search radius of the finder, and the default service radius of a listing. */
export const DIRECTORY_SEARCH_RADIUS_MILES = 25;
export const DEFAULT_SERVICE_RADIUS_MILES = 5;
export const MIN_SERVICE_RADIUS_MILES = 1;
export const MAX_SERVICE_RADIUS_MILES = 50;
/** A promoted listing with no position sorts as if it had this one. */
export const MISSING_POSITION = 999;

const optionalNumber = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: 'Must be a number' });
      return z.NEVER;
    }
    return n;
  });

/** Query of `GET /api/directory/listings`. */
export const DirectorySearchQuerySchema = z
  .object({
    category: z.union([ListingCategorySchema, z.literal('all'), z.literal('')]).optional(),
    /** Free text typed by the user: a town, a postcode or a postcode district. */
    location: z.string().trim().max(100, 'Location must be 100 characters or fewer').optional(),
    lat: optionalNumber.pipe(z.number().min(-90).max(90).optional()),
    lng: optionalNumber.pipe(z.number().min(-180).max(180).optional()),
    radius: optionalNumber.pipe(z.number().positive().max(100).optional()),
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), {
    message: 'lat and lng must be given together',
    path: ['lat'],
  });
export type DirectorySearchQuery = z.input<typeof DirectorySearchQuerySchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be ${max} characters or fewer`)
    .nullish()
    .transform((v) => (v ? v : null));

/** A website without a scheme gets https:// (admin spec: business form). */
export function normaliseWebsite(website: string | null): string | null {
  if (!website) return null;
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

/**
 * The business form, used by staff screens, imports, the seed and the domain.
 * Messages are the spec's own.
 */
export const ListingDetailsInputSchema = z.object({
  name: z.string({ error: 'Business name is required' }).trim().min(1, 'Business name is required').max(200, 'Business name must be 200 characters or fewer'),
  category: z.enum(LISTING_CATEGORIES, { error: 'Category is required' }),
  location: z.string({ error: 'Location is required' }).trim().min(1, 'Location is required').max(200, 'Location must be 200 characters or fewer'),
  address: optionalText(300),
  phone: optionalText(40),
  email: optionalText(254).pipe(z.email('Please enter a valid email address').nullable()),
  website: optionalText(300).transform(normaliseWebsite),
  description: optionalText(2000),
  pricing: optionalText(200),
  serviceRadiusMiles: z.coerce
    .number({ error: 'Service radius must be between 1 and 50 miles' })
    .int('Service radius must be a whole number of miles')
    .min(MIN_SERVICE_RADIUS_MILES, 'Service radius must be between 1 and 50 miles')
    .max(MAX_SERVICE_RADIUS_MILES, 'Service radius must be between 1 and 50 miles')
    .default(DEFAULT_SERVICE_RADIUS_MILES),
  servesSurroundingAreas: z.boolean().default(false),
  latitude: z.number().min(-90).max(90).nullish().transform((v) => v ?? null),
  longitude: z.number().min(-180).max(180).nullish().transform((v) => v ?? null),
});
export type ListingDetailsInput = z.input<typeof ListingDetailsInputSchema>;
export type ListingDetailsParsed = z.output<typeof ListingDetailsInputSchema>;
