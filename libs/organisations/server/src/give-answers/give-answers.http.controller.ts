import { Body, Controller, Param, Put, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import { OrganisationAnswersSchema, type MemoryOrganisationsResponse } from '@afterwards/contracts';
import { MemoryOrganisationsRoutes } from '../memory-organisations-routes/memory-organisations.routes';

/** The plain questions (did they drive, have a passport, …): the starting list is made from the answers. */
@Controller('api/memories')
export class GiveAnswersController {
  constructor(private readonly routes: MemoryOrganisationsRoutes) {}

  @Put(':id/organisations/answers')
  async answer(@Req() req: HttpRequest, @Param('id') id: string, @Body() body: unknown): Promise<MemoryOrganisationsResponse> {
    const caller = await this.routes.caller(req, id, 'tell-organisations');
    const answers = OrganisationAnswersSchema.parse(body ?? {});
    return this.routes.change(caller, req, { type: 'GiveOrganisationAnswers', caseId: caller.memory.id, answers });
  }
}
