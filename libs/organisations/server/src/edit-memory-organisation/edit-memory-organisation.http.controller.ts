import { Body, Controller, Inject, Param, Patch, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import { EditMemoryOrganisationRequestSchema, type MemoryOrganisationsResponse } from '@afterwards/contracts';
import { isoDateIn } from '@afterwards/checklist-domain';
import { MEMORY_ORGANISATIONS_SEALER } from '../tokens';
import type { MemoryOrganisationsSealer } from '../sealing/memory-organisations-sealer';
import { MemoryOrganisationsRoutes } from '../memory-organisations-routes/memory-organisations.routes';

/**
 * Changes one organisation on the list: references, notes, the letter's text, and where telling it stands.
 * Everything personal is sealed here, before it becomes an event: the domain, the events and the read model
 * only ever hold ciphertext (decision 0059).
 */
@Controller('api/memories')
export class EditMemoryOrganisationController {
  constructor(
    private readonly routes: MemoryOrganisationsRoutes,
    @Inject(MEMORY_ORGANISATIONS_SEALER) private readonly sealer: MemoryOrganisationsSealer,
  ) {}

  @Patch(':id/organisations/:entryId')
  async edit(@Req() req: HttpRequest, @Param('id') id: string, @Param('entryId') entryId: string, @Body() body: unknown): Promise<MemoryOrganisationsResponse> {
    const caller = await this.routes.caller(req, id, 'tell-organisations');
    const edit = EditMemoryOrganisationRequestSchema.parse(body ?? {});
    const key = await this.sealer.keyFor(caller.memory.id);
    // Empty references are kept as none; each is trimmed, so a stray space is not part of a number.
    const references = edit.references?.map((r) => ({ label: r.label.trim(), value: r.value.trim() })).filter((r) => r.value);
    const statusChanged = edit.status !== undefined;
    return this.routes.change(caller, req, {
      type: 'EditMemoryOrganisation',
      caseId: caller.memory.id,
      entryId,
      today: isoDateIn(new Date()),
      ...(edit.expectedVersion !== undefined ? { expectedVersion: edit.expectedVersion } : {}),
      ...(references !== undefined ? { references: key.seal(JSON.stringify(references)) } : {}),
      ...(edit.notes !== undefined ? { notes: key.seal(edit.notes) } : {}),
      ...(edit.letterText !== undefined ? { letterText: key.sealOrNull(edit.letterText?.trim()) } : {}),
      ...(statusChanged
        ? {
            status: {
              status: edit.status!,
              ...(edit.statusOn !== undefined ? { on: edit.statusOn } : {}),
              ...(edit.service !== undefined ? { service: edit.service } : {}),
              ...(edit.serviceReference !== undefined ? { serviceReference: key.sealOrNull(edit.serviceReference?.trim()) } : {}),
              ...(edit.amountMinor !== undefined ? { amountMinor: edit.amountMinor } : {}),
            },
          }
        : {}),
    });
  }
}
