import { Query } from '@nestjs/cqrs';
import type { MemoryListResponse } from '@afterwards/contracts';

/** The dashboard's list: the owner's memories with their progress counts, and each one whole when asked. */
export class ListMemories extends Query<MemoryListResponse> {
  constructor(
    readonly ownerId: string,
    readonly withDetails = false,
  ) {
    super();
  }
}
