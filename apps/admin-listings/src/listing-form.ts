// The Add/Edit Business form's values and their validation with the shared AdminListingFormSchema
// (the same rules as the server), so the client shows the same messages the server would.
import { AdminListingFormSchema, type AdminListing, type AdminListingForm, type ListingCategory, type ListingStatus } from '@afterwards/contracts';
import { formFieldErrors } from '@afterwards/web-staff';
import { textFieldsOf } from '@afterwards/web-ui/forms';

/** What the inputs hold: text as typed; the schema turns it into the request body. */
export interface ListingFormValues {
  name: string;
  category: ListingCategory | '';
  location: string;
  address: string;
  phone: string;
  email: string;
  website: string;
  description: string;
  pricing: string;
  /** Whole miles as typed; blank on a new listing lets the server apply the default_service_radius setting. */
  serviceRadiusMiles: string;
  servesSurroundingAreas: boolean;
  /** Blank on a new listing: the server decides (Pending Review unless auto-approve is on). */
  status: ListingStatus | '';
}

export type ListingFormField = keyof ListingFormValues;
export type ListingFormErrors = Partial<Record<ListingFormField, string>>;

export const EMPTY_LISTING_FORM: ListingFormValues = {
  name: '',
  category: '',
  location: '',
  address: '',
  phone: '',
  email: '',
  website: '',
  description: '',
  pricing: '',
  serviceRadiusMiles: '',
  servesSurroundingAreas: false,
  status: '',
};

export function formValuesOf(listing: AdminListing): ListingFormValues {
  return {
    ...textFieldsOf(listing, ['name', 'location', 'address', 'phone', 'email', 'website', 'description', 'pricing']),
    category: listing.category,
    serviceRadiusMiles: String(listing.serviceRadiusMiles),
    servesSurroundingAreas: listing.servesSurroundingAreas,
    status: listing.status,
  };
}

const FIELDS = new Set<string>(Object.keys(EMPTY_LISTING_FORM));

export type ListingFormResult =
  | { ok: true; form: AdminListingForm; /** The body to send: blank radius and status are left out for the server's defaults. */ body: Record<string, unknown> }
  | { ok: false; errors: ListingFormErrors };

export function validateListingForm(values: ListingFormValues): ListingFormResult {
  const radius = values.serviceRadiusMiles.trim();
  const input = {
    ...values,
    category: values.category || undefined,
    status: values.status || undefined,
    serviceRadiusMiles: radius === '' ? undefined : radius,
  };
  const parsed = AdminListingFormSchema.safeParse(input);
  if (!parsed.success) {
    const errors: ListingFormErrors = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (FIELDS.has(field)) errors[field as ListingFormField] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const body: Record<string, unknown> = { ...parsed.data };
  if (radius === '') delete body.serviceRadiusMiles;
  if (!values.status) delete body.status;
  return { ok: true, form: parsed.data, body };
}

/** Server field errors (problem `errors[].path`) for the form's own fields; the rest stay general. */
export const formErrorsOf = (errors: Record<string, string>): ListingFormErrors => formFieldErrors<ListingFormField>(errors, FIELDS);
