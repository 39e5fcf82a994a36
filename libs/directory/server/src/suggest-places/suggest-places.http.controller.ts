import { Controller, Get, Header, Query as QueryParams, type OnApplicationBootstrap } from '@nestjs/common';
import { PlaceSuggestQuerySchema, type PlaceSuggestResponse } from '@afterwards/contracts';
import { loadGazetteer } from '@afterwards/places';

@Controller('api/places')
export class SuggestPlacesController implements OnApplicationBootstrap {
  /** Builds the gazetteer and its prefix index after start-up, so the first visitor does not wait. */
  onApplicationBootstrap(): void {
    setImmediate(() => loadGazetteer().suggest('a'));
  }

  /** Public: towns, villages, postcode districts, postcodes and Eircodes matching what is typed so far. */
  @Get('suggest')
  @Header('Cache-Control', 'public, max-age=3600')
  suggest(@QueryParams() raw: Record<string, string>): PlaceSuggestResponse {
    const { q, limit } = PlaceSuggestQuerySchema.parse(raw);
    return { suggestions: loadGazetteer().suggest(q, limit) };
  }
}
