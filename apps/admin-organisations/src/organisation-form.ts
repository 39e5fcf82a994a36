// The organisation form's values (what the inputs hold, all text) and the request they make, checked with
// the contract's schema so the screen says what the server would say before sending.
import { OrganisationRequestSchema, type AdminOrganisation, type Jurisdiction, type OrganisationKind, type OrganisationRequest } from '@afterwards/contracts';

export interface OrganisationFormValues {
  name: string;
  kind: OrganisationKind;
  jurisdictions: Jurisdiction[];
  /** One line of the address a line; the last holds the postcode or Eircode. */
  address: string;
  phone: string;
  email: string;
  website: string;
  /** What they usually need, one thing a line. */
  needs: string;
  usualReplyDays: string;
  deathNotificationService: boolean;
  tellUsOnce: boolean;
  sources: { title: string; url: string }[];
  reviewedOn: string;
}

/** Field errors by the form's field names ('sources.0.url' for the first source's address). */
export type OrganisationFormErrors = Partial<Record<string, string>>;
export type OrganisationFormResult = { ok: true; request: OrganisationRequest } | { ok: false; errors: OrganisationFormErrors };

export const DEFAULT_REPLY_DAYS = 21;

export function emptyOrganisationForm(today: string, name = ''): OrganisationFormValues {
  return {
    name,
    kind: 'bank',
    jurisdictions: [],
    address: '',
    phone: '',
    email: '',
    website: '',
    needs: 'A certified copy of the death certificate',
    usualReplyDays: String(DEFAULT_REPLY_DAYS),
    deathNotificationService: false,
    tellUsOnce: false,
    sources: [{ title: '', url: '' }],
    reviewedOn: today,
  };
}

export function formValuesOf(o: AdminOrganisation): OrganisationFormValues {
  return {
    name: o.name,
    kind: o.kind,
    jurisdictions: [...o.jurisdictions],
    address: o.address.join('\n'),
    phone: o.phone ?? '',
    email: o.email ?? '',
    website: o.website ?? '',
    needs: o.needs.join('\n'),
    usualReplyDays: String(o.usualReplyDays),
    deathNotificationService: o.deathNotificationService,
    tellUsOnce: o.tellUsOnce,
    sources: o.sources.length ? o.sources.map((s) => ({ ...s })) : [{ title: '', url: '' }],
    reviewedOn: o.reviewedOn,
  };
}

const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const orNull = (text: string): string | null => text.trim() || null;

/** The request the values make, or the errors of each field (the contract's messages). */
export function validateOrganisationForm(values: OrganisationFormValues): OrganisationFormResult {
  const days = values.usualReplyDays.trim();
  const candidate = {
    name: values.name,
    kind: values.kind,
    jurisdictions: values.jurisdictions,
    address: lines(values.address),
    phone: orNull(values.phone),
    email: orNull(values.email),
    website: orNull(values.website),
    needs: lines(values.needs),
    usualReplyDays: /^\d+$/.test(days) ? Number(days) : Number.NaN,
    deathNotificationService: values.deathNotificationService,
    tellUsOnce: values.tellUsOnce,
    // A source row left empty is not a source.
    sources: values.sources.map((s) => ({ title: s.title.trim(), url: s.url.trim() })).filter((s) => s.title || s.url),
    reviewedOn: values.reviewedOn,
  };
  const parsed = OrganisationRequestSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, request: parsed.data };
  return { ok: false, errors: formErrorsOf(parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }))) };
}

/** The server's (or the schema's) field errors under the form's fields: an address line's error is the address's. */
export function formErrorsOf(errors: readonly { path: string; message: string }[]): OrganisationFormErrors {
  const out: OrganisationFormErrors = {};
  for (const { path, message } of errors) {
    const [field, index, part] = path.split('.');
    if (!field) continue;
    const key = field === 'sources' && index !== undefined && part ? `sources.${index}.${part}` : field;
    const friendly = field === 'usualReplyDays' && /number/i.test(message) ? 'Enter a number of days' : message;
    out[key] ??= friendly;
  }
  return out;
}
