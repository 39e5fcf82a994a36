import { Controller, Get, Inject, Param, Req, Res, StreamableFile } from '@nestjs/common';
import type { LetterDetails } from '@afterwards/contracts';
import type { SqlClient } from '@afterwards/persistence';
import { ProblemError, setAnswerHeader, SQL_CLIENT, type HttpReply, type HttpRequest } from '@afterwards/server-kit';
import { isoDateIn } from '@afterwards/checklist-domain';
import { MEMORY_ORGANISATION_MESSAGES } from '@afterwards/organisations-domain';
import { letterPackPdf, letterPdf } from '@afterwards/organisations-domain/pdf';
import { MemoryOrganisationsRoutes, type MemoryOrganisationsCaller } from '../memory-organisations-routes/memory-organisations.routes';
import { letterDetails, letterFileName, letterSender } from './letter-details';

function pdfAnswer(reply: HttpReply, bytes: Uint8Array, fileName: string): StreamableFile {
  // References and account numbers: never kept by a browser's or a proxy's cache.
  setAnswerHeader(reply, 'cache-control', 'no-store');
  return new StreamableFile(bytes, { type: 'application/pdf', disposition: `attachment; filename="${fileName}"` });
}

/**
 * The letters as PDFs, made on each request from what is saved (never stored): one organisation's, and
 * 'Letters for all to tell', one PDF of every letter not yet sent. Everyone on the memory may print them.
 */
@Controller('api/memories')
export class LettersController {
  constructor(
    private readonly routes: MemoryOrganisationsRoutes,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
  ) {}

  private async letters(caller: MemoryOrganisationsCaller): Promise<{ name: string; status: string; id: string; details: LetterDetails }[]> {
    const [list, sender] = await Promise.all([this.routes.read(caller.memory), letterSender(this.sql, caller.user.id)]);
    const today = isoDateIn(new Date());
    return list.organisations.map((o) => ({ id: o.id, name: o.name, status: o.status, details: letterDetails(caller.memory, list.lastAddress ?? [], sender, o, today) }));
  }

  @Get(':id/organisations/letters.pdf')
  async pack(@Req() req: HttpRequest, @Res({ passthrough: true }) reply: HttpReply, @Param('id') id: string): Promise<StreamableFile> {
    const caller = await this.routes.caller(req, id, 'read');
    const toTell = (await this.letters(caller)).filter((l) => l.status === 'to-tell');
    return pdfAnswer(reply, await letterPackPdf(toTell.map((l) => l.details)), 'letters-to-send.pdf');
  }

  @Get(':id/organisations/:entryId/letter.pdf')
  async one(@Req() req: HttpRequest, @Res({ passthrough: true }) reply: HttpReply, @Param('id') id: string, @Param('entryId') entryId: string): Promise<StreamableFile> {
    const caller = await this.routes.caller(req, id, 'read');
    const letter = (await this.letters(caller)).find((l) => l.id === entryId);
    if (!letter) throw new ProblemError(404, 'MEMORY_ORGANISATION_NOT_FOUND', MEMORY_ORGANISATION_MESSAGES.notFound);
    return pdfAnswer(reply, await letterPdf(letter.details), letterFileName(letter.name));
  }
}
