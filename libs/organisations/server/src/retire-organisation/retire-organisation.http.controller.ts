import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import type { AdminOrganisation } from '@afterwards/contracts';
import { StaffOrganisations } from '../staff-organisations.service';

/** Staff retire an entry (families stop finding it; memories that hold it keep it) or bring it back. */
@Controller('api/admin/organisations')
export class RetireOrganisationController {
  constructor(private readonly organisations: StaffOrganisations) {}

  @Post(':id/retire')
  @HttpCode(200)
  retire(@Req() req: HttpRequest, @Param('id') rawId: string, @Body() body: unknown): Promise<AdminOrganisation> {
    return this.organisations.change(req, StaffOrganisations.idOf(rawId), 'organisation_retired', { type: 'RetireOrganisation' }, StaffOrganisations.versionOf(body));
  }

  @Post(':id/restore')
  @HttpCode(200)
  restore(@Req() req: HttpRequest, @Param('id') rawId: string, @Body() body: unknown): Promise<AdminOrganisation> {
    return this.organisations.change(req, StaffOrganisations.idOf(rawId), 'organisation_restored', { type: 'RestoreOrganisation' }, StaffOrganisations.versionOf(body));
  }
}
