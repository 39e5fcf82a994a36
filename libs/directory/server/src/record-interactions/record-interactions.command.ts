import { Command } from '@nestjs/cqrs';
import type { RecordInteractionsRequest, RecordInteractionsResponse } from '@afterwards/contracts';

/** Where the request came from: the limits key on the address; the rest is stored with each event. */
export interface InteractionSource {
  readonly clientAddress: string;
  readonly userAgent?: string;
  readonly referrer?: string;
}

/** Records what a visitor did with listings shown on a finder page (state-stored, not event-sourced). */
export class RecordInteractions extends Command<RecordInteractionsResponse> {
  constructor(
    readonly request: RecordInteractionsRequest,
    readonly source: InteractionSource,
  ) {
    super();
  }
}
