import type { $ZodType as ZodType } from 'zod/v4/core';
import { z } from './zod';
import {
  AdminDashboardSchema,
  AdminEditListingSchema,
  AdminListingFilterSchema,
  AdminListingFormSchema,
  AdminListingIdsResponseSchema,
  AdminListingSchema,
  AdminListingsQuerySchema,
  AdminListingsResponseSchema,
  AdminSettingsResponseSchema,
  AuditFiltersResponseSchema,
  AuditLogQuerySchema,
  AuditLogResponseSchema,
  BulkListingRequestSchema,
  BulkListingResponseSchema,
  FirstStaffSchema,
  ReasonSchema,
  SaveSettingsRequestSchema,
  SetListingStatusSchema,
  SetupTokenStatusSchema,
} from './admin';
import { RecordInteractionsRequestSchema, RecordInteractionsResponseSchema } from './analytics';
import { CoverageOpportunitiesSchema, CoveragePointsQuerySchema, CoveragePointsSchema, CoverageQuerySchema, CoverageReportSchema } from './coverage';
import { DirectorySearchQuerySchema } from './directory';
import { DirectorySearchResponseSchema, PlaceSuggestResponseSchema } from './directory-search';
import {
  AuditChainVerificationSchema,
  CorrelationResponseSchema,
  GlobalLogQuerySchema,
  GlobalLogResponseSchema,
  HistoryFiltersSchema,
  StreamHistorySchema,
  StreamSearchQuerySchema,
  StreamSearchResponseSchema,
  StreamStateQuerySchema,
  StreamStateSchema,
} from './history';
import {
  AdminSessionResponseSchema,
  AdminSignInSchema,
  PreferencesResponseSchema,
  PreferencesSchema,
  ProfileResponseSchema,
  ProfileSchema,
} from './identity';
import {
  ApproveDocumentSchema,
  CsvImportListSchema,
  CsvImportSchema,
  ImportKindQuerySchema,
  ProcessedDocumentDetailSchema,
  ProcessedDocumentListSchema,
  ProcessedDocumentSchema,
  RejectDocumentSchema,
  StartCsvImportSchema,
} from './imports';
import {
  AcceptInvitationResponseSchema,
  ChangeMemberRoleRequestSchema,
  ChecklistPreviewSchema,
  CreateMemoryRequestSchema,
  InvitationPreviewSchema,
  InviteToMemoryRequestSchema,
  MemorySharingSchema,
  EditMemoryRequestSchema,
  EditNoteRequestSchema,
  MemoryDetailSchema,
  MemoryListQuerySchema,
  MemoryListResponseSchema,
  NoteRequestSchema,
  SetDocumentCollectedRequestSchema,
  SettleItemRequestSchema,
  SetTaskStatusRequestSchema,
} from './memories';
import { PlaceSuggestQuerySchema } from './places';
import { AuthOptionsResponseSchema, SessionResponseSchema, SessionStateResponseSchema } from './sign-in';
import { DeleteAccountRequestSchema, MemoryExportSchema, StartMemoryExportRequestSchema } from './your-data';
import { CalendarSubscriptionSchema, MemoryRemindersSchema, ReminderPreviewSchema, SetMemoryRemindersRequestSchema, SetReminderPreferencesRequestSchema, UnsubscribeQuerySchema } from './reminders';
import { AdminPromotionListSchema, AdminPromotionSchema, CreatePromotionRequestSchema, EditPromotionRequestSchema, PromotableBusinessesSchema, PromotionActionRequestSchema, PromotionListQuerySchema } from './promotions';
import {
  AddMemoryOrganisationRequestSchema,
  AdminOrganisationListQuerySchema,
  AdminOrganisationListSchema,
  AdminOrganisationSchema,
  EditMemoryOrganisationRequestSchema,
  EditOrganisationRequestSchema,
  MemoryOrganisationsResponseSchema,
  MissingOrganisationsSchema,
  OrganisationActionRequestSchema,
  OrganisationAnswersSchema,
  OrganisationRequestSchema,
  OrganisationSearchQuerySchema,
  OrganisationSearchResponseSchema,
  SetLastAddressRequestSchema,
} from './organisations';

/**
 * Who may call a route: anyone; a signed-in family member (their own records only); any staff member
 * (`admin` or `auditor`); or an `admin` only (writes). `staff-sign-in` routes are open so staff can sign in.
 * `metrics` is for the monitoring system: open, or with `Authorization: Bearer <METRICS_TOKEN>` when that is set.
 */
export type ApiAccess = 'public' | 'family' | 'staff' | 'admin' | 'staff-sign-in' | 'metrics';

/** What a route takes or gives besides JSON described by a schema. */
export type ApiBody = ZodType | 'binary' | 'csv' | 'file' | 'text' | 'none';

export interface ApiRoute {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path: `{name}` for a path parameter. */
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly access: ApiAccess;
  readonly query?: ZodType;
  readonly body?: ApiBody;
  /** The success answer (status 200 unless `status` says otherwise). */
  readonly response: ApiBody;
  readonly status?: number;
  /**
   * A write taken from any origin: it acts only on a secret in its URL, never on cookies, so another site
   * has nothing to forge with. Only for RFC 8058 one-click unsubscribes, which mail providers send.
   */
  readonly anyOrigin?: true;
}

const Empty = z.object({});
const Live = z.object({ status: z.literal('ok') });
const Ready = z.object({
  status: z.enum(['ok', 'unavailable', 'stopping']),
  checks: z.record(z.string(), z.string()),
  /** This replica holds the projection lease and runs the projections. */
  leading: z.boolean().optional(),
  projections: z.unknown().optional(),
});
const ChecklistPreviewQuery = z.object({ jurisdiction: z.string().optional() });
/** The served OpenAPI document, checked only for its outline here: what it describes is everything else. */
const OpenApiDocumentResponse = z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) });
const SetupQuery = z.object({ token: z.string().optional() });
const FirstStaffResponse = AdminSessionResponseSchema;

/**
 * Every HTTP route of the API, once: the OpenAPI document is generated from this list and its schemas,
 * the API refuses to start with a route missing from it, and the access matrix reads its `access`.
 * Better Auth's own routes under `/api/auth/` (sign-up, sign-in, sign-out, password reset, e-mail
 * verification, Google sign-in, two-factor) are its library's and are not listed here.
 */
export const API_ROUTES: readonly ApiRoute[] = [
  // Health
  { method: 'GET', path: '/api/health/live', summary: 'The process is up', tag: 'Health', access: 'public', response: Live },
  { method: 'GET', path: '/api/health/ready', summary: 'The database answers, the projections this replica runs have not stopped, and it is not stopping (503 otherwise); whether it leads; retrying projections and parked events', tag: 'Health', access: 'public', response: Ready },

  // Accounts
  { method: 'GET', path: '/api/session', summary: 'The signed-in family member (401 when signed out)', tag: 'Accounts', access: 'family', response: SessionResponseSchema },
  { method: 'GET', path: '/api/session/state', summary: 'The signed-in family member, or null', tag: 'Accounts', access: 'public', response: SessionStateResponseSchema },
  { method: 'GET', path: '/api/sign-in-options', summary: 'What the sign-in screen may offer', tag: 'Accounts', access: 'public', response: AuthOptionsResponseSchema },
  { method: 'GET', path: '/api/profile', summary: 'Personal information', tag: 'Accounts', access: 'family', response: ProfileResponseSchema },
  { method: 'PUT', path: '/api/profile', summary: 'Save personal information', tag: 'Accounts', access: 'family', body: ProfileSchema, response: ProfileResponseSchema },
  { method: 'GET', path: '/api/preferences', summary: 'Notification and display preferences', tag: 'Accounts', access: 'family', response: PreferencesResponseSchema },
  { method: 'PUT', path: '/api/preferences', summary: 'Save preferences', tag: 'Accounts', access: 'family', body: PreferencesSchema, response: PreferencesResponseSchema },
  { method: 'DELETE', path: '/api/account', summary: 'Delete my account: every memory, file, profile and session, then sign out (password, the two-step code when it is on, and the typed confirmation)', tag: 'Accounts', access: 'family', body: DeleteAccountRequestSchema, response: 'none', status: 204 },

  // Directory (public)
  { method: 'GET', path: '/api/directory/listings', summary: 'Active listings near a place or in a category', tag: 'Directory', access: 'public', query: DirectorySearchQuerySchema, response: DirectorySearchResponseSchema },
  { method: 'POST', path: '/api/directory/interactions', summary: 'Record views, calls, e-mails and website visits (analytics consent)', tag: 'Directory', access: 'public', body: RecordInteractionsRequestSchema, response: RecordInteractionsResponseSchema, status: 202 },
  { method: 'GET', path: '/api/places/suggest', summary: 'Towns, districts and postcodes matching what was typed', tag: 'Directory', access: 'public', query: PlaceSuggestQuerySchema, response: PlaceSuggestResponseSchema },
  { method: 'GET', path: '/api/checklist/preview', summary: "A jurisdiction's checklist, before any memory exists", tag: 'Memories', access: 'public', query: ChecklistPreviewQuery, response: ChecklistPreviewSchema },

  // Memories (the signed-in family member's own)
  { method: 'GET', path: '/api/memories', summary: 'Every memory with its progress (and, with include=details, each one whole)', tag: 'Memories', access: 'family', query: MemoryListQuerySchema, response: MemoryListResponseSchema },
  { method: 'POST', path: '/api/memories', summary: 'Open a memory with its checklist', tag: 'Memories', access: 'family', body: CreateMemoryRequestSchema, response: MemoryDetailSchema, status: 201 },
  { method: 'GET', path: '/api/memories/{id}', summary: 'A memory with its tasks, documents, files and notes', tag: 'Memories', access: 'family', response: MemoryDetailSchema },
  { method: 'PATCH', path: '/api/memories/{id}', summary: "Edit a memory's details", tag: 'Memories', access: 'family', body: EditMemoryRequestSchema, response: MemoryDetailSchema },
  { method: 'DELETE', path: '/api/memories/{id}', summary: 'Delete a memory forever', tag: 'Memories', access: 'family', response: 'none', status: 204 },
  { method: 'PUT', path: '/api/memories/{id}/tasks/{taskId}', summary: "Set a task's status", tag: 'Memories', access: 'family', body: SetTaskStatusRequestSchema, response: MemoryDetailSchema },
  { method: 'PUT', path: '/api/memories/{id}/documents/{documentId}', summary: 'Mark a document collected or not', tag: 'Memories', access: 'family', body: SetDocumentCollectedRequestSchema, response: MemoryDetailSchema },
  { method: 'PUT', path: '/api/memories/{id}/tasks/{taskId}/settlement', summary: "Mark a task 'Not needed' or 'Done before I started'", tag: 'Memories', access: 'family', body: SettleItemRequestSchema, response: MemoryDetailSchema },
  { method: 'DELETE', path: '/api/memories/{id}/tasks/{taskId}/settlement', summary: "Take a task's 'Not needed' or 'Done before I started' mark off", tag: 'Memories', access: 'family', response: MemoryDetailSchema },
  { method: 'PUT', path: '/api/memories/{id}/done-before-start', summary: "A late start: mark every task that must have happened before it 'Done before I started'", tag: 'Memories', access: 'family', response: MemoryDetailSchema },
  { method: 'PUT', path: '/api/memories/{id}/documents/{documentId}/settlement', summary: "Mark a checklist document 'Not needed' or 'Done before I started'", tag: 'Memories', access: 'family', body: SettleItemRequestSchema, response: MemoryDetailSchema },
  { method: 'DELETE', path: '/api/memories/{id}/documents/{documentId}/settlement', summary: "Take a document's mark off", tag: 'Memories', access: 'family', response: MemoryDetailSchema },
  { method: 'POST', path: '/api/memories/{id}/documents/{documentId}/files', summary: "Attach a file to a document (the file's bytes, its name in x-file-name)", tag: 'Memories', access: 'family', body: 'binary', response: MemoryDetailSchema, status: 201 },
  { method: 'DELETE', path: '/api/memories/{id}/documents/{documentId}/files/{fileId}', summary: 'Remove a file', tag: 'Memories', access: 'family', response: MemoryDetailSchema },
  { method: 'GET', path: '/api/memories/{id}/files/{fileId}', summary: 'Download or view a file', tag: 'Memories', access: 'family', response: 'file' },
  { method: 'GET', path: '/api/memories/{id}/calendar.ics', summary: "The memory's open, dated tasks as an iCalendar file ('Add to calendar')", tag: 'Memories', access: 'family', response: 'file' },
  { method: 'POST', path: '/api/memories/{id}/exports', summary: "Start preparing the memory's zip (documents, photo, notes, checklist, summary): a job", tag: 'Memories', access: 'family', body: StartMemoryExportRequestSchema, response: MemoryExportSchema, status: 202 },
  { method: 'GET', path: '/api/memories/{id}/exports/{exportId}', summary: "A prepared zip's progress and, once ready, its link", tag: 'Memories', access: 'family', response: MemoryExportSchema },
  { method: 'GET', path: '/api/memories/{id}/exports/{exportId}/download', summary: 'Download the prepared zip (410 once it has expired)', tag: 'Memories', access: 'family', response: 'file' },
  { method: 'GET', path: '/api/memories/{id}/reminders', summary: "This memory's reminder e-mails for you, Settings' Email Notifications, and whether a calendar address is live", tag: 'Memories', access: 'family', response: MemoryRemindersSchema },
  { method: 'PUT', path: '/api/memories/{id}/reminders', summary: "Turn this memory's reminder e-mails on or off for you", tag: 'Memories', access: 'family', body: SetMemoryRemindersRequestSchema, response: MemoryRemindersSchema },
  { method: 'POST', path: '/api/memories/{id}/calendar-subscription', summary: 'Make a private calendar address for this memory (shown once; an earlier one stops working)', tag: 'Memories', access: 'family', response: CalendarSubscriptionSchema, status: 201 },
  { method: 'DELETE', path: '/api/memories/{id}/calendar-subscription', summary: "Turn this memory's calendar address off", tag: 'Memories', access: 'family', response: 'none', status: 204 },
  { method: 'GET', path: '/api/calendar/{token}', summary: "A memory's deadlines as a calendar feed, by its private address (no sign-in; 410 once turned off)", tag: 'Memories', access: 'public', response: 'file' },
  { method: 'GET', path: '/api/reminders/next', summary: 'The reminder e-mail you would get next (when, subject, what it lists) and your reminder choices, for Settings', tag: 'Memories', access: 'family', response: ReminderPreviewSchema },
  { method: 'PUT', path: '/api/reminders/preferences', summary: 'Choose whether to get reminder e-mails about memories shared with you to view only', tag: 'Memories', access: 'family', body: SetReminderPreferencesRequestSchema, response: ReminderPreviewSchema },
  { method: 'GET', path: '/api/reminders/unsubscribe', summary: "The reminder e-mail's stop link: a page with the button that stops the reminders of the memories it spoke of (no sign-in)", tag: 'Memories', access: 'public', query: UnsubscribeQuerySchema, response: 'file' },
  { method: 'POST', path: '/api/reminders/unsubscribe', summary: "Stop the reminder e-mails of the memories it spoke of for the person the link was sent to (the page's button, or a mail program's RFC 8058 one-click POST; no sign-in)", tag: 'Memories', access: 'public', query: UnsubscribeQuerySchema, response: 'file', anyOrigin: true },
  { method: 'POST', path: '/api/memories/{id}/additional-documents', summary: "Add a document of your own with its file (the file's bytes, its name in x-file-name)", tag: 'Memories', access: 'family', body: 'binary', response: MemoryDetailSchema, status: 201 },
  { method: 'DELETE', path: '/api/memories/{id}/additional-documents/{documentId}', summary: 'Delete a document of your own', tag: 'Memories', access: 'family', response: MemoryDetailSchema },
  { method: 'PUT', path: '/api/memories/{id}/photo', summary: "Set the memory's photo (the image's bytes)", tag: 'Memories', access: 'family', body: 'binary', response: MemoryDetailSchema },
  { method: 'DELETE', path: '/api/memories/{id}/photo', summary: "Remove the memory's photo", tag: 'Memories', access: 'family', response: MemoryDetailSchema },
  { method: 'GET', path: '/api/memories/{id}/photo', summary: "The memory's photo", tag: 'Memories', access: 'family', response: 'file' },
  { method: 'POST', path: '/api/memories/{id}/notes', summary: 'Add a note', tag: 'Memories', access: 'family', body: NoteRequestSchema, response: MemoryDetailSchema, status: 201 },
  { method: 'PUT', path: '/api/memories/{id}/notes/{noteId}', summary: 'Edit a note', tag: 'Memories', access: 'family', body: EditNoteRequestSchema, response: MemoryDetailSchema },
  { method: 'DELETE', path: '/api/memories/{id}/notes/{noteId}', summary: 'Delete a note', tag: 'Memories', access: 'family', response: MemoryDetailSchema },
  // A memory's organisations (issue 43): owners and editors change them, viewers read.
  { method: 'GET', path: '/api/memories/{id}/organisations', summary: "The memory's organisations to tell, with the starting list for its jurisdiction and answers", tag: 'Organisations', access: 'family', response: MemoryOrganisationsResponseSchema },
  { method: 'PUT', path: '/api/memories/{id}/organisations/answers', summary: 'Answer the plain questions the starting list is made from', tag: 'Organisations', access: 'family', body: OrganisationAnswersSchema, response: MemoryOrganisationsResponseSchema },
  { method: 'PUT', path: '/api/memories/{id}/organisations/last-address', summary: 'Where the person who died last lived, for the letters', tag: 'Organisations', access: 'family', body: SetLastAddressRequestSchema, response: MemoryOrganisationsResponseSchema },
  { method: 'GET', path: '/api/memories/{id}/organisations/{entryId}/letter.pdf', summary: 'The letter to one organisation, as a PDF', tag: 'Organisations', access: 'family', response: 'file' },
  { method: 'GET', path: '/api/memories/{id}/organisations/letters.pdf', summary: "'Letters for all to tell': every letter not yet sent, one PDF", tag: 'Organisations', access: 'family', response: 'file' },
  { method: 'POST', path: '/api/memories/{id}/organisations', summary: 'Add an organisation from the directory, or one of their own', tag: 'Organisations', access: 'family', body: AddMemoryOrganisationRequestSchema, response: MemoryOrganisationsResponseSchema, status: 201 },
  { method: 'PATCH', path: '/api/memories/{id}/organisations/{entryId}', summary: "Change an organisation's references, notes, letter text or status (409 when stale)", tag: 'Organisations', access: 'family', body: EditMemoryOrganisationRequestSchema, response: MemoryOrganisationsResponseSchema },
  { method: 'DELETE', path: '/api/memories/{id}/organisations/{entryId}', summary: 'Take an organisation off the list', tag: 'Organisations', access: 'family', response: MemoryOrganisationsResponseSchema },
  { method: 'GET', path: '/api/memories/{id}/sharing', summary: 'Who can see a memory, and the invitations waiting (its owner only)', tag: 'Sharing', access: 'family', response: MemorySharingSchema },
  { method: 'POST', path: '/api/memories/{id}/invitations', summary: 'Invite someone by e-mail as an editor or a viewer', tag: 'Sharing', access: 'family', body: InviteToMemoryRequestSchema, response: MemorySharingSchema, status: 201 },
  { method: 'DELETE', path: '/api/memories/{id}/invitations/{invitationId}', summary: 'Cancel a waiting invitation', tag: 'Sharing', access: 'family', response: MemorySharingSchema },
  { method: 'PUT', path: '/api/memories/{id}/members/{userId}', summary: "Change a person's role on a memory", tag: 'Sharing', access: 'family', body: ChangeMemberRoleRequestSchema, response: MemorySharingSchema },
  { method: 'DELETE', path: '/api/memories/{id}/members/{userId}', summary: 'Remove a person from a memory (or leave one shared with you)', tag: 'Sharing', access: 'family', response: 'none', status: 204 },
  { method: 'GET', path: '/api/invitations/{token}', summary: 'What an invitation link is for (the link is the secret)', tag: 'Sharing', access: 'public', response: InvitationPreviewSchema },
  { method: 'POST', path: '/api/invitations/{token}/accept', summary: 'Accept an invitation with the account of the invited address', tag: 'Sharing', access: 'family', response: AcceptInvitationResponseSchema },

  // Staff: sign-in and set-up
  { method: 'POST', path: '/api/admin/session', summary: 'Staff sign-in (locks for 15 minutes after 5 failures)', tag: 'Staff access', access: 'staff-sign-in', body: AdminSignInSchema, response: AdminSessionResponseSchema },
  { method: 'GET', path: '/api/admin/session', summary: 'The signed-in staff member', tag: 'Staff access', access: 'staff', response: AdminSessionResponseSchema },
  { method: 'DELETE', path: '/api/admin/session', summary: 'Staff sign-out (answers 204 signed in or not)', tag: 'Staff access', access: 'staff-sign-in', response: 'none', status: 204 },
  { method: 'GET', path: '/api/admin/setup', summary: "Whether a first-staff set-up token is valid", tag: 'Staff access', access: 'staff-sign-in', query: SetupQuery, response: SetupTokenStatusSchema },
  { method: 'POST', path: '/api/admin/setup', summary: 'Create the first staff account with the set-up token', tag: 'Staff access', access: 'staff-sign-in', body: FirstStaffSchema, response: FirstStaffResponse, status: 201 },

  // Staff: listings
  { method: 'GET', path: '/api/admin/dashboard', summary: 'Totals and recent activity', tag: 'Staff listings', access: 'staff', response: AdminDashboardSchema },
  { method: 'GET', path: '/api/admin/listings', summary: 'Listings, filtered, searched and paged, with their stat tiles', tag: 'Staff listings', access: 'staff', query: AdminListingsQuerySchema, response: AdminListingsResponseSchema },
  { method: 'GET', path: '/api/admin/listings/ids', summary: 'Every listing id a filter matches (select all)', tag: 'Staff listings', access: 'staff', query: AdminListingFilterSchema, response: AdminListingIdsResponseSchema },
  { method: 'GET', path: '/api/admin/listings/{id}', summary: 'One listing', tag: 'Staff listings', access: 'staff', response: AdminListingSchema },
  { method: 'POST', path: '/api/admin/listings', summary: 'Add a listing', tag: 'Staff listings', access: 'admin', body: AdminListingFormSchema, response: AdminListingSchema, status: 201 },
  { method: 'PUT', path: '/api/admin/listings/{id}', summary: 'Edit a listing', tag: 'Staff listings', access: 'admin', body: AdminEditListingSchema, response: AdminListingSchema },
  { method: 'POST', path: '/api/admin/listings/{id}/approve', summary: 'Approve a listing', tag: 'Staff listings', access: 'admin', body: Empty, response: AdminListingSchema },
  { method: 'POST', path: '/api/admin/listings/{id}/reject', summary: 'Reject a listing with a reason', tag: 'Staff listings', access: 'admin', body: ReasonSchema, response: AdminListingSchema },
  { method: 'POST', path: '/api/admin/listings/{id}/suspend', summary: 'Suspend a listing with a reason', tag: 'Staff listings', access: 'admin', body: ReasonSchema, response: AdminListingSchema },
  { method: 'PUT', path: '/api/admin/listings/{id}/status', summary: "Set a listing's status", tag: 'Staff listings', access: 'admin', body: SetListingStatusSchema, response: AdminListingSchema },
  { method: 'DELETE', path: '/api/admin/listings/{id}', summary: 'Delete a listing', tag: 'Staff listings', access: 'admin', response: 'none', status: 204 },
  { method: 'POST', path: '/api/admin/listings/bulk', summary: 'One action on many listings', tag: 'Staff listings', access: 'admin', body: BulkListingRequestSchema, response: BulkListingResponseSchema },

  // Staff: promotions
  { method: 'GET', path: '/api/admin/promotions', summary: 'Promotions with their figures', tag: 'Promotions', access: 'staff', query: PromotionListQuerySchema, response: AdminPromotionListSchema },
  { method: 'GET', path: '/api/admin/promotions/businesses', summary: 'Listings that can be promoted', tag: 'Promotions', access: 'staff', response: PromotableBusinessesSchema },
  { method: 'POST', path: '/api/admin/promotions', summary: 'Create a promotion', tag: 'Promotions', access: 'admin', body: CreatePromotionRequestSchema, response: AdminPromotionSchema, status: 201 },
  { method: 'PUT', path: '/api/admin/promotions/{id}', summary: 'Edit a promotion', tag: 'Promotions', access: 'admin', body: EditPromotionRequestSchema, response: AdminPromotionSchema },
  { method: 'POST', path: '/api/admin/promotions/{id}/renew', summary: 'Renew a promotion', tag: 'Promotions', access: 'admin', body: PromotionActionRequestSchema, response: AdminPromotionSchema },
  { method: 'POST', path: '/api/admin/promotions/{id}/cancel', summary: 'Cancel a promotion', tag: 'Promotions', access: 'admin', body: PromotionActionRequestSchema, response: AdminPromotionSchema },
  { method: 'POST', path: '/api/admin/promotions/{id}/start', summary: 'Start a scheduled promotion now', tag: 'Promotions', access: 'admin', body: PromotionActionRequestSchema, response: AdminPromotionSchema },

  // Organisation directory: families search it; staff keep it
  { method: 'GET', path: '/api/organisations', summary: 'Search the organisation directory as you type (active entries)', tag: 'Organisations', access: 'family', query: OrganisationSearchQuerySchema, response: OrganisationSearchResponseSchema },
  { method: 'GET', path: '/api/admin/organisations/missing', summary: 'Names families gave their own organisations that the directory lacks, counted (only names given on two memories or more)', tag: 'Organisations', access: 'staff', response: MissingOrganisationsSchema },
  { method: 'GET', path: '/api/admin/organisations', summary: 'The organisation directory, retired entries too', tag: 'Organisations', access: 'staff', query: AdminOrganisationListQuerySchema, response: AdminOrganisationListSchema },
  { method: 'POST', path: '/api/admin/organisations', summary: 'Add an organisation to the directory', tag: 'Organisations', access: 'admin', body: OrganisationRequestSchema, response: AdminOrganisationSchema, status: 201 },
  { method: 'PUT', path: '/api/admin/organisations/{id}', summary: 'Edit an organisation', tag: 'Organisations', access: 'admin', body: EditOrganisationRequestSchema, response: AdminOrganisationSchema },
  { method: 'POST', path: '/api/admin/organisations/{id}/retire', summary: 'Retire an organisation: families no longer find it', tag: 'Organisations', access: 'admin', body: OrganisationActionRequestSchema, response: AdminOrganisationSchema },
  { method: 'POST', path: '/api/admin/organisations/{id}/restore', summary: 'Bring a retired organisation back', tag: 'Organisations', access: 'admin', body: OrganisationActionRequestSchema, response: AdminOrganisationSchema },

  // Staff: imports
  { method: 'POST', path: '/api/admin/imports/csv', summary: "Upload a CSV of businesses or organisations (?kind=; the file's bytes); every row checked", tag: 'Imports', access: 'admin', query: ImportKindQuerySchema, body: 'csv', response: CsvImportSchema, status: 201 },
  { method: 'GET', path: '/api/admin/imports/csv', summary: 'CSV imports of a kind (?kind=, listings unless told)', tag: 'Imports', access: 'staff', query: ImportKindQuerySchema, response: CsvImportListSchema },
  { method: 'GET', path: '/api/admin/imports/csv/{id}', summary: 'One CSV import with its progress', tag: 'Imports', access: 'staff', response: CsvImportSchema },
  { method: 'POST', path: '/api/admin/imports/csv/{id}/start', summary: 'Import the accepted rows (a job; progress over socket.io)', tag: 'Imports', access: 'admin', body: StartCsvImportSchema, response: CsvImportSchema, status: 202 },
  { method: 'GET', path: '/api/admin/imports/csv/{id}/rejected-rows', summary: 'The rejected rows with their reasons, as CSV', tag: 'Imports', access: 'staff', response: 'csv' },
  { method: 'POST', path: '/api/admin/imports/documents', summary: 'Upload a brochure or letter (PDF, Word or text); its details extracted', tag: 'Imports', access: 'admin', body: 'binary', response: ProcessedDocumentSchema, status: 201 },
  { method: 'GET', path: '/api/admin/imports/documents', summary: 'Processed documents', tag: 'Imports', access: 'staff', response: ProcessedDocumentListSchema },
  { method: 'GET', path: '/api/admin/imports/documents/{id}', summary: 'A processed document with its text', tag: 'Imports', access: 'staff', response: ProcessedDocumentDetailSchema },
  { method: 'GET', path: '/api/admin/imports/documents/{id}/file', summary: 'The original file', tag: 'Imports', access: 'staff', response: 'file' },
  { method: 'POST', path: '/api/admin/imports/documents/{id}/approve', summary: 'Create the listing, with corrections', tag: 'Imports', access: 'admin', body: ApproveDocumentSchema, response: ProcessedDocumentSchema },
  { method: 'POST', path: '/api/admin/imports/documents/{id}/reject', summary: 'Reject with a note', tag: 'Imports', access: 'admin', body: RejectDocumentSchema, response: ProcessedDocumentSchema },

  // Staff: coverage
  { method: 'GET', path: '/api/admin/coverage', summary: 'Coverage by region, gaps and trend', tag: 'Coverage', access: 'staff', query: CoverageQuerySchema, response: CoverageReportSchema },
  { method: 'GET', path: '/api/admin/coverage/opportunities', summary: 'Where more services would help most', tag: 'Coverage', access: 'staff', query: CoverageQuerySchema, response: CoverageOpportunitiesSchema },
  { method: 'GET', path: '/api/admin/coverage/points', summary: "A region's listings as map points", tag: 'Coverage', access: 'staff', query: CoveragePointsQuerySchema, response: CoveragePointsSchema },

  // Staff: settings and audit
  { method: 'GET', path: '/api/admin/settings', summary: 'Platform settings', tag: 'Settings and audit', access: 'staff', response: AdminSettingsResponseSchema },
  { method: 'PUT', path: '/api/admin/settings', summary: 'Save platform settings', tag: 'Settings and audit', access: 'admin', body: SaveSettingsRequestSchema, response: AdminSettingsResponseSchema },
  { method: 'POST', path: '/api/admin/settings/reset', summary: 'Reset platform settings to their defaults', tag: 'Settings and audit', access: 'admin', body: Empty, response: AdminSettingsResponseSchema },
  { method: 'GET', path: '/api/admin/audit-log', summary: 'The staff audit trail, filtered and paged', tag: 'Settings and audit', access: 'staff', query: AuditLogQuerySchema, response: AuditLogResponseSchema },
  { method: 'GET', path: '/api/admin/audit-log/filters', summary: 'Actions and staff to filter the audit trail by', tag: 'Settings and audit', access: 'staff', response: AuditFiltersResponseSchema },
  { method: 'GET', path: '/api/admin/audit-log/verify', summary: "Check the audit trail's hash chain", tag: 'Settings and audit', access: 'staff', response: AuditChainVerificationSchema },

  // Staff: history
  { method: 'GET', path: '/api/admin/history/streams', summary: 'Find a listing, promotion, organisation or settings stream', tag: 'History', access: 'staff', query: StreamSearchQuerySchema, response: StreamSearchResponseSchema },
  { method: 'GET', path: '/api/admin/history/streams/{streamId}', summary: "A stream's events (a memory's without personal data)", tag: 'History', access: 'staff', response: StreamHistorySchema },
  { method: 'GET', path: '/api/admin/history/streams/{streamId}/state', summary: 'The state after a version, and what that version changed', tag: 'History', access: 'staff', query: StreamStateQuerySchema, response: StreamStateSchema },
  { method: 'GET', path: '/api/admin/history/streams/{streamId}/export.json', summary: "A stream's history as a JSON file to save", tag: 'History', access: 'staff', response: StreamHistorySchema },
  { method: 'GET', path: '/api/admin/history/streams/{streamId}/export.csv', summary: "A stream's history as CSV", tag: 'History', access: 'staff', response: 'csv' },
  { method: 'GET', path: '/api/admin/history/correlation/{correlationId}', summary: 'Every event of one correlation, across streams', tag: 'History', access: 'staff', response: CorrelationResponseSchema },
  { method: 'GET', path: '/api/admin/history/events', summary: 'The global log, filtered by type, actor and time, paged', tag: 'History', access: 'staff', query: GlobalLogQuerySchema, response: GlobalLogResponseSchema },
  { method: 'GET', path: '/api/admin/history/filters', summary: 'Event types and staff to filter the log by', tag: 'History', access: 'staff', response: HistoryFiltersSchema },

  // Operations: outside /api, where Prometheus looks
  { method: 'GET', path: '/metrics', summary: "This replica's metrics in Prometheus' text format (requests, projections, jobs, sockets, the process)", tag: 'Operations', access: 'metrics', response: 'text' },

  // This document
  { method: 'GET', path: '/api/docs', summary: 'This API, browsable', tag: 'Documentation', access: 'public', response: 'file' },
  { method: 'GET', path: '/api/docs/openapi.json', summary: 'This API as OpenAPI 3.1', tag: 'Documentation', access: 'public', response: OpenApiDocumentResponse },
  { method: 'GET', path: '/api/docs/assets/{file}', summary: "The browsable page's scripts and styles (Swagger UI)", tag: 'Documentation', access: 'public', response: 'file' },
];

/** Whether the catalog lists the routes of a path: everything under `/api/`, and `/metrics`. */
export const isCatalogPath = (path: string): boolean => path.startsWith('/api/') || path === '/metrics';

/** `/api/memories/:id` (a route's pattern, as Nest and either HTTP adapter write it) → `/api/memories/{id}` (OpenAPI). */
export const toOpenApiPath = (routePattern: string): string => routePattern.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
