export { OrganisationsModule } from './organisations.module';
export { organisationsMigrations } from './organisations.migrations';
export { memoryOrganisationsProjection } from './memory-organisations-projection/memory-organisations.projection';
