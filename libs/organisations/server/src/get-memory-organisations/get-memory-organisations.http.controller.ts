import { Controller, Get, Param, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import type { MemoryOrganisationsResponse } from '@afterwards/contracts';
import { MemoryOrganisationsRoutes } from '../memory-organisations-routes/memory-organisations.routes';

/** A memory's organisations: everyone on the memory reads them (references included). */
@Controller('api/memories')
export class GetMemoryOrganisationsController {
  constructor(private readonly routes: MemoryOrganisationsRoutes) {}

  @Get(':id/organisations')
  async list(@Req() req: HttpRequest, @Param('id') id: string): Promise<MemoryOrganisationsResponse> {
    const { memory } = await this.routes.caller(req, id, 'read');
    return this.routes.read(memory);
  }
}
