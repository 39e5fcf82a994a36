import {
  CSV_MESSAGES,
  CSV_OPTIONAL_HEADERS,
  CSV_REQUIRED_HEADERS,
  CSV_ROW_STATUSES,
  LISTING_CATEGORIES,
  ListingDetailsInputSchema,
  MAX_SERVICE_RADIUS_MILES,
  MIN_SERVICE_RADIUS_MILES,
  type ListingCategory,
  type ListingDetailsParsed,
  type ListingStatus,
} from '@afterwards/contracts';
import { z } from 'zod';

/**
 * The Bulk CSV Upload rules, applied to every row. Pure: the server streams the
 * file through a CSV parser and hands each record here; the same function decides the check shown
 * before an import and the import itself, so the two can never disagree.
 */

/** A header cell as staff may type it: 'Service Radius', ' EMAIL', or with the byte-order mark of Excel's UTF-8 CSV. */
export function normaliseHeader(cell: string): string {
  return cell.replace(/^\uFEFF/, '').trim().toLowerCase().replace(/[\s-]+/g, '_');
}

/** Required headers the file lacks, in the spec's order (empty when the header is complete). */
export function missingHeaders(headers: readonly string[], required: readonly string[] = CSV_REQUIRED_HEADERS): string[] {
  const present = new Set(headers.map(normaliseHeader));
  return required.filter((h) => !present.has(h));
}

/** Columns the import reads, as they appear in the header. */
export const CSV_COLUMNS: readonly string[] = [...CSV_REQUIRED_HEADERS, ...CSV_OPTIONAL_HEADERS];

export interface CsvRowDefaults {
  /** Settings' default service radius, for a row that leaves it empty. */
  readonly serviceRadiusMiles: number;
  /** Settings' auto-approve decides the status of a row that leaves it empty, as on the Add form. */
  readonly status: ListingStatus;
}

export type CsvRowResult =
  | { readonly ok: true; readonly details: ListingDetailsParsed; readonly status: ListingStatus }
  | { readonly ok: false; readonly errors: string[] };

const EMAIL = z.email();
const WEBSITE_START = /^(https?:\/\/|www\.)/i;
const CATEGORY_BY_KEY = new Map(LISTING_CATEGORIES.map((c) => [c.toLowerCase(), c]));
const STATUS_BY_KEY = new Map(CSV_ROW_STATUSES.map((s) => [s.toLowerCase(), s]));
const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0', '']);

/** The columns this check names a field by, as in the header. */
const FIELD_COLUMN: Record<string, string> = {
  name: 'name',
  category: 'category',
  location: 'location',
  address: 'address',
  phone: 'phone',
  email: 'email',
  website: 'website',
  description: 'description',
  pricing: 'pricing',
  serviceRadiusMiles: 'service_radius',
  servesSurroundingAreas: 'serves_surrounding_areas',
};

/**
 * One data row, keyed by normalised header. `row` is the row's number as a spreadsheet shows it (the
 * header is row 1). Every rule is checked, so a row lists all its errors at once.
 */
export function checkCsvRow(record: Readonly<Record<string, string | undefined>>, row: number, defaults: CsvRowDefaults): CsvRowResult {
  const errors: string[] = [];
  const cell = (column: string) => (record[column] ?? '').trim();

  for (const field of ['name', 'category', 'location'] as const) {
    if (!cell(field)) errors.push(CSV_MESSAGES.required(row, field));
  }

  let category: ListingCategory | undefined;
  if (cell('category')) {
    category = CATEGORY_BY_KEY.get(cell('category').toLowerCase());
    if (!category) errors.push(CSV_MESSAGES.row(row, `category "${clip(cell('category'))}" is not one of the directory's categories`));
  }

  const email = cell('email');
  if (email && !EMAIL.safeParse(email).success) errors.push(CSV_MESSAGES.row(row, `email "${clip(email)}" is not a valid email address`));

  const website = cell('website');
  if (website && !WEBSITE_START.test(website)) errors.push(CSV_MESSAGES.row(row, 'website must begin with http://, https:// or www.'));

  let radius = defaults.serviceRadiusMiles;
  const radiusText = cell('service_radius');
  if (radiusText) {
    radius = Number(radiusText);
    if (!Number.isInteger(radius) || radius < MIN_SERVICE_RADIUS_MILES || radius > MAX_SERVICE_RADIUS_MILES) {
      errors.push(CSV_MESSAGES.row(row, 'service_radius must be a whole number of miles between 1 and 50'));
    }
  }

  let status = defaults.status;
  const statusText = cell('status');
  if (statusText) {
    const known = STATUS_BY_KEY.get(statusText.toLowerCase());
    if (known) status = known;
    else errors.push(CSV_MESSAGES.row(row, `status "${clip(statusText)}" must be Active, Pending Review or Inactive`));
  }

  const servesText = cell('serves_surrounding_areas').toLowerCase();
  const serves = YES.has(servesText);
  if (!serves && !NO.has(servesText)) errors.push(CSV_MESSAGES.row(row, 'serves_surrounding_areas must be yes or no'));

  if (errors.length > 0) return { ok: false, errors };

  // The business form's own rules (lengths, normalised website) decide the rest, with its messages.
  const parsed = ListingDetailsInputSchema.safeParse({
    name: cell('name'),
    category,
    location: cell('location'),
    address: cell('address'),
    phone: cell('phone'),
    email,
    website,
    description: cell('description'),
    pricing: cell('pricing'),
    serviceRadiusMiles: radius,
    servesSurroundingAreas: serves,
  });
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.map((i) => CSV_MESSAGES.row(row, `${FIELD_COLUMN[String(i.path[0])] ?? String(i.path[0])}: ${i.message}`)),
    };
  }
  return { ok: true, details: parsed.data, status };
}

/** Keeps a quoted cell short in a message. */
function clip(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * What makes two rows the same listing: every field as the listing would hold it. A row uploaded again
 * (the same file, or a corrected copy) names the same listing, so it is skipped rather than duplicated.
 */
export function csvRowIdentity(details: ListingDetailsParsed, status: ListingStatus): string {
  const d = details;
  return JSON.stringify([d.name.toLowerCase(), d.category, d.location.toLowerCase(), d.address?.toLowerCase() ?? null, d.phone, d.email?.toLowerCase() ?? null, d.website?.toLowerCase() ?? null, d.description, d.pricing, d.serviceRadiusMiles, d.servesSurroundingAreas, status]);
}
