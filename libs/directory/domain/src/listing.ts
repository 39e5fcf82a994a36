import { ListingDetailsInputSchema, ListingStatusSchema, unhandled, type FieldError, type ListingDetailsInput, type ListingStatus } from '@afterwards/contracts';
import { ListingError } from './listing.errors';
import type { ImportRowRef, ListingDetails, ListingEvent } from './listing.events';

export interface ListingState {
  readonly exists: boolean;
  readonly deleted: boolean;
  readonly status: ListingStatus | null;
  readonly promoted: boolean;
  readonly position: number | null;
  readonly details: ListingDetails | null;
}

export const initialListingState: ListingState = {
  exists: false,
  deleted: false,
  status: null,
  promoted: false,
  position: null,
  details: null,
};

export type ListingCommand =
  | {
      type: 'SubmitListing';
      listingId: string;
      details: ListingDetailsInput;
      /** Imports and the seed may create listings already Active; the default is Pending Review. */
      status?: ListingStatus;
      source?: string | null;
      /** The file an import made the listing from. */
      originalFilename?: string | null;
      /** The CSV import and row that made the listing. */
      importRow?: ImportRowRef;
      rating?: number | null;
      totalReviews?: number;
    }
  | { type: 'EditListing'; listingId: string; changes: Partial<ListingDetailsInput> }
  | { type: 'ApproveListing'; listingId: string }
  | { type: 'RejectListing'; listingId: string; reason: string }
  | { type: 'SuspendListing'; listingId: string; reason: string }
  | { type: 'ChangeListingStatus'; listingId: string; status: ListingStatus }
  | { type: 'PromoteListing'; listingId: string; position: number }
  | { type: 'RemoveListingPromotion'; listingId: string }
  | { type: 'DeleteListing'; listingId: string };

function parseDetails(input: ListingDetailsInput): ListingDetails {
  const result = ListingDetailsInputSchema.safeParse(input);
  if (!result.success) {
    const errors: FieldError[] = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw new ListingError('LISTING_INVALID', errors[0]?.message ?? 'Invalid listing', errors);
  }
  return result.data;
}

function mustExist(state: ListingState, listingId: string): void {
  if (!state.exists || state.deleted) throw new ListingError('LISTING_NOT_FOUND', `Business not found: ${listingId}`);
}

function transition(state: ListingState, allowedFrom: readonly ListingStatus[], action: string): void {
  if (!state.status || !allowedFrom.includes(state.status)) {
    throw new ListingError(
      'LISTING_INVALID_TRANSITION',
      `Cannot ${action} a listing that is ${state.status ?? 'missing'}`,
    );
  }
}

function requireReason(reason: string): string {
  const trimmed = reason.trim();
  if (!trimmed) throw new ListingError('LISTING_REASON_REQUIRED', 'A reason is required');
  return trimmed;
}

/** Pure: what happens when `command` meets a listing in `state`. Throws ListingError when refused. */
export function decideListing(command: ListingCommand, state: ListingState): ListingEvent[] {
  switch (command.type) {
    case 'SubmitListing': {
      if (state.exists) throw new ListingError('LISTING_ALREADY_EXISTS', `Listing ${command.listingId} already exists`);
      const details = parseDetails(command.details);
      const status = command.status ? ListingStatusSchema.parse(command.status) : 'Pending Review';
      return [
        {
          type: 'ListingSubmitted',
          data: {
            listingId: command.listingId,
            ...details,
            status,
            source: command.source ?? null,
            rating: command.rating ?? null,
            totalReviews: command.totalReviews ?? 0,
            ...(command.originalFilename ? { originalFilename: command.originalFilename } : {}),
            ...(command.importRow ? { importRow: { importId: command.importRow.importId, row: command.importRow.row } } : {}),
          },
        },
      ];
    }
    case 'EditListing': {
      mustExist(state, command.listingId);
      const merged = parseDetails({ ...state.details!, ...command.changes });
      const changes: Partial<ListingDetails> = {};
      for (const key of Object.keys(merged) as (keyof ListingDetails)[]) {
        if (merged[key] !== state.details![key]) (changes as Record<string, unknown>)[key] = merged[key];
      }
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'ListingEdited', data: { listingId: command.listingId, changes } }];
    }
    case 'ApproveListing':
      mustExist(state, command.listingId);
      transition(state, ['Pending Review'], 'approve');
      return [{ type: 'ListingApproved', data: { listingId: command.listingId } }];
    case 'RejectListing': {
      mustExist(state, command.listingId);
      const reason = requireReason(command.reason);
      transition(state, ['Pending Review', 'Active', 'Suspended'], 'reject');
      return [{ type: 'ListingRejected', data: { listingId: command.listingId, reason } }];
    }
    case 'SuspendListing': {
      mustExist(state, command.listingId);
      const reason = requireReason(command.reason);
      transition(state, ['Active'], 'suspend');
      return [{ type: 'ListingSuspended', data: { listingId: command.listingId, reason } }];
    }
    case 'ChangeListingStatus': {
      mustExist(state, command.listingId);
      const to = ListingStatusSchema.parse(command.status);
      if (to === state.status) return [];
      return [{ type: 'ListingStatusChanged', data: { listingId: command.listingId, from: state.status!, to } }];
    }
    case 'PromoteListing': {
      mustExist(state, command.listingId);
      transition(state, ['Active'], 'promote');
      if (!Number.isInteger(command.position) || command.position < 1) {
        throw new ListingError('LISTING_INVALID', 'Position must be 1 or higher', [
          { path: 'position', message: 'Position must be 1 or higher' },
        ]);
      }
      if (state.promoted && state.position === command.position) return [];
      return [{ type: 'ListingPromoted', data: { listingId: command.listingId, position: command.position } }];
    }
    case 'RemoveListingPromotion':
      mustExist(state, command.listingId);
      if (!state.promoted) return [];
      return [{ type: 'ListingPromotionRemoved', data: { listingId: command.listingId } }];
    case 'DeleteListing':
      mustExist(state, command.listingId);
      return [{ type: 'ListingDeleted', data: { listingId: command.listingId } }];
    default:
      return unhandled('Unknown command', command);
  }
}

/** Pure: the state after `event`. */
export function evolveListing(state: ListingState, event: ListingEvent): ListingState {
  switch (event.type) {
    case 'ListingSubmitted': {
      const { listingId: _id, status, source: _source, rating: _rating, totalReviews: _reviews, originalFilename: _file, importRow: _row, ...details } = event.data;
      return { ...state, exists: true, status, details };
    }
    case 'ListingEdited':
      return { ...state, details: { ...state.details!, ...event.data.changes } };
    case 'ListingApproved':
      return { ...state, status: 'Active' };
    case 'ListingRejected':
      return { ...state, status: 'Inactive', promoted: false, position: null };
    case 'ListingSuspended':
      return { ...state, status: 'Suspended', promoted: false, position: null };
    case 'ListingStatusChanged':
      return event.data.to === 'Active'
        ? { ...state, status: event.data.to }
        : { ...state, status: event.data.to, promoted: false, position: null };
    case 'ListingPromoted':
      return { ...state, promoted: true, position: event.data.position };
    case 'ListingPromotionRemoved':
      return { ...state, promoted: false, position: null };
    case 'ListingDeleted':
      return { ...state, deleted: true };
    default:
      return unhandled('Unknown event', event);
  }
}

export function foldListing(events: readonly ListingEvent[]): ListingState {
  return events.reduce(evolveListing, initialListingState);
}
