// What the Document Processing screen shows, as pure functions (unit-tested).
import { EXTRACTED_FIELDS, confidenceTone, type ExtractedField, type ProcessedDocument } from '@afterwards/contracts';

/** Upload list item (admin spec: pending, uploading 30%, processing 60%, completed 100% or error 0%). */
export type UploadStatus = 'pending' | 'uploading' | 'processing' | 'completed' | 'error';
export const UPLOAD_PROGRESS: Record<UploadStatus, number> = { pending: 0, uploading: 30, processing: 60, completed: 100, error: 0 };
/** Finished items leave the list 3 s after the batch; the success message after 5 s. */
export const UPLOAD_LIST_CLEAR_MS = 3000;
export const SUCCESS_CLEAR_MS = 5000;

export const FIELD_LABELS: Record<ExtractedField, string> = {
  businessName: 'Business name',
  category: 'Category',
  location: 'Location',
  address: 'Address',
  phone: 'Phone',
  email: 'Email',
  website: 'Website',
  description: 'Description',
  pricing: 'Pricing',
};

/** Badge tone of a confidence: 90+ green, 70+ yellow, else red (spec), as the design system's tones. */
export function confidenceBadge(confidence: number): { tone: 'success' | 'warning' | 'danger'; label: string } {
  const tone = confidenceTone(confidence);
  return { tone: tone === 'green' ? 'success' : tone === 'yellow' ? 'warning' : 'danger', label: `${confidence}% confidence` };
}

/** Which fields the text gave, and which are defaults staff should look at. */
export function missingFields(document: Pick<ProcessedDocument, 'foundFields'>): ExtractedField[] {
  return EXTRACTED_FIELDS.filter((f) => !document.foundFields.includes(f));
}

export const REVIEW_LABELS = { pending_review: 'Pending review', approved: 'Approved', rejected: 'Rejected' } as const;

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
