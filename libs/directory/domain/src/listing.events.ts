import type { ListingCategory, ListingStatus } from '@afterwards/contracts';

/** The details staff and imports can set on a listing. Normalised: empty optional text is null. */
export interface ListingDetails {
  name: string;
  category: ListingCategory;
  location: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  description: string | null;
  pricing: string | null;
  serviceRadiusMiles: number;
  servesSurroundingAreas: boolean;
  latitude: number | null;
  longitude: number | null;
}

export interface ListingSubmitted {
  type: 'ListingSubmitted';
  data: ListingDetails & {
    listingId: string;
    status: ListingStatus;
    source: string | null;
    rating: number | null;
    totalReviews: number;
    /** Imports only: the uploaded file's name (absent on listings added by hand and on older events). */
    originalFilename?: string;
    /**
     * CSV imports only: the import and the file's row that made the listing. A resumed import tells its
     * own rows (written before a crash) from rows that were already there.
     */
    importRow?: ImportRowRef;
  };
}

/** A row of a CSV import: the import's id and the row as a spreadsheet numbers it (the header is row 1). */
export interface ImportRowRef {
  importId: string;
  row: number;
}
export interface ListingEdited {
  type: 'ListingEdited';
  data: { listingId: string; changes: Partial<ListingDetails> };
}
export interface ListingApproved {
  type: 'ListingApproved';
  data: { listingId: string };
}
export interface ListingRejected {
  type: 'ListingRejected';
  data: { listingId: string; reason: string };
}
export interface ListingSuspended {
  type: 'ListingSuspended';
  data: { listingId: string; reason: string };
}
/** A status set directly by staff (edit form or bulk change), outside the approve/reject/suspend flow. */
export interface ListingStatusChanged {
  type: 'ListingStatusChanged';
  data: { listingId: string; from: ListingStatus; to: ListingStatus };
}
export interface ListingPromoted {
  type: 'ListingPromoted';
  data: { listingId: string; position: number };
}
export interface ListingPromotionRemoved {
  type: 'ListingPromotionRemoved';
  data: { listingId: string };
}
export interface ListingDeleted {
  type: 'ListingDeleted';
  data: { listingId: string };
}

export type ListingEvent =
  | ListingSubmitted
  | ListingEdited
  | ListingApproved
  | ListingRejected
  | ListingSuspended
  | ListingStatusChanged
  | ListingPromoted
  | ListingPromotionRemoved
  | ListingDeleted;

export type ListingEventType = ListingEvent['type'];

export const LISTING_EVENT_TYPES: readonly ListingEventType[] = [
  'ListingSubmitted',
  'ListingEdited',
  'ListingApproved',
  'ListingRejected',
  'ListingSuspended',
  'ListingStatusChanged',
  'ListingPromoted',
  'ListingPromotionRemoved',
  'ListingDeleted',
];

export const LISTING_STREAM_PREFIX = 'listing-';
export const listingStreamId = (listingId: string): string => `${LISTING_STREAM_PREFIX}${listingId}`;
