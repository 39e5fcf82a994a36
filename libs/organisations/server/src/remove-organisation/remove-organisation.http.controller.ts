import { Controller, Delete, Param, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import type { MemoryOrganisationsResponse } from '@afterwards/contracts';
import { MemoryOrganisationsRoutes } from '../memory-organisations-routes/memory-organisations.routes';

/** Takes an organisation off the list (its references and notes go with its row). */
@Controller('api/memories')
export class RemoveOrganisationController {
  constructor(private readonly routes: MemoryOrganisationsRoutes) {}

  @Delete(':id/organisations/:entryId')
  async remove(@Req() req: HttpRequest, @Param('id') id: string, @Param('entryId') entryId: string): Promise<MemoryOrganisationsResponse> {
    const caller = await this.routes.caller(req, id, 'tell-organisations');
    return this.routes.change(caller, req, { type: 'RemoveMemoryOrganisation', caseId: caller.memory.id, entryId });
  }
}
