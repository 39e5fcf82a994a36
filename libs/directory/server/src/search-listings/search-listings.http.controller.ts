import { Controller, Get, Header, Query as QueryParams } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { DirectorySearchQuerySchema, type DirectorySearchResponse } from '@afterwards/contracts';
import { SearchListings } from './search-listings.query';

@Controller('api/directory')
export class SearchListingsController {
  constructor(private readonly queries: QueryBus) {}

  /** Public: the active listings near a place, in the finder's order. */
  @Get('listings')
  @Header('Cache-Control', 'no-store')
  search(@QueryParams() raw: Record<string, string>): Promise<DirectorySearchResponse> {
    const q = DirectorySearchQuerySchema.parse(raw);
    return this.queries.execute(
      new SearchListings({
        category: q.category && q.category !== 'all' ? q.category : undefined,
        location: q.location || undefined,
        lat: q.lat,
        lng: q.lng,
        radiusMiles: q.radius,
      }),
    );
  }
}
