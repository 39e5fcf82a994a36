import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { AddMemoryOrganisationRequestSchema, type MemoryOrganisationsResponse } from '@afterwards/contracts';
import { ProblemError, type HttpRequest } from '@afterwards/server-kit';
import { DEFAULT_REPLY_DAYS, MEMORY_ORGANISATION_MESSAGES, invalidField } from '@afterwards/organisations-domain';
import { MemoryOrganisationsRoutes } from '../memory-organisations-routes/memory-organisations.routes';
import { OrganisationDirectory } from '../organisation-directory/organisation-directory';

const NOT_IN_DIRECTORY = 'We could not find that organisation in our directory. You can add it as one of your own instead.';

/**
 * Adds an organisation to the memory's list: from the directory (its name, kind, bereavement address, e-mail
 * and usual reply time copied as they are today, so a later change in the directory does not rewrite a
 * letter already sent), or one of the family's own, with the name, kind and address they give.
 */
@Controller('api/memories')
export class AddMemoryOrganisationController {
  constructor(
    private readonly routes: MemoryOrganisationsRoutes,
    private readonly directory: OrganisationDirectory,
  ) {}

  @Post(':id/organisations')
  @HttpCode(201)
  async add(@Req() req: HttpRequest, @Param('id') id: string, @Body() body: unknown): Promise<MemoryOrganisationsResponse> {
    const caller = await this.routes.caller(req, id, 'tell-organisations');
    const request = AddMemoryOrganisationRequestSchema.parse(body ?? {});
    const base = { type: 'AddMemoryOrganisation' as const, caseId: caller.memory.id, entryId: randomUUID() };
    if (request.organisationId !== null) {
      const entry = await this.directory.offered(request.organisationId);
      if (!entry) throw new ProblemError(404, 'ORGANISATION_NOT_FOUND', NOT_IN_DIRECTORY);
      return this.routes.change(caller, req, {
        ...base,
        organisationId: entry.id,
        name: entry.name,
        kind: entry.kind,
        address: entry.address,
        email: entry.email ?? null,
        usualReplyDays: entry.usualReplyDays,
      });
    }
    if (!request.name) throw invalidField('name', MEMORY_ORGANISATION_MESSAGES.nameRequired);
    if (!request.kind) throw invalidField('kind', MEMORY_ORGANISATION_MESSAGES.kindRequired);
    return this.routes.change(caller, req, {
      ...base,
      organisationId: null,
      name: request.name,
      kind: request.kind,
      address: (request.address ?? []).map((line) => line.trim()).filter(Boolean),
      email: request.email ?? null,
      usualReplyDays: DEFAULT_REPLY_DAYS,
    });
  }
}
