import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { PrismaClient, SqlClient } from '@afterwards/persistence';
import { PRISMA, SQL_CLIENT } from '@afterwards/server-kit';
import { isoDateIn } from '@afterwards/checklist-domain';
import { memoryForPerson, MemoryParts, type MemoryExportFile } from '@afterwards/cases-server';
import { letterPdf } from '@afterwards/organisations-domain/pdf';
import { MEMORY_ORGANISATIONS_SEALER } from '../tokens';
import type { MemoryOrganisationsSealer } from '../sealing/memory-organisations-sealer';
import { readMemoryOrganisations } from '../get-memory-organisations/memory-organisations.read';
import { letterDetails, letterFileName, letterSender } from '../letters/letter-details';
import { statusesCsv, uniqueNames } from './organisations-export-files';

/**
 * 'Download everything' holds the memory's organisations: where each stands, as a CSV, and the letter to each
 * as a PDF, signed as the person preparing the download (its owner). Made in whichever process prepares the zip.
 */
@Injectable()
export class MemoryOrganisationsExport implements OnModuleInit {
  constructor(
    private readonly parts: MemoryParts,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(MEMORY_ORGANISATIONS_SEALER) private readonly sealer: MemoryOrganisationsSealer,
  ) {}

  onModuleInit(): void {
    this.parts.addExport((caseId, userId) => this.files(caseId, userId));
  }

  async files(caseId: string, userId: string): Promise<MemoryExportFile[]> {
    const memory = await memoryForPerson(this.prisma, userId, caseId);
    if (!memory) return [];
    const today = isoDateIn(new Date());
    const list = await readMemoryOrganisations(this.sql, this.sealer, memory, today);
    if (list.organisations.length === 0) return [];
    const sender = await letterSender(this.sql, userId);
    const names = uniqueNames(list.organisations.map((o) => letterFileName(o.name)));
    const letters: MemoryExportFile[] = [];
    for (const [i, organisation] of list.organisations.entries()) {
      letters.push({ path: `organisations/letters/${names[i]}`, bytes: await letterPdf(letterDetails(memory, list.lastAddress ?? [], sender, organisation, today)) });
    }
    return [{ path: 'organisations/statuses.csv', bytes: Buffer.from(statusesCsv(list.organisations), 'utf8') }, ...letters];
  }
}
