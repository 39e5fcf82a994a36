import type { Migration } from '@afterwards/persistence';
import memoryOrganisations from '../migrations/0002_memory_organisations.sql';

export const organisationsMigrations: Migration[] = [{ id: 'organisations/0002_memory_organisations', sql: memoryOrganisations }];
