import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import type { AdminOrganisation } from '@afterwards/contracts';
import { StaffOrganisations } from '../staff-organisations.service';

/** Staff add an organisation to the directory; the decider checks the details with the contract's schema. */
@Controller('api/admin/organisations')
export class AddOrganisationController {
  constructor(private readonly organisations: StaffOrganisations) {}

  @Post()
  @HttpCode(201)
  add(@Req() req: HttpRequest, @Body() body: unknown): Promise<AdminOrganisation> {
    const organisationId = randomUUID();
    return this.organisations.change(req, organisationId, 'organisation_created', { type: 'AddOrganisation', organisationId, details: body ?? {} });
  }
}
