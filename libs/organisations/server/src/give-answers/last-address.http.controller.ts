import { Body, Controller, Inject, Param, Put, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import { SetLastAddressRequestSchema, type MemoryOrganisationsResponse } from '@afterwards/contracts';
import { MEMORY_ORGANISATIONS_SEALER } from '../tokens';
import type { MemoryOrganisationsSealer } from '../sealing/memory-organisations-sealer';
import { MemoryOrganisationsRoutes } from '../memory-organisations-routes/memory-organisations.routes';

/** Where the person who died last lived: every letter gives it. Sealed like the references. */
@Controller('api/memories')
export class LastAddressController {
  constructor(
    private readonly routes: MemoryOrganisationsRoutes,
    @Inject(MEMORY_ORGANISATIONS_SEALER) private readonly sealer: MemoryOrganisationsSealer,
  ) {}

  @Put(':id/organisations/last-address')
  async set(@Req() req: HttpRequest, @Param('id') id: string, @Body() body: unknown): Promise<MemoryOrganisationsResponse> {
    const caller = await this.routes.caller(req, id, 'tell-organisations');
    const lines = SetLastAddressRequestSchema.parse(body ?? {}).lastAddress.map((line) => line.trim()).filter(Boolean);
    const key = await this.sealer.keyFor(caller.memory.id);
    return this.routes.change(caller, req, { type: 'GiveDeceasedLastAddress', caseId: caller.memory.id, lastAddress: lines.length > 0 ? key.seal(JSON.stringify(lines)) : null });
  }
}
