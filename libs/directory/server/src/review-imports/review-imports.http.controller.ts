import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res, type StreamableFile } from '@nestjs/common';
import {
  ApproveDocumentSchema,
  RejectDocumentSchema,
  type ProcessedDocument,
  type ProcessedDocumentDetail,
  type ProcessedDocumentList,
} from '@afterwards/contracts';
import { ProblemError, setAnswerHeader, streamedAnswer, type HttpReply, type HttpRequest } from '@afterwards/server-kit';
import { IMPORT_RUNTIME, type ImportRuntime } from '../imports/import-runtime';
import { StaffListings } from '../staff-listings/staff-listings.service';
import { documentDetail, findDocuments, publicDocument, type StoredDocument } from './documents.queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXTENSIONS: Record<string, string> = {
  'application/pdf': '.pdf',
  'application/msword': '.doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
  'text/plain': '.txt',
};

/** The review queue of processed documents: details beside the text, approve with corrections, or reject with a note. */
@Controller('api/admin/imports/documents')
export class ReviewImportsController {
  constructor(
    @Inject(IMPORT_RUNTIME) private readonly rt: ImportRuntime,
    private readonly listings: StaffListings,
  ) {}

  @Get()
  async list(): Promise<ProcessedDocumentList> {
    return { documents: (await findDocuments(this.rt.prisma, {})).map(publicDocument) };
  }

  @Get(':id')
  async get(@Param('id') id: string): Promise<ProcessedDocumentDetail> {
    return documentDetail(await this.find(id, true));
  }

  /** The original file, decrypted, as it was uploaded. */
  @Get(':id/file')
  async file(@Param('id') id: string, @Res({ passthrough: true }) reply: HttpReply): Promise<StreamableFile> {
    const found = await this.find(id);
    const ext = EXTENSIONS[found.fileType] ?? '';
    const base = found.fileName.replace(/\.[^.]+$/, '').replace(/[^\w.-]+/g, '_') || 'document';
    setAnswerHeader(reply, 'content-type', found.fileType);
    setAnswerHeader(reply, 'content-disposition', `attachment; filename="${base}${ext}"`);
    setAnswerHeader(reply, 'cache-control', 'private, no-store');
    // A file that fails part way is cut, never completed.
    return streamedAnswer(await this.rt.files().open(found.fileId));
  }

  /** 'Approve & Create Listing': the reviewed fields go onto the listing, which becomes Active. */
  @Post(':id/approve')
  @HttpCode(200)
  async approve(@Req() req: HttpRequest, @Param('id') id: string, @Body() body: unknown): Promise<ProcessedDocument> {
    const found = await this.pending(id);
    // Without fields (the list's Approve) the listing is approved as it stands.
    const corrected = body && typeof body === 'object' && Object.keys(body).length > 0 ? ApproveDocumentSchema.parse(body) : null;
    await this.listings.change(req, found.businessId, 'listing_approved', [
      ...(corrected ? [{ type: 'EditListing' as const, listingId: found.businessId, changes: corrected }] : []),
      { type: 'ApproveListing', listingId: found.businessId },
    ]);
    return publicDocument(await this.find(found.id));
  }

  /** Reject records the note (the spec's 'Requires manual review' when none is given); the listing becomes Inactive. */
  @Post(':id/reject')
  @HttpCode(200)
  async reject(@Req() req: HttpRequest, @Param('id') id: string, @Body() body: unknown): Promise<ProcessedDocument> {
    const found = await this.pending(id);
    const { note } = RejectDocumentSchema.parse(body ?? {});
    await this.listings.change(req, found.businessId, 'listing_rejected', [{ type: 'RejectListing', listingId: found.businessId, reason: note }]);
    return publicDocument(await this.find(found.id));
  }

  private async pending(id: string): Promise<StoredDocument> {
    const found = await this.find(id);
    if (found.reviewStatus !== 'pending_review') throw new ProblemError(409, 'DOCUMENT_ALREADY_REVIEWED', `"${found.businessName}" has already been reviewed.`);
    return found;
  }

  private async find(rawId: string, withText = false): Promise<StoredDocument> {
    const notFound = () => new ProblemError(404, 'DOCUMENT_NOT_FOUND', `Document not found: ${rawId}`);
    if (!UUID.test(rawId)) throw notFound();
    const [found] = await findDocuments(this.rt.prisma, { id: rawId.toLowerCase(), withText, limit: 1 });
    if (!found) throw notFound();
    return found;
  }
}
