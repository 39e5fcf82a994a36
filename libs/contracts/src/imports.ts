import { z } from './zod';
import { ADMIN_API } from './admin';
import { ListingDetailsInputSchema } from './directory';
import { LISTING_CATEGORIES, ListingCategorySchema, PublicListingSchema } from './directory-search';

/**
 * Staff imports (admin spec: Bulk CSV Upload and Document Processing). Uploads are the file's bytes as
 * `application/octet-stream` (UPLOAD_CONTENT_TYPE) with its name in the `x-file-name` header
 * (FILE_NAME_HEADER, URI-encoded); types are told from the content, never from the name. A CSV may also
 * be sent as `text/csv` (CSV_CONTENT_TYPE), as a client reading the OpenAPI document would.
 *
 * CSV:
 * - `POST /api/admin/imports/csv?kind=`                upload and check every row → 201 CsvImport (status `checked`)
 * - `GET  /api/admin/imports/csv?kind=`                the latest imports of a kind → CsvImportList
 * - `GET  /api/admin/imports/csv/:id`                  one import with its progress → CsvImport
 * - `POST /api/admin/imports/csv/:id/start`            StartCsvImport → 202 CsvImport (a job imports the rows)
 * - `GET  /api/admin/imports/csv/:id/rejected-rows`    text/csv: every rejected row with its reason
 *
 * Documents:
 * - `POST /api/admin/imports/documents`                one .pdf, .doc, .docx or .txt → 201 ProcessedDocument
 * - `GET  /api/admin/imports/documents`                the review queue → ProcessedDocumentList
 * - `GET  /api/admin/imports/documents/:id`            extracted fields beside the text → ProcessedDocumentDetail
 * - `GET  /api/admin/imports/documents/:id/file`       the original file
 * - `POST /api/admin/imports/documents/:id/approve`    ApproveDocument (corrected fields) → ProcessedDocument
 * - `POST /api/admin/imports/documents/:id/reject`     RejectDocument → ProcessedDocument
 */
export const IMPORTS_PATH = `${ADMIN_API}/imports`;
export const CSV_IMPORTS_PATH = `${IMPORTS_PATH}/csv`;
export const DOCUMENT_IMPORTS_PATH = `${IMPORTS_PATH}/documents`;
/** A CSV's own media type: the CSV upload takes it as well as UPLOAD_CONTENT_TYPE. */
export const CSV_CONTENT_TYPE = 'text/csv';

// ---------------------------------------------------------------------------------------------------
// Bulk CSV upload
// ---------------------------------------------------------------------------------------------------

/** 20 MB: about 80,000 rows of typical listings. Larger files are refused while they stream in. */
export const CSV_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The header must hold every one of these; `serves_surrounding_areas` may be added. */
export const CSV_REQUIRED_HEADERS = ['name', 'category', 'location', 'address', 'phone', 'email', 'website', 'description', 'pricing', 'service_radius', 'status'] as const;
export const CSV_OPTIONAL_HEADERS = ['serves_surrounding_areas'] as const;
/** Statuses a CSV row may ask for (Suspended is a staff decision, not an import's). */
export const CSV_ROW_STATUSES = ['Active', 'Pending Review', 'Inactive'] as const;
export const CSV_PREVIEW_ROWS = 10;
/** Errors listed in the modal before '... and N more errors'; after an upload, this many. */
export const CSV_ERRORS_SHOWN = 5;
export const CSV_ERRORS_AFTER_UPLOAD = 3;
/** Row errors kept with an import for the screen; every one of them is in the rejected-rows file. */
export const CSV_ERRORS_KEPT = 50;
export const CSV_SOURCE = 'Bulk Upload';

/**
 * What a CSV import adds: businesses to the local-services directory, or entries of the organisation
 * directory (the same upload, check, job and record, each kind with its own columns and row rules).
 */
export const IMPORT_KINDS = ['listings', 'organisations'] as const;
export const ImportKindSchema = z.enum(IMPORT_KINDS);
export type ImportKind = z.infer<typeof ImportKindSchema>;
/** `?kind=` of the upload and the list; without it, listings (the screens that came first). */
export const ImportKindQuerySchema = z.object({ kind: ImportKindSchema.default('listings') });

/** An organisations CSV: these columns must be in the header; the optional ones may be. */
export const ORGANISATION_CSV_REQUIRED_HEADERS = ['name', 'kind', 'jurisdictions', 'sources', 'reviewed_on'] as const;
export const ORGANISATION_CSV_OPTIONAL_HEADERS = [
  'key',
  'address',
  'phone',
  'email',
  'website',
  'needs',
  'usual_reply_days',
  'death_notification_service',
  'tell_us_once',
] as const;
/** A row that leaves usual_reply_days empty: the time after which a letter shows as waiting anyway. */
export const ORGANISATION_CSV_DEFAULT_REPLY_DAYS = 21;
export const DOCUMENT_SOURCE = 'Document Upload';

/** '1 business', '20 organisations': what an import of a kind adds, counted. */
export function importedThings(n: number, kind: ImportKind): string {
  const [one, many] = kind === 'organisations' ? ['organisation', 'organisations'] : ['business', 'businesses'];
  return n === 1 ? `1 ${one}` : `${n.toLocaleString('en-GB')} ${many}`;
}

export const CSV_MESSAGES = {
  notCsv: 'Please select a CSV file',
  parse: (message: string) => `Error parsing CSV: ${message}`,
  missingHeaders: (headers: readonly string[]) => `Missing required headers: ${headers.join(', ')}`,
  required: (row: number, field: string) => `Row ${row}: ${field} is required`,
  row: (row: number, message: string) => `Row ${row}: ${message}`,
  more: (n: number) => `... and ${n} more errors`,
  tooLarge: 'This CSV file is larger than 20 MB. Please split it into smaller files and upload them one at a time.',
  notText: 'This file is not a CSV file: its content is not text. Please export the sheet as CSV (comma separated values) and try again.',
  empty: 'This CSV file has no rows under its header.',
  /** Every accepted row of the file was imported before: Import has nothing to add. */
  nothingNew: (valid: number, kind: ImportKind = 'listings') =>
    kind === 'organisations'
      ? valid === 1
        ? 'The organisation in this file is already in the directory. There is nothing new to import.'
        : `All ${valid.toLocaleString('en-GB')} organisations in this file are already in the directory. There is nothing new to import.`
      : valid === 1
      ? 'The business in this file is already in the directory: it was imported before. There is nothing new to import.'
      : `All ${valid.toLocaleString('en-GB')} businesses in this file are already in the directory: they were imported before. There is nothing new to import.`,
  blocked: (n: number) => `${n === 1 ? '1 row has' : `${n} rows have`} errors. Correct them and upload the file again, or import the other rows and leave these out.`,
  started: 'Import started. You can leave this screen: the import carries on and its result stays here.',
  finished: (imported: number, kind: ImportKind = 'listings') => `Imported ${importedThings(imported, kind)}.`,
  uploadFailed: 'Failed to upload the CSV file. Please try again.',
} as const;

export const IMPORT_STATUSES = ['checked', 'queued', 'running', 'completed', 'failed'] as const;
export const ImportStatusSchema = z.enum(IMPORT_STATUSES);
export type ImportStatus = z.infer<typeof ImportStatusSchema>;

export const CsvPreviewRowSchema = z.object({
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  values: z.record(z.string(), z.string()),
  errors: z.array(z.string()),
});
export type CsvPreviewRow = z.infer<typeof CsvPreviewRowSchema>;

export const ImportProgressSchema = z.object({
  /** Rows read, checked and settled (imported, skipped or left out) so far: a resumed import goes on after them. */
  checked: z.number().int(),
  /** New listings recorded. */
  imported: z.number().int(),
  /** Rows already imported before (the same row uploaded again): skipped, not duplicated. */
  duplicates: z.number().int(),
  /** Rows left out for an error (see the rejected-rows file). */
  rejected: z.number().int(),
});
export type ImportProgress = z.infer<typeof ImportProgressSchema>;

export const CsvImportSchema = z.object({
  id: z.string().uuid(),
  kind: ImportKindSchema,
  fileName: z.string(),
  fileBytes: z.number().int(),
  status: ImportStatusSchema,
  /** 'Missing required headers: …' or 'Error parsing CSV: …': nothing can be imported. */
  fileError: z.string().nullable(),
  headers: z.array(z.string()),
  /** Data rows under the header. */
  totalRows: z.number().int(),
  validRows: z.number().int(),
  /**
   * Of the valid rows, those imported before (by the import's own rule: their listing exists, or an earlier
   * row of the file is the same): the import skips them. Null for a file checked before this was counted.
   */
  alreadyImportedRows: z.number().int().nullable(),
  /** Valid rows the import would add: validRows less alreadyImportedRows (null when that is unknown). */
  newRows: z.number().int().nullable(),
  rejectedRows: z.number().int(),
  /** Row errors in all ('Row N: …'; a row may have several). */
  errorCount: z.number().int(),
  /** The first CSV_PREVIEW_ROWS data rows. */
  preview: z.array(CsvPreviewRowSchema),
  /** The first CSV_ERRORS_KEPT row errors ('Row N: …'), in file order. */
  errors: z.array(z.string()),
  progress: ImportProgressSchema,
  /** Why the job stopped, when it failed. */
  failure: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  version: z.number().int(),
});
export type CsvImport = z.infer<typeof CsvImportSchema>;
export const CsvImportListSchema = z.object({ imports: z.array(CsvImportSchema) });
export type CsvImportList = z.infer<typeof CsvImportListSchema>;

/** With rows in error, the import runs only when staff choose to leave those rows out. */
export const StartCsvImportSchema = z.object({ skipRejected: z.boolean().default(false) });
export type StartCsvImport = z.input<typeof StartCsvImportSchema>;

/** The whole of the import is done: checked rows reached the total (progress bar at 100%). */
export function importPercent(i: Pick<CsvImport, 'status' | 'totalRows' | 'progress'>): number {
  if (i.status === 'completed') return 100;
  if (i.totalRows === 0) return 0;
  return Math.min(99, Math.floor((i.progress.checked / i.totalRows) * 100));
}

/** '... and N more errors' after the first `shown`, or nothing. */
export function moreErrorsText(total: number, shown: number): string | null {
  return total > shown ? CSV_MESSAGES.more(total - shown) : null;
}

// ---------------------------------------------------------------------------------------------------
// Document processing
// ---------------------------------------------------------------------------------------------------

/** 10 MB per document. */
export const DOCUMENT_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_EXTENSIONS = ['.pdf', '.doc', '.docx', '.txt'] as const;
export type DocumentExtension = (typeof DOCUMENT_EXTENSIONS)[number];
/** The content type (told from the bytes, see the file store's FILE_TYPES) each accepted extension must have. */
export const DOCUMENT_TYPE_OF_EXTENSION: Readonly<Record<DocumentExtension, string>> = {
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.txt': 'text/plain',
};
/** What a content type is called in a message to staff. */
const DOCUMENT_TYPE_NAMES: Readonly<Record<string, string>> = {
  'application/pdf': 'a PDF',
  'application/msword': 'a Word 97-2003 document (.doc)',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'a Word document (.docx)',
  'text/plain': 'plain text',
};
export const documentTypeName = (contentType: string | null): string => (contentType && DOCUMENT_TYPE_NAMES[contentType]) || 'not a type that can be read';

/** The accepted extension a file name ends in, or null. */
export function documentExtensionOf(fileName: string): DocumentExtension | null {
  const ext = /\.[^./\\]+$/.exec(fileName.toLowerCase())?.[0];
  return (DOCUMENT_EXTENSIONS as readonly string[]).includes(ext ?? '') ? (ext as DocumentExtension) : null;
}
/** The `accept` of the file input: the extensions and their types. */
export const DOCUMENT_ACCEPT = '.pdf,.doc,.docx,.txt,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain';
/** The category a document gets when no keyword names one. */
export const DOCUMENT_DEFAULT_CATEGORY = 'Support Services' as const satisfies (typeof LISTING_CATEGORIES)[number];
export const UNKNOWN_LOCATION = 'Unknown Location';
export const DEFAULT_REJECT_NOTE = 'Requires manual review';

export const DOCUMENT_MESSAGES = {
  loadFailed: 'Failed to load processed documents',
  readFailed: 'Failed to read file',
  processFailed: (file: string, reason: string) => `Failed to process "${file}": ${reason}`,
  approveFailed: 'Failed to approve business. Please try again.',
  rejectFailed: 'Failed to reject business. Please try again.',
  processed: (file: string) => `Successfully processed "${file}" and created business listing`,
  approved: (name: string) => `Business "${name}" approved successfully!`,
  rejected: (name: string) => `Business "${name}" rejected.`,
  empty: 'No documents processed yet',
  wrongType: 'Only PDF, Word (.doc or .docx) and plain text (.txt) files can be processed.',
  /** The content is not what the name's extension says (a text file named .pdf). */
  notWhatNameSays: (extension: DocumentExtension, found: string | null) =>
    `Its name ends in ${extension}, but it is not ${documentTypeName(DOCUMENT_TYPE_OF_EXTENSION[extension])}: its content is ${documentTypeName(found)}. Please choose the document itself, saved as PDF, Word (.doc or .docx) or plain text (.txt).`,
  /** The rules found nothing about a business: nothing is listed or queued for review. */
  noBusinessDetails:
    "We couldn't find any business details in it (a name, address, phone number, e-mail, website or description), so nothing was added for review. If it belongs in the directory, please add the business by hand from Local Businesses.",
  tooLarge: 'The file is larger than 10 MB.',
  noText: 'It has no text to read: it looks like a scanned image. Please add the business by hand from Local Businesses.',
  unreadable: 'The file could not be read. It may be damaged or protected by a password.',
  tooLargeUnpacked: 'This file is too large to read once unpacked. Please save it as a simpler file (without embedded pictures or fonts), or add the business by hand from Local Businesses.',
  tooSlow: 'This file took too long to read. Please save it as a simpler file, or add the business by hand from Local Businesses.',
} as const;

/** The fields the extraction rules look for, in the spec's order. */
export const EXTRACTED_FIELDS = ['businessName', 'category', 'location', 'address', 'phone', 'email', 'website', 'description', 'pricing'] as const;
export type ExtractedField = (typeof EXTRACTED_FIELDS)[number];

/** A draft listing: what the rules found for its name, category and place, and the listing's own contact and description fields. */
export const ExtractedDataSchema = z.object({
  businessName: z.string(),
  category: ListingCategorySchema,
  location: z.string(),
  ...z.object(PublicListingSchema.shape).pick({ address: true, phone: true, email: true, website: true, description: true, pricing: true }).shape,
});
export type ExtractedData = z.infer<typeof ExtractedDataSchema>;

export const REVIEW_STATUSES = ['pending_review', 'approved', 'rejected'] as const;
export const ReviewStatusSchema = z.enum(REVIEW_STATUSES);
export type ReviewStatus = z.infer<typeof ReviewStatusSchema>;

export const ProcessedDocumentSchema = z.object({
  id: z.string().uuid(),
  fileName: z.string(),
  fileType: z.string(),
  fileBytes: z.number().int(),
  uploadDate: z.string(),
  processingStatus: z.literal('completed'),
  extractedData: ExtractedDataSchema,
  /** Which fields the text really gave (the rest are defaults: file name, 'Support Services', 'Unknown Location'). */
  foundFields: z.array(z.enum(EXTRACTED_FIELDS)),
  confidence: z.number().int().min(0).max(100),
  reviewStatus: ReviewStatusSchema,
  reviewNotes: z.string().nullable(),
  /** The listing the document created (Pending Review until approved). */
  businessId: z.string().uuid(),
  /** The listing's name now (staff may have corrected it). */
  businessName: z.string(),
});
export type ProcessedDocument = z.infer<typeof ProcessedDocumentSchema>;
export const ProcessedDocumentListSchema = z.object({ documents: z.array(ProcessedDocumentSchema) });
export type ProcessedDocumentList = z.infer<typeof ProcessedDocumentListSchema>;

/** Characters of a document's text kept for review. */
export const DOCUMENT_TEXT_KEPT = 100_000;
export const ProcessedDocumentDetailSchema = ProcessedDocumentSchema.extend({
  text: z.string(),
  /** The document had more text than DOCUMENT_TEXT_KEPT characters. */
  textTruncated: z.boolean(),
});
export type ProcessedDocumentDetail = z.infer<typeof ProcessedDocumentDetailSchema>;

/** The review dialog's fields: the business form's rules and messages, under the document's names. */
export const ApproveDocumentSchema = ListingDetailsInputSchema.pick({
  name: true,
  category: true,
  location: true,
  address: true,
  phone: true,
  email: true,
  website: true,
  description: true,
  pricing: true,
});
export type ApproveDocumentInput = z.input<typeof ApproveDocumentSchema>;

export const RejectDocumentSchema = z.object({
  note: z
    .string()
    .trim()
    .max(500, 'The note must be 500 characters or fewer')
    .optional()
    .transform((v) => v || DEFAULT_REJECT_NOTE),
});
export type RejectDocumentInput = z.input<typeof RejectDocumentSchema>;

/** Badge colour of a confidence: 90 or more green, 70 or more yellow, else red. */
export function confidenceTone(confidence: number): 'green' | 'yellow' | 'red' {
  if (confidence >= 90) return 'green';
  if (confidence >= 70) return 'yellow';
  return 'red';
}
