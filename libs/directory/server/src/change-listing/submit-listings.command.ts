import { Command } from '@nestjs/cqrs';
import type { ListingCommand } from '@afterwards/directory-domain';
import type { CommandContext } from '@afterwards/server-kit';

export type SubmitListingCommand = Extract<ListingCommand, { type: 'SubmitListing' }>;

/** What became of one submission of a `SubmitListings` batch. */
export type SubmitListingOutcome = 'submitted' | 'exists' | 'refused';

/**
 * Many new listings at once (a CSV import): each the Add form's SubmitListing, refused on any existing
 * listing, written together. One outcome per command, in order.
 */
export class SubmitListings extends Command<SubmitListingOutcome[]> {
  constructor(
    readonly commands: readonly SubmitListingCommand[],
    readonly context: CommandContext,
  ) {
    super();
  }
}
