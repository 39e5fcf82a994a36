import { createHash, randomUUID } from 'node:crypto';
import { Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import {
  DOCUMENT_IMPORT_MAX_BYTES,
  DOCUMENT_MESSAGES,
  DOCUMENT_SOURCE,
  DOCUMENT_TEXT_KEPT,
  DOCUMENT_TYPE_OF_EXTENSION,
  ListingDetailsInputSchema,
  UNKNOWN_LOCATION,
  UPLOAD_CONTENT_TYPE,
  type ExtractedData,
  type ListingDetailsInput,
  documentExtensionOf,
  type ProcessedDocument,
} from '@afterwards/contracts';
import { extractBusiness, foundBusinessDetails, ListingError } from '@afterwards/directory-domain';
import { FILE_TYPES } from '@afterwards/file-store';
import { receiveFile } from '@afterwards/file-store/receive';
import { Consumes, ProblemError, type HttpRequest } from '@afterwards/server-kit';
import { staffOf } from '@afterwards/identity-server';
import { IMPORT_RUNTIME, uuidFromName, type ImportRuntime } from '../imports/import-runtime';
import { importFileName } from '../imports/import-file-name';
import { StaffListings } from '../staff-listings/staff-listings.service';
import { findDocuments, publicDocument } from '../review-imports/documents.queries';
import { DocumentLimitError, DocumentUnreadableError, extractText, hasText } from './extract-text';

export const DOCUMENT_TYPES = [FILE_TYPES.pdf, FILE_TYPES.doc, FILE_TYPES.docx, FILE_TYPES.text];

/**
 * Extracted values as a listing's details: each field the business form refuses (an e-mail it does not
 * take, a name too long) is left empty or cut, so a document always reaches review, where staff correct it.
 */
export function listingDetailsOf(data: ExtractedData, serviceRadiusMiles: number): ListingDetailsInput {
  const details: Record<string, unknown> = {
    name: data.businessName.slice(0, 200),
    category: data.category,
    location: data.location.slice(0, 200) || UNKNOWN_LOCATION,
    address: data.address,
    phone: data.phone?.slice(0, 40) ?? null,
    email: data.email,
    website: data.website,
    description: data.description,
    pricing: data.pricing,
    serviceRadiusMiles,
  };
  for (let i = 0; i < 10; i++) {
    const parsed = ListingDetailsInputSchema.safeParse(details);
    if (parsed.success) break;
    for (const issue of parsed.error.issues) details[String(issue.path[0])] = null;
  }
  return details as ListingDetailsInput;
}

/** Document Processing (admin spec): one document per request; the screen sends several side by side. */
@Controller('api/admin/imports/documents')
export class ImportDocumentsController {
  constructor(
    @Inject(IMPORT_RUNTIME) private readonly rt: ImportRuntime,
    private readonly listings: StaffListings,
  ) {}

  /**
   * Streams the document into the encrypted store (10 MB; PDF, DOC, DOCX or text by content), extracts its
   * text with a real parser, applies the extraction rules and submits a Pending Review listing.
   */
  @Post()
  @Consumes(UPLOAD_CONTENT_TYPE)
  @HttpCode(201)
  async upload(@Req() req: HttpRequest): Promise<ProcessedDocument> {
    const fileName = importFileName(req, 'document');
    const failed = (status: number, code: string, reason: string) => new ProblemError(status, code, DOCUMENT_MESSAGES.processFailed(fileName, reason));
    const extension = documentExtensionOf(fileName);
    if (!extension) throw failed(415, 'DOCUMENT_TYPE_NOT_ALLOWED', DOCUMENT_MESSAGES.wrongType);
    const files = this.rt.files();
    const stored = await receiveFile(req, files, {
      maxBytes: DOCUMENT_IMPORT_MAX_BYTES,
      allowedTypes: DOCUMENT_TYPES,
      tooLarge: () => failed(413, 'DOCUMENT_TOO_LARGE', DOCUMENT_MESSAGES.tooLarge),
      wrongType: () => failed(415, 'DOCUMENT_TYPE_NOT_ALLOWED', DOCUMENT_MESSAGES.wrongType),
      // Staged until its row exists: an import cut off before then (the process killed while a document
      // is read) leaves only an unfinished upload, which the stale-partials sweep removes.
      stage: true,
    });
    let kept = false;
    try {
      // Told by its content, the file must be what its name says: text named .pdf is not read as a PDF.
      if (stored.fileType !== DOCUMENT_TYPE_OF_EXTENSION[extension]) {
        throw failed(415, 'DOCUMENT_NOT_WHAT_ITS_NAME_SAYS', DOCUMENT_MESSAGES.notWhatNameSays(extension, stored.fileType));
      }
      const bytes = await files.readStaged(stored.fileId);
      let text: string;
      try {
        text = (await extractText(bytes, stored.fileType)).replace(/\u0000/g, '');
      } catch (error) {
        if (error instanceof DocumentUnreadableError) throw failed(422, 'DOCUMENT_UNREADABLE', DOCUMENT_MESSAGES.unreadable);
        if (error instanceof DocumentLimitError) {
          throw error.limit === 'time'
            ? failed(422, 'DOCUMENT_TOO_SLOW_TO_READ', DOCUMENT_MESSAGES.tooSlow)
            : failed(422, 'DOCUMENT_TOO_LARGE_UNPACKED', DOCUMENT_MESSAGES.tooLargeUnpacked);
        }
        throw error;
      }
      // A scan has pictures of pages and no text layer: say so rather than make an empty listing.
      if (!hasText(text)) throw failed(422, 'DOCUMENT_NO_TEXT', DOCUMENT_MESSAGES.noText);

      const extraction = extractBusiness(text, fileName);
      // Nothing but defaults (the file name, 'Support Services', 'Unknown Location') is no listing to review.
      if (!foundBusinessDetails(extraction)) throw failed(422, 'DOCUMENT_NO_BUSINESS_DETAILS', DOCUMENT_MESSAGES.noBusinessDetails);
      const settings = await this.rt.settings();
      // The same document again names the same listing, so it is refused instead of duplicated.
      const listingId = uuidFromName(`afterwards-document:${createHash('sha256').update(bytes).digest('hex')}`);
      const documentId = randomUUID();
      await this.rt.prisma.$executeRaw`
        INSERT INTO import_documents (id, file_name, file_id, file_type, file_bytes, text, text_truncated, extracted, found_fields, confidence, listing_id, uploaded_by)
        VALUES (${documentId}::uuid, ${fileName}, ${stored.fileId}::uuid, ${stored.fileType}, ${stored.fileSize}, ${text.slice(0, DOCUMENT_TEXT_KEPT)},
          ${text.length > DOCUMENT_TEXT_KEPT}, ${JSON.stringify(extraction.data)}::jsonb, ${JSON.stringify(extraction.found)}::jsonb, ${extraction.confidence},
          ${listingId}::uuid, ${staffOf(req).id})`;
      // The row first, then the blob: a stop between the two leaves a row whose file is gone (its download
      // answers not found), never a stored blob that nothing points at.
      try {
        await files.commit(stored.fileId);
      } catch (error) {
        await this.rt.prisma.$executeRaw`DELETE FROM import_documents WHERE id = ${documentId}::uuid`;
        throw error;
      }
      try {
        await this.listings.change(req, listingId, 'document_imported', [
          {
            type: 'SubmitListing',
            listingId,
            details: listingDetailsOf(extraction.data, settings.defaultServiceRadius),
            status: 'Pending Review',
            source: DOCUMENT_SOURCE,
            originalFilename: fileName,
          },
        ]);
      } catch (error) {
        await this.rt.prisma.$executeRaw`DELETE FROM import_documents WHERE id = ${documentId}::uuid`;
        if (error instanceof ListingError && error.code === 'LISTING_ALREADY_EXISTS') {
          throw failed(409, 'DOCUMENT_ALREADY_IMPORTED', 'this document was processed before, and its business is already in the list');
        }
        throw error;
      }
      kept = true;
      const [document] = await findDocuments(this.rt.prisma, { id: documentId, limit: 1 });
      return publicDocument(document!);
    } finally {
      if (!kept) {
        await files.discard(stored.fileId).catch(() => undefined);
        await files.delete(stored.fileId).catch(() => undefined);
      }
    }
  }
}
