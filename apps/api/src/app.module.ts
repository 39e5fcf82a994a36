import { Module, type DynamicModule } from '@nestjs/common';
import type { Logger } from 'pino';
import { persistenceMigrations } from '@afterwards/persistence';
import { eventStoreMigrations } from '@afterwards/event-store';
import { checkpointJobProcessor, PlatformModule, type AppConfig, type JobProcessor, type Projection } from '@afterwards/server-kit';
import { aggregateInteractionsProcessor, DirectoryModule, directoryMigrations, importCsvProcessor, importsProjection, listingsProjection, staffActivityProjection } from '@afterwards/directory-server';
import { SettingsModule, settingsMigrations, settingsProjection } from '@afterwards/settings-server';
import { IdentityModule, identityMigrations } from '@afterwards/identity-server';
import { HistoryModule } from '@afterwards/history-server';
import { CasesModule, casesMigrations, fileJobProcessors, memoriesProjection, memoryExportJobProcessors, memoryNoticeJobProcessors, reminderJobProcessors } from '@afterwards/cases-server';
import { CoverageModule, foldInteractionWeeksProcessor } from '@afterwards/coverage-server';
import { memoryOrganisationsProjection, OrganisationsModule, organisationsMigrations, organisationsProjection } from '@afterwards/organisations-server';
import { PromotionsModule, promotionsMigrations, promotionsProjection, promotionActivityProjection, promotionJobProcessors } from '@afterwards/promotions-server';

/** Every migration of the product, in order. */
export const migrations = [...persistenceMigrations, ...eventStoreMigrations, ...directoryMigrations, ...promotionsMigrations, ...identityMigrations, ...casesMigrations, ...settingsMigrations, ...organisationsMigrations];
/** Every read model of the product. */
export const projections: Projection[] = [listingsProjection, memoriesProjection, staffActivityProjection, settingsProjection, promotionsProjection, promotionActivityProjection, importsProjection, organisationsProjection, memoryOrganisationsProjection];
/** Every background job of the product. */
export const jobs: JobProcessor[] = [aggregateInteractionsProcessor as JobProcessor, ...promotionJobProcessors, importCsvProcessor as JobProcessor, foldInteractionWeeksProcessor as JobProcessor, ...memoryExportJobProcessors, ...reminderJobProcessors, ...memoryNoticeJobProcessors, ...fileJobProcessors, checkpointJobProcessor as JobProcessor];

@Module({})
export class AppModule {
  /** The whole product for one process: `api` serves HTTP; `worker` runs jobs; `tools` runs operator commands. */
  static forRoot(config: AppConfig, logger: Logger, role: 'api' | 'worker' | 'tools' = 'api'): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot({ config, logger, migrations, projections, jobs, role }), SettingsModule.forRoot(role), DirectoryModule, PromotionsModule, CoverageModule, IdentityModule.forRoot(role), CasesModule.forRoot(role), HistoryModule.forRoot(role), OrganisationsModule.forRoot(role)],
    };
  }
}
