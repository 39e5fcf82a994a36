import type { Migration } from '@afterwards/persistence';
import organisations from '../migrations/0001_organisations.sql';
import memoryOrganisations from '../migrations/0002_memory_organisations.sql';

export const organisationsMigrations: Migration[] = [
  { id: 'organisations/0001_organisations', sql: organisations },
  { id: 'organisations/0002_memory_organisations', sql: memoryOrganisations },
];
