import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { StreamConflictError, type EventStore } from '@afterwards/event-store';
import { EVENT_STORE, executeNewStreamCommands } from '@afterwards/server-kit';
import { ListingError, listingStreamId } from '@afterwards/directory-domain';
import { listingDecider } from './change-listing.handler';
import { SubmitListings, type SubmitListingOutcome } from './submit-listings.command';

/**
 * Submits a batch of new listings with one append of many streams: the same decider as ChangeListing
 * (placed from the gazetteer, the same rules), without its per-listing write queue, which only orders
 * writes to existing streams; a new stream is claimed by the store, so a listing that exists is refused
 * there, as a single SubmitListing is.
 */
@CommandHandler(SubmitListings)
export class SubmitListingsHandler implements ICommandHandler<SubmitListings, SubmitListingOutcome[]> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ commands, context }: SubmitListings): Promise<SubmitListingOutcome[]> {
    const outcomes = await executeNewStreamCommands(
      this.store,
      listingDecider,
      commands.map((command) => ({ streamId: listingStreamId(command.listingId), command })),
      context,
    );
    return outcomes.map((outcome) => {
      if (outcome.ok) return 'submitted';
      if (outcome.error instanceof StreamConflictError) return 'exists';
      if (outcome.error instanceof ListingError) return 'refused';
      throw outcome.error;
    });
  }
}
