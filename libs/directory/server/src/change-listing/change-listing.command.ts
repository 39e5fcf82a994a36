import { Command } from '@nestjs/cqrs';
import type { ListingCommand } from '@afterwards/directory-domain';
import type { Position } from '@afterwards/event-store';
import type { CommandContext } from '@afterwards/server-kit';

export interface ListingChangeResult {
  readonly listingId: string;
  readonly revision: bigint;
  readonly eventTypes: string[];
  readonly position?: Position;
}

/** Any change to a listing: submit, edit, approve, reject, suspend, status, promotion, delete. */
export class ChangeListing extends Command<ListingChangeResult> {
  constructor(
    readonly command: ListingCommand,
    readonly context: CommandContext,
    /** The revision the caller last saw; a newer stream is refused as a conflict. */
    readonly expectedRevision?: bigint,
  ) {
    super();
  }
}
