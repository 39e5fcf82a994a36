import { Body, Controller, Param, Put, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import { OrganisationActionRequestSchema, type AdminOrganisation } from '@afterwards/contracts';
import { StaffOrganisations } from '../staff-organisations.service';

/** Staff change an entry, on the version they saw (a newer one answers 409 ORGANISATION_CHANGED). */
@Controller('api/admin/organisations')
export class EditOrganisationController {
  constructor(private readonly organisations: StaffOrganisations) {}

  @Put(':id')
  edit(@Req() req: HttpRequest, @Param('id') rawId: string, @Body() body: unknown): Promise<AdminOrganisation> {
    const id = StaffOrganisations.idOf(rawId);
    const { expectedVersion } = OrganisationActionRequestSchema.parse(body ?? {});
    const { expectedVersion: _seen, ...details } = (body ?? {}) as Record<string, unknown>;
    return this.organisations.change(req, id, 'organisation_updated', { type: 'ChangeOrganisation', details }, BigInt(expectedVersion));
  }
}
