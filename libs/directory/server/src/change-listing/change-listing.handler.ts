import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { StreamConflictError, type EventStore } from '@afterwards/event-store';
import { EVENT_STORE, executeCommand, StreamWriteQueue, type Decider } from '@afterwards/server-kit';
import {
  decideListing,
  evolveListing,
  initialListingState,
  ListingError,
  listingStreamId,
  type ListingCommand,
  type ListingEvent,
  type ListingState,
} from '@afterwards/directory-domain';
import { loadGazetteer } from '@afterwards/places';
import { ChangeListing, type ListingChangeResult } from './change-listing.command';

export const listingDecider: Decider<ListingCommand, ListingEvent, ListingState> = {
  initialState: initialListingState,
  // The gazetteer is bundled, unchanging data: placing a listing from it keeps decide a pure function.
  decide: (command, state) => decideListing(withCoordinates(command, state), state),
  evolve: evolveListing,
};

const POSTCODE_IN_TEXT = /\b([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})\b/i;

/** The point of an address (its postcode) or else of a location (town) text; null when neither is known. */
export function placeOf(address: string | null | undefined, location: string | null | undefined): { latitude: number; longitude: number } | null {
  const gazetteer = loadGazetteer();
  const postcode = address ? POSTCODE_IN_TEXT.exec(address)?.[1] : undefined;
  const place = (postcode && gazetteer.resolve(postcode)) || (location && gazetteer.resolve(location)) || null;
  return place ? { latitude: place.latitude, longitude: place.longitude } : null;
}

/**
 * Listings need a point to be found by distance. When staff or an import give none, place it from
 * the postcode in its address, else from its location (town) text. An edit that moves the address or
 * location places the listing again (a place no longer known leaves it without a point rather than at
 * the old one); an edit that leaves both alone keeps the point it has.
 */
export function withCoordinates(command: ListingCommand, state: ListingState = initialListingState): ListingCommand {
  if (command.type === 'SubmitListing') {
    const d = command.details;
    if (d.latitude != null && d.longitude != null) return command;
    const place = placeOf(d.address, d.location);
    return place ? { ...command, details: { ...d, ...place } } : command;
  }
  if (command.type === 'EditListing' && state.details) {
    const c = command.changes;
    if (c.latitude !== undefined || c.longitude !== undefined) return command;
    const norm = (v: string | null | undefined) => (v ?? '').trim().toLowerCase();
    const address = c.address !== undefined ? c.address : state.details.address;
    const location = c.location !== undefined ? c.location : state.details.location;
    if (norm(address) === norm(state.details.address) && norm(location) === norm(state.details.location)) return command;
    const place = placeOf(address, location);
    return { ...command, changes: { ...c, latitude: place?.latitude ?? null, longitude: place?.longitude ?? null } };
  }
  return command;
}

@CommandHandler(ChangeListing)
export class ChangeListingHandler implements ICommandHandler<ChangeListing, ListingChangeResult> {
  /** Writes to one listing from this process run one at a time (staff, imports and the placement reactor). */
  private readonly writes = new StreamWriteQueue();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute(change: ChangeListing): Promise<ListingChangeResult> {
    return this.writes.run(listingStreamId(change.command.listingId), () => this.decideAndAppend(change));
  }

  private async decideAndAppend({ command, context, expectedRevision }: ChangeListing): Promise<ListingChangeResult> {
    // Submitting is refused on any existing stream, so it needs no read: the append itself says so.
    const newStream = command.type === 'SubmitListing' && expectedRevision === undefined;
    const result = await executeCommand(this.store, listingStreamId(command.listingId), listingDecider, command, context, { expectedRevision, newStream }).catch(
      (error: unknown) => {
        if (newStream && error instanceof StreamConflictError) throw new ListingError('LISTING_ALREADY_EXISTS', `Listing ${command.listingId} already exists`);
        throw error;
      },
    );
    return {
      listingId: command.listingId,
      revision: result.revision,
      eventTypes: result.events.map((e) => e.type),
      position: result.position,
    };
  }
}
