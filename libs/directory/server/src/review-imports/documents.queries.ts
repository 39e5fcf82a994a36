import { Prisma, type PrismaClient } from '@afterwards/persistence';
import type { ExtractedData, ExtractedField, ListingStatus, ProcessedDocument, ProcessedDocumentDetail, ReviewStatus } from '@afterwards/contracts';

interface Row {
  id: string;
  file_name: string;
  file_id: string;
  file_type: string;
  file_bytes: bigint;
  extracted: ExtractedData;
  found_fields: ExtractedField[];
  confidence: number;
  listing_id: string;
  created_at: Date;
  listing_status: ListingStatus | null;
  listing_name: string | null;
  rejection_reason: string | null;
  text?: string;
  text_truncated?: boolean;
}

/** The spec's mapping from the listing: Active is approved, Pending Review is pending_review, anything else rejected. */
export function reviewStatusOf(status: ListingStatus | null): ReviewStatus {
  if (status === 'Active') return 'approved';
  if (status === 'Pending Review') return 'pending_review';
  return 'rejected';
}

export interface StoredDocument extends ProcessedDocumentDetail {
  readonly fileId: string;
  readonly listingStatus: ListingStatus | null;
}

function toDocument(r: Row): StoredDocument {
  const reviewStatus = reviewStatusOf(r.listing_status);
  return {
    id: r.id,
    fileName: r.file_name,
    fileId: r.file_id,
    fileType: r.file_type,
    fileBytes: Number(r.file_bytes),
    uploadDate: r.created_at.toISOString(),
    processingStatus: 'completed',
    extractedData: r.extracted,
    foundFields: r.found_fields,
    confidence: r.confidence,
    reviewStatus,
    reviewNotes: reviewStatus === 'rejected' ? (r.listing_status === null ? 'The business was deleted.' : r.rejection_reason) : null,
    businessId: r.listing_id,
    businessName: r.listing_name ?? r.extracted.businessName,
    listingStatus: r.listing_status,
    text: r.text ?? '',
    textTruncated: r.text_truncated ?? false,
  };
}

/** Newest first, joined to each document's listing for its review state. */
export async function findDocuments(prisma: PrismaClient, where: { id?: string; withText?: boolean; limit?: number }): Promise<StoredDocument[]> {
  const filter = where.id ? Prisma.sql`WHERE d.id = ${where.id}::uuid` : Prisma.empty;
  const text = where.withText ? Prisma.sql`, d.text, d.text_truncated` : Prisma.empty;
  const rows = await prisma.$queryRaw<Row[]>`
    SELECT d.id, d.file_name, d.file_id, d.file_type, d.file_bytes, d.extracted, d.found_fields, d.confidence, d.listing_id, d.created_at,
      l.status AS listing_status, l.name AS listing_name, l.rejection_reason ${text}
    FROM import_documents d LEFT JOIN listings l ON l.id = d.listing_id
    ${filter} ORDER BY d.created_at DESC, d.id LIMIT ${where.limit ?? 200}`;
  return rows.map(toDocument);
}

/** The list's shape: no text, no file id. */
export function publicDocument(d: StoredDocument): ProcessedDocument {
  const { fileId: _f, listingStatus: _s, text: _t, textTruncated: _tt, ...rest } = d;
  return rest;
}

export function documentDetail(d: StoredDocument): ProcessedDocumentDetail {
  const { fileId: _f, listingStatus: _s, ...rest } = d;
  return rest;
}
