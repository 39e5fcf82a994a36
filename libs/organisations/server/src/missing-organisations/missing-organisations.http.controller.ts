import { Controller, Get, Header, Inject } from '@nestjs/common';
import type { MissingOrganisations } from '@afterwards/contracts';
import type { SqlClient } from '@afterwards/persistence';
import { SQL_CLIENT } from '@afterwards/server-kit';
import { missingOrganisations } from './missing-organisations';

/** `GET /api/admin/organisations/missing`: what families add that the directory lacks (the staff guard lets staff only in). */
@Controller('api/admin/organisations')
export class MissingOrganisationsController {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  @Get('missing')
  @Header('Cache-Control', 'no-store')
  missing(): Promise<MissingOrganisations> {
    return missingOrganisations(this.sql);
  }
}
