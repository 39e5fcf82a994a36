import { Query } from '@nestjs/cqrs';
import type { MemoryDetail } from '@afterwards/contracts';

/** One memory of its owner, with its whole checklist, files and notes; someone else's memory is not found. */
export class GetMemory extends Query<MemoryDetail> {
  constructor(
    readonly ownerId: string,
    readonly caseId: string,
  ) {
    super();
  }
}
