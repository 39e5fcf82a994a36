import * as z from './zod-mini';
import { JURISDICTIONS } from './memory-vocabulary';

/**
 * Telling the organisations (issue 43): the organisation directory staff keep, a memory's own list of
 * organisations to tell, and the letters made for them. Three parts, each written by its own use cases:
 *
 * The organisation directory (staff keep it; families search it while adding):
 *   GET    /api/organisations?q=&jurisdiction=                 OrganisationSearchResponse (signed-in family)
 *   GET    /api/admin/organisations?q=&kind=&status=           AdminOrganisationList
 *   POST   /api/admin/organisations                            OrganisationRequest → 201 AdminOrganisation
 *   PUT    /api/admin/organisations/:id                        OrganisationRequest + expectedVersion → AdminOrganisation
 *   POST   /api/admin/organisations/:id/retire                 { expectedVersion } → AdminOrganisation
 *   POST   /api/admin/organisations/:id/restore                { expectedVersion } → AdminOrganisation
 *   GET    /api/admin/organisations/missing                    MissingOrganisations (names families typed, counted)
 *
 * A memory's organisations (owner and editors change them; viewers read):
 *   GET    /api/memories/:id/organisations                     MemoryOrganisationsResponse
 *   PUT    /api/memories/:id/organisations/answers             OrganisationAnswers → MemoryOrganisationsResponse
 *   PUT    /api/memories/:id/organisations/last-address        SetLastAddressRequest → MemoryOrganisationsResponse
 *   POST   /api/memories/:id/organisations                     AddMemoryOrganisationRequest → 201 MemoryOrganisationsResponse
 *   PATCH  /api/memories/:id/organisations/:entryId            EditMemoryOrganisationRequest → MemoryOrganisationsResponse
 *   DELETE /api/memories/:id/organisations/:entryId            MemoryOrganisationsResponse
 *   GET    /api/memories/:id/organisations/:entryId/letter.pdf the letter as a PDF
 *   GET    /api/memories/:id/organisations/letters.pdf         every letter not yet sent, one PDF
 */
export const ORGANISATIONS_PATH = '/api/organisations';
export const ADMIN_ORGANISATIONS_PATH = '/api/admin/organisations';

/** The kinds of organisation, in the order a family meets them. */
export const ORGANISATION_KINDS = [
  'government',
  'bank',
  'building-society',
  'pension',
  'insurance',
  'energy',
  'water',
  'telecoms',
  'council',
  'employer',
  'subscription',
  'other',
] as const;
export type OrganisationKind = (typeof ORGANISATION_KINDS)[number];
export const OrganisationKindSchema = z.enum(ORGANISATION_KINDS);
export const ORGANISATION_KIND_LABELS: Record<OrganisationKind, string> = {
  government: 'Government',
  bank: 'Bank',
  'building-society': 'Building society',
  pension: 'Pension',
  insurance: 'Insurance',
  energy: 'Energy',
  water: 'Water',
  telecoms: 'Phone and broadband',
  council: 'Council',
  employer: 'Employer',
  subscription: 'Subscription',
  other: 'Other',
};

const JurisdictionsSchema = z.array(z.enum(JURISDICTIONS)).check(z.minLength(1, 'Choose at least one jurisdiction.'));
const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31'));
const shortText = (max: number) => z.string().check(z.maxLength(max, `This must be ${max} characters or fewer.`));

/** A postal address as lines, the last holding the postcode (or Eircode) where there is one. */
export const PostalAddressSchema = z.array(shortText(200)).check(z.maxLength(8, 'An address has at most 8 lines.'));
export type PostalAddress = z.infer<typeof PostalAddressSchema>;

/** Where a fact about an organisation was read: its own public page, and when it was read. */
export const OrganisationSourceSchema = z.object({ title: shortText(300), url: z.url() });
export type OrganisationSource = z.infer<typeof OrganisationSourceSchema>;

// ---- The organisation directory (staff) -------------------------------------------------------------

export const ORGANISATION_STATUSES = ['Active', 'Retired'] as const;
export type OrganisationStatus = (typeof ORGANISATION_STATUSES)[number];

/** What staff write about an organisation; the same shape the starting set ships in. */
export const OrganisationRequestSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(200, 'This must be 200 characters or fewer.')),
  kind: OrganisationKindSchema,
  jurisdictions: JurisdictionsSchema,
  /** The bereavement team's postal address. */
  address: PostalAddressSchema,
  phone: z.optional(z.nullable(shortText(40))),
  email: z.optional(z.nullable(z.email('Enter a valid email address'))),
  website: z.optional(z.nullable(z.url('Enter a valid web address'))),
  /** What they usually need, one thing a line ('A certified copy of the death certificate'). */
  needs: z.array(shortText(300)).check(z.maxLength(20)),
  /** Their usual time to reply, in days: a letter not answered after this is shown as waiting. */
  usualReplyDays: z.int().check(z.gte(1, 'Use 1 day or more'), z.lte(365, 'Use 365 days or fewer')),
  /** Takes part in the Death Notification Service (UK banks and building societies). */
  deathNotificationService: z.boolean(),
  /** Told by GOV.UK Tell Us Once where the family uses it (England, Wales, Scotland). */
  tellUsOnce: z.boolean(),
  sources: z.array(OrganisationSourceSchema).check(z.minLength(1, 'Add at least one source')),
  reviewedOn: isoDate,
});
export type OrganisationRequest = z.infer<typeof OrganisationRequestSchema>;

/** An entry of the directory as families see it while adding (retired ones are not offered). */
export const OrganisationSchema = z.extend(OrganisationRequestSchema, { id: z.string() });
export type Organisation = z.infer<typeof OrganisationSchema>;
export const OrganisationSearchResponseSchema = z.object({ organisations: z.array(OrganisationSchema) });
export type OrganisationSearchResponse = z.infer<typeof OrganisationSearchResponseSchema>;

/** An entry as staff see it: every field, whether it is offered to families, and its version. */
export const AdminOrganisationSchema = z.extend(OrganisationSchema, {
  status: z.enum(ORGANISATION_STATUSES),
  /** Stream revision the row reflects; send it back as `expectedVersion` to refuse a stale edit. */
  version: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminOrganisation = z.infer<typeof AdminOrganisationSchema>;
export const AdminOrganisationListSchema = z.object({
  organisations: z.array(AdminOrganisationSchema),
  /** Entries of each status, whatever the filters. */
  counts: z.object({ active: z.int(), retired: z.int() }),
});
export type AdminOrganisationList = z.infer<typeof AdminOrganisationListSchema>;
export const AdminOrganisationListQuerySchema = z.object({
  q: z.optional(z.string().check(z.maxLength(200, 'This must be 200 characters or fewer.'))),
  kind: z.optional(OrganisationKindSchema),
  status: z.optional(z.enum(ORGANISATION_STATUSES)),
});
export type AdminOrganisationListQuery = z.infer<typeof AdminOrganisationListQuerySchema>;
/** An edit carries the version the staff member saw; a newer one is refused with 409. */
export const EditOrganisationRequestSchema = z.extend(OrganisationRequestSchema, { expectedVersion: z.int().check(z.gte(0)) });
export type EditOrganisationRequest = z.infer<typeof EditOrganisationRequestSchema>;
export const OrganisationActionRequestSchema = z.object({ expectedVersion: z.int().check(z.gte(0)) });
export type OrganisationActionRequest = z.infer<typeof OrganisationActionRequestSchema>;
/** Most entries a family's search answers with. */
export const ORGANISATION_SEARCH_LIMIT = 20;
/** `GET /api/organisations`: what a family typed, and the memory's jurisdiction to keep to. */
export const OrganisationSearchQuerySchema = z.object({
  q: z.optional(z.string().check(z.maxLength(200, 'This must be 200 characters or fewer.'))),
  jurisdiction: z.optional(z.enum(JURISDICTIONS)),
});
export type OrganisationSearchQuery = z.infer<typeof OrganisationSearchQuerySchema>;

export const ORGANISATION_MESSAGES = {
  notFound: 'That organisation is not in the directory.',
  alreadyExists: 'That organisation is already in the directory.',
  changed: 'Someone else changed this organisation since you opened it. Reload it and make your change again.',
  retired: 'This organisation is retired. Restore it before changing it.',
  alreadyRetired: 'This organisation is already retired.',
  notRetired: 'This organisation is not retired.',
  added: (name: string) => `${name} was added to the directory.`,
  updated: (name: string) => `${name} was updated.`,
  retiredDone: (name: string) => `${name} was retired. Families no longer see it when they search.`,
  restored: (name: string) => `${name} was restored.`,
  loadFailed: 'The organisations could not be loaded. Please try again.',
  saveFailed: 'The organisation could not be saved. Please try again.',
  empty: 'No organisations match.',
} as const;

// ---- A memory's organisations (families) ------------------------------------------------------------

/**
 * Where telling one organisation stands. 'to-tell' until a letter goes or a service tells them;
 * 'told-by-service' when Tell Us Once or the Death Notification Service told them (with its reference).
 */
export const MEMORY_ORGANISATION_STATUSES = ['to-tell', 'letter-sent', 'told-by-service', 'acknowledged', 'closed'] as const;
export type MemoryOrganisationStatus = (typeof MEMORY_ORGANISATION_STATUSES)[number];
export const MemoryOrganisationStatusSchema = z.enum(MEMORY_ORGANISATION_STATUSES);
export const MEMORY_ORGANISATION_STATUS_LABELS: Record<MemoryOrganisationStatus, string> = {
  'to-tell': 'To tell',
  'letter-sent': 'Letter sent',
  'told-by-service': 'Told through a service',
  acknowledged: 'Acknowledged',
  closed: 'Closed or settled',
};
export const TELLING_SERVICES = ['tell-us-once', 'death-notification-service'] as const;
export type TellingService = (typeof TELLING_SERVICES)[number];

/** The few plain questions the starting list is made from; null while unanswered. */
export const OrganisationAnswersSchema = z.object({
  drove: z.nullable(z.boolean()),
  passport: z.nullable(z.boolean()),
  pensionOrBenefits: z.nullable(z.boolean()),
  home: z.nullable(z.enum(['rented', 'owned', 'other'])),
  employed: z.nullable(z.boolean()),
});
export type OrganisationAnswers = z.infer<typeof OrganisationAnswersSchema>;

/** An account or reference number, with what it is ('Account number', 'National Insurance number'). */
export const OrganisationReferenceSchema = z.object({ label: shortText(100), value: shortText(100) });
export type OrganisationReference = z.infer<typeof OrganisationReferenceSchema>;

export const AddMemoryOrganisationRequestSchema = z.object({
  /** From the directory, or null for one of the family's own (then name, kind and address are theirs). */
  organisationId: z.nullable(z.string().check(z.maxLength(100))),
  name: z.optional(z.string().check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(200, 'This must be 200 characters or fewer.'))),
  kind: z.optional(OrganisationKindSchema),
  address: z.optional(PostalAddressSchema),
  email: z.optional(z.nullable(z.email('Enter a valid email address'))),
});
export type AddMemoryOrganisationRequest = z.infer<typeof AddMemoryOrganisationRequestSchema>;

export const EditMemoryOrganisationRequestSchema = z.object({
  references: z.optional(z.array(OrganisationReferenceSchema).check(z.maxLength(10))),
  notes: z.optional(shortText(5_000)),
  status: z.optional(MemoryOrganisationStatusSchema),
  /** The day the status changed, as the family says it happened (defaults to today). */
  statusOn: z.optional(isoDate),
  service: z.optional(z.nullable(z.enum(TELLING_SERVICES))),
  serviceReference: z.optional(z.nullable(shortText(100))),
  /** Money settled or paid out, in pence (or cents in Ireland), where money is involved. */
  amountMinor: z.optional(z.nullable(z.int().check(z.gte(0)))),
  /** The family's own text for the letter; null goes back to the prepared text. */
  letterText: z.optional(z.nullable(shortText(20_000))),
  expectedVersion: z.optional(z.int().check(z.gte(0))),
});
export type EditMemoryOrganisationRequest = z.infer<typeof EditMemoryOrganisationRequestSchema>;

/** The kinds of organisation a family is told to add, and why, for their answers. */
export const StartingListSchema = z.object({
  /** National bodies first: each links to its directory entry (`organisationId`), added or not yet. */
  national: z.array(
    z.object({ organisationId: z.string(), name: z.string(), why: z.string(), tellUsOnce: z.boolean(), added: z.boolean() }),
  ),
  kindsToAdd: z.array(z.object({ kind: OrganisationKindSchema, why: z.string() })),
  /** Tell Us Once and the Death Notification Service: what each covers, and whether it works here. */
  services: z.array(
    z.object({
      key: z.enum(TELLING_SERVICES),
      name: z.string(),
      available: z.boolean(),
      covers: z.string(),
      howTo: z.string(),
      source: OrganisationSourceSchema,
      reviewedOn: isoDate,
    }),
  ),
});
export type StartingList = z.infer<typeof StartingListSchema>;

/** One organisation on a memory's list, as the family sees it (references decrypted for those allowed). */
export const MemoryOrganisationSchema = z.object({
  id: z.string(),
  /** The directory entry it came from, or null for one of the family's own. */
  organisationId: z.nullable(z.string()),
  name: z.string(),
  kind: OrganisationKindSchema,
  address: PostalAddressSchema,
  email: z.nullable(z.string()),
  usualReplyDays: z.int(),
  references: z.array(OrganisationReferenceSchema),
  notes: z.string(),
  status: MemoryOrganisationStatusSchema,
  /** The day each status was reached, as the family said. */
  dates: z.object({
    sentOn: z.nullable(isoDate),
    toldOn: z.nullable(isoDate),
    acknowledgedOn: z.nullable(isoDate),
    closedOn: z.nullable(isoDate),
  }),
  service: z.nullable(z.enum(TELLING_SERVICES)),
  serviceReference: z.nullable(z.string()),
  amountMinor: z.nullable(z.int()),
  letterText: z.nullable(z.string()),
  /** A letter sent and not acknowledged after the organisation's usual time: shown as waiting. */
  waiting: z.boolean(),
  version: z.int(),
});
export type MemoryOrganisation = z.infer<typeof MemoryOrganisationSchema>;

export const MemoryOrganisationsResponseSchema = z.object({
  memoryId: z.string(),
  answers: OrganisationAnswersSchema,
  /** The last address of the person who died, as the letters give it ([] until the family gives it). */
  lastAddress: z.optional(PostalAddressSchema),
  startingList: StartingListSchema,
  organisations: z.array(MemoryOrganisationSchema),
});
export type MemoryOrganisationsResponse = z.infer<typeof MemoryOrganisationsResponseSchema>;

/** `PUT /api/memories/:id/organisations/last-address`: where the person who died last lived, for the letters. */
export const SetLastAddressRequestSchema = z.object({ lastAddress: PostalAddressSchema });
export type SetLastAddressRequest = z.infer<typeof SetLastAddressRequestSchema>;

/** Staff figures: names families typed for organisations the directory lacks, counted, nothing else. */
export const MissingOrganisationsSchema = z.object({ names: z.array(z.object({ name: z.string(), count: z.int() })) });
export type MissingOrganisations = z.infer<typeof MissingOrganisationsSchema>;

// ---- The letters ---------------------------------------------------------------------------------------

/** Everything a letter to one organisation says; the letter domain writes the words from it. */
export interface LetterDetails {
  sender: { name: string; address: PostalAddress; email?: string | null; phone?: string | null };
  organisation: { name: string; kind: OrganisationKind; address: PostalAddress };
  deceased: { fullName: string; dateOfBirth: string | null; dateOfDeath: string | null; lastAddress: PostalAddress };
  references: OrganisationReference[];
  jurisdiction: (typeof JURISDICTIONS)[number];
  /** The date the letter is dated, YYYY-MM-DD. */
  date: string;
  /** The family's own text, when they edited it: it replaces the prepared body. */
  body?: string | null;
}
