import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@afterwards/event-store';
import { EVENT_STORE, executeCommand, type Decider } from '@afterwards/server-kit';
import {
  decideListing,
  evolveListing,
  initialListingState,
  listingStreamId,
  type ListingCommand,
  type ListingEvent,
  type ListingState,
} from '@afterwards/directory-domain';
import { loadGazetteer } from '@afterwards/places';
import { ChangeListing, type ListingChangeResult } from './change-listing.command';

const listingDecider: Decider<ListingCommand, ListingEvent, ListingState> = {
  initialState: initialListingState,
  decide: decideListing,
  evolve: evolveListing,
};

const POSTCODE_IN_TEXT = /\b([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})\b/i;

/**
 * Listings need a point to be found by distance. When staff or an import give none, place it from
 * the postcode in its address, else from its location (town) text.
 */
export function withCoordinates(command: ListingCommand): ListingCommand {
  if (command.type !== 'SubmitListing') return command;
  const d = command.details;
  if (d.latitude != null && d.longitude != null) return command;
  const gazetteer = loadGazetteer();
  const postcode = d.address ? POSTCODE_IN_TEXT.exec(d.address)?.[1] : undefined;
  const place = (postcode && gazetteer.resolve(postcode)) || (d.location && gazetteer.resolve(d.location)) || null;
  if (!place) return command;
  return { ...command, details: { ...d, latitude: place.latitude, longitude: place.longitude } };
}

@CommandHandler(ChangeListing)
export class ChangeListingHandler implements ICommandHandler<ChangeListing, ListingChangeResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ command, context, expectedRevision }: ChangeListing): Promise<ListingChangeResult> {
    const result = await executeCommand(
      this.store,
      listingStreamId(command.listingId),
      listingDecider,
      withCoordinates(command),
      context,
      { expectedRevision },
    );
    return {
      listingId: command.listingId,
      revision: result.revision,
      eventTypes: result.events.map((e) => e.type),
      position: result.position,
    };
  }
}
