import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ChangeListing, type ListingChangeResult } from './change-listing.command';
import { ListingCommands } from './listing-commands';

/** The CommandBus's way into the listings' command pipeline (tools send ChangeListing). */
@CommandHandler(ChangeListing)
export class ChangeListingHandler implements ICommandHandler<ChangeListing, ListingChangeResult> {
  constructor(private readonly listings: ListingCommands) {}

  async execute({ command, context, expectedRevision }: ChangeListing): Promise<ListingChangeResult> {
    const result = await this.listings.run(command.listingId, command, context, { expectedRevision });
    return { listingId: command.listingId, revision: result.revision, eventTypes: result.events.map((e) => e.type), position: result.position };
  }
}
