import type { ListingCommand } from '@afterwards/directory-domain';

export type SubmitListingCommand = Extract<ListingCommand, { type: 'SubmitListing' }>;

/** What became of one submission of a batch of new listings (`ListingCommands.submitMany`). */
export type SubmitListingOutcome = 'submitted' | 'exists' | 'refused';
