import { Query } from '@nestjs/cqrs';
import type { DirectorySearchResponse, ListingCategory } from '@afterwards/contracts';

export class SearchListings extends Query<DirectorySearchResponse> {
  constructor(
    readonly criteria: {
      readonly category?: ListingCategory;
      readonly location?: string;
      readonly lat?: number;
      readonly lng?: number;
      readonly radiusMiles?: number;
    },
  ) {
    super();
  }
}
