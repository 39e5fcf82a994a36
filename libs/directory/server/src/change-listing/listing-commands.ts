import { Inject, Injectable, Optional } from '@nestjs/common';
import type { EventStore } from '@afterwards/event-store';
import { CommandPipeline, EVENT_STORE, ProblemError, ProjectionsService, type AggregateCommands, type CommandContext, type Decider } from '@afterwards/server-kit';
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
import { listingsProjection } from '../listings-projection/listings.projection';
import { importOutcomesOf } from '../imports/import-kind';
import type { SubmitListingCommand, SubmitListingOutcome } from './submit-listings';

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

const CHANGED = 'This business was changed by someone else while you were editing. The latest details have been loaded.';

/**
 * How a listing's commands run, whoever sends them (staff, imports, the promotions' placement reactor, tools).
 * Commands are intents ('approve', 'promote at position 2') and staff edits carry the version they were made
 * from, so a race lost to another process is decided again on the newer state.
 */
export function listingCommands(settle?: AggregateCommands<ListingCommand, ListingEvent, ListingState>['settle']): AggregateCommands<ListingCommand, ListingEvent, ListingState> {
  return {
    streamId: listingStreamId,
    decider: listingDecider,
    retry: { maxAttempts: 10 },
    // A new listing that exists already was claimed by another submission; anything else moved under the editor.
    conflict: (error, id, command) =>
      command?.type === 'SubmitListing' && error.expected === 'no_stream'
        ? new ListingError('LISTING_ALREADY_EXISTS', `Listing ${id} already exists`)
        : new ProblemError(409, 'LISTING_CHANGED', CHANGED),
    // Submitting is refused on any existing stream, so it needs no read: the append itself says so.
    appendOptions: (command, expectedRevision) => ({ newStream: command.type === 'SubmitListing' && expectedRevision === undefined }),
    settle,
  };
}

/**
 * The directory's public command API: every change to a listing, from this context's routes and jobs and from
 * other contexts (promotions place listings through it). Settled when the listings read model holds the change.
 */
@Injectable()
export class ListingCommands extends CommandPipeline<ListingCommand, ListingEvent, ListingState> {
  constructor(@Inject(EVENT_STORE) store: EventStore, @Optional() @Inject(ProjectionsService) projections?: Pick<ProjectionsService, 'waitUntilApplied'>) {
    super(store, listingCommands(projections && ((position) => projections.waitUntilApplied(listingsProjection.name, position))));
  }

  /**
   * Many new listings at once (an import), written with one append of many streams: the same rules as one
   * SubmitListing, without the write queue, which only orders writes to existing streams (a new stream is
   * claimed by the store). One outcome per command, in order.
   */
  async submitMany(commands: readonly SubmitListingCommand[], context: CommandContext): Promise<SubmitListingOutcome[]> {
    const outcomes = await this.createMany(
      commands.map((command) => ({ id: command.listingId, command })),
      context,
    );
    return importOutcomesOf(outcomes, ListingError);
  }
}
