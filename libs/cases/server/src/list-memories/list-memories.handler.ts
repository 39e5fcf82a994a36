import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { MemoryListResponse } from '@afterwards/contracts';
import type { PrismaClient } from '@afterwards/persistence';
import { PRISMA } from '@afterwards/server-kit';
import { listMemories, listMemoryDetails } from '../read-model/memory.queries';
import { ListMemories } from './list-memories.query';

@QueryHandler(ListMemories)
export class ListMemoriesHandler implements IQueryHandler<ListMemories, MemoryListResponse> {
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  async execute({ ownerId, withDetails }: ListMemories): Promise<MemoryListResponse> {
    if (!withDetails) return { memories: await listMemories(this.prisma, ownerId) };
    // The summaries are the details' own, so the two lists always agree.
    const details = await listMemoryDetails(this.prisma, ownerId);
    return { memories: details.map((d) => d.memory), details };
  }
}
