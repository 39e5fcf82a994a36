import { Controller, Get, Header, Query as QueryParams } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AdminOrganisationListQuerySchema, type AdminOrganisationList } from '@afterwards/contracts';
import { ListOrganisations } from './list-organisations.query';

/** `GET /api/admin/organisations?q=&kind=&status=`: the staff list (the staff guard lets staff only in). */
@Controller('api/admin/organisations')
export class ListOrganisationsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  list(@QueryParams() raw: Record<string, string>): Promise<AdminOrganisationList> {
    const filter = AdminOrganisationListQuerySchema.parse(raw);
    return this.queries.execute(new ListOrganisations({ q: filter.q || undefined, kind: filter.kind, status: filter.status }));
  }
}
