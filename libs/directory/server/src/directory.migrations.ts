import type { Migration } from '@afterwards/persistence';
import listings from '../migrations/0001_listings.sql';
import interactions from '../migrations/0002_listing_interactions.sql';
import geoIndex from '../migrations/0003_listings_geo_index.sql';
import geoIndexWithName from '../migrations/0004_listings_geo_index_with_name.sql';
import staffBackOffice from '../migrations/0005_staff_back_office.sql';
import listingStatusCounts from '../migrations/0006_listing_status_counts.sql';
import listingsSearchText from '../migrations/0007_listings_search_text.sql';
import listingsSearchCovering from '../migrations/0008_listings_search_covering.sql';
import listingImports from '../migrations/0009_listing_imports.sql';
import listingRegions from '../migrations/0010_listing_regions.sql';
import coverageCountsByIndex from '../migrations/0011_coverage_counts_by_index.sql';
import rejectedRegionIdx from '../migrations/0012_listings_rejected_region_idx.sql';
import importsAlreadyImported from '../migrations/0013_listing_imports_already_imported.sql';
import importsKind from '../migrations/0014_listing_imports_kind.sql';

export const directoryMigrations: Migration[] = [
  { id: 'directory/0001_listings', sql: listings },
  { id: 'directory/0002_listing_interactions', sql: interactions },
  { id: 'directory/0003_listings_geo_index', sql: geoIndex },
  { id: 'directory/0004_listings_geo_index_with_name', sql: geoIndexWithName },
  { id: 'directory/0005_staff_back_office', sql: staffBackOffice },
  { id: 'directory/0006_listing_status_counts', sql: listingStatusCounts },
  { id: 'directory/0007_listings_search_text', sql: listingsSearchText },
  { id: 'directory/0008_listings_search_covering', sql: listingsSearchCovering },
  { id: 'directory/0009_listing_imports', sql: listingImports },
  { id: 'directory/0010_listing_regions', sql: listingRegions },
  { id: 'directory/0011_coverage_counts_by_index', sql: coverageCountsByIndex },
  { id: 'directory/0012_listings_rejected_region_idx', sql: rejectedRegionIdx },
  { id: 'directory/0013_listing_imports_already_imported', sql: importsAlreadyImported },
  { id: 'directory/0014_listing_imports_kind', sql: importsKind },
];
