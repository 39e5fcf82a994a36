export { OrganisationsModule } from './organisations.module';
export { organisationsMigrations } from './organisations.migrations';
