import { Query } from '@nestjs/cqrs';
import type { MemoryListResponse } from '@afterwards/contracts';

/** The dashboard's list: the owner's memories with their progress counts. */
export class ListMemories extends Query<MemoryListResponse> {
  constructor(readonly ownerId: string) {
    super();
  }
}
