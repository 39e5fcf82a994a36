import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { MemoryDetail } from '@afterwards/contracts';
import type { PrismaClient } from '@afterwards/persistence';
import { PRISMA, ProblemError } from '@afterwards/server-kit';
import { CASE_MESSAGES } from '@afterwards/cases-domain';
import { getMemoryDetail } from '../read-model/memory.queries';
import { GetMemory } from './get-memory.query';

export const memoryNotFound = (): ProblemError => new ProblemError(404, 'CASE_NOT_FOUND', CASE_MESSAGES.notFound);

/** Reads the memories read model; 404 CASE_NOT_FOUND for a memory that is missing or not the owner's. */
@QueryHandler(GetMemory)
export class GetMemoryHandler implements IQueryHandler<GetMemory, MemoryDetail> {
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  async execute({ ownerId, caseId }: GetMemory): Promise<MemoryDetail> {
    const detail = await getMemoryDetail(this.prisma, ownerId, caseId);
    if (!detail) throw memoryNotFound();
    return detail;
  }
}
