import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { MemoryListResponse } from '@afterwards/contracts';
import type { PrismaClient } from '@afterwards/persistence';
import { PRISMA } from '@afterwards/server-kit';
import { listMemories } from '../read-model/memory.queries';
import { ListMemories } from './list-memories.query';

@QueryHandler(ListMemories)
export class ListMemoriesHandler implements IQueryHandler<ListMemories, MemoryListResponse> {
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  async execute({ ownerId }: ListMemories): Promise<MemoryListResponse> {
    return { memories: await listMemories(this.prisma, ownerId) };
  }
}
