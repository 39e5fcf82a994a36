export { OrganisationsModule } from './organisations.module';
export { organisationsMigrations } from './organisations.migrations';
export { organisationsProjection } from './organisations-projection/organisations.projection';
export { OrganisationDirectory } from './organisation-directory/organisation-directory';
export { seedStartingDirectory, type StartingEntry } from './seed-starting-directory/seed-starting-directory';
export { runOrganisationCommand } from './organisation-commands';
export { memoryOrganisationsProjection } from './memory-organisations-projection/memory-organisations.projection';
