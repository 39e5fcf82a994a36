import { Module, type DynamicModule } from '@nestjs/common';
import type { Logger } from 'pino';
import { persistenceMigrations } from '@afterwards/persistence';
import { eventStoreMigrations } from '@afterwards/event-store';
import { PlatformModule, type AppConfig, type Projection } from '@afterwards/server-kit';
import { DirectoryModule, directoryMigrations, listingsProjection } from '@afterwards/directory-server';
import { SessionController } from './session.controller';

/** Every migration of the product, in order. */
export const migrations = [...persistenceMigrations, ...eventStoreMigrations, ...directoryMigrations];
/** Every read model of the product. */
export const projections: Projection[] = [listingsProjection];

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, logger: Logger, options: { http?: boolean } = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot({ config, logger, migrations, projections, http: options.http }), DirectoryModule],
      controllers: options.http === false ? [] : [SessionController],
    };
  }
}
