import { Controller, Get, Header, Query as QueryParams, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { HttpRequest } from '@afterwards/server-kit';
import { ORGANISATION_SEARCH_LIMIT, OrganisationSearchQuerySchema, type OrganisationSearchResponse } from '@afterwards/contracts';
import { SessionCache } from '@afterwards/identity-server';
import { SearchOrganisations } from './search-organisations.query';

/** `GET /api/organisations?q=&jurisdiction=`: signed-in families search the directory as they type. */
@Controller('api/organisations')
export class SearchOrganisationsController {
  constructor(
    private readonly sessions: SessionCache,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  async search(@Req() req: HttpRequest, @QueryParams() raw: Record<string, string>): Promise<OrganisationSearchResponse> {
    await this.sessions.requireUser(req);
    const query = OrganisationSearchQuerySchema.parse(raw);
    return this.queries.execute(new SearchOrganisations(query.q ?? '', query.jurisdiction, ORGANISATION_SEARCH_LIMIT));
  }
}
