import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import type { Migration } from '@afterwards/persistence';
import type { AppConfig } from './config/config';
import { openPlatform, type Platform } from './database/open-platform';
import { HealthController } from './health/health.controller';
import type { Projection } from './projections/projection';
import { PROJECTIONS, ProjectionsService } from './projections/projections.service';
import { RealtimeGateway } from './realtime/realtime.gateway';
import { APP_CONFIG, EVENT_STORE, PRISMA, ROOT_LOGGER, SQL_CLIENT } from './tokens';

const PLATFORM = Symbol('PLATFORM');

export interface PlatformOptions {
  readonly config: AppConfig;
  readonly logger: Logger;
  readonly migrations: readonly Migration[];
  readonly projections: readonly Projection[];
  /** Serve HTTP health endpoints (the API) or not (tools, worker). */
  readonly http?: boolean;
}

class PlatformLifecycle implements OnApplicationShutdown {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}
  async onApplicationShutdown(): Promise<void> {
    await this.platform.close();
  }
}

/** Storage, event store, projections and realtime for one process, chosen by configuration. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformOptions): DynamicModule {
    return {
      module: PlatformModule,
      imports: [CqrsModule.forRoot()],
      controllers: options.http === false ? [] : [HealthController],
      providers: [
        { provide: APP_CONFIG, useValue: options.config },
        { provide: ROOT_LOGGER, useValue: options.logger },
        { provide: PLATFORM, useFactory: () => openPlatform(options.config, options.migrations) },
        { provide: SQL_CLIENT, useFactory: (p: Platform) => p.sql, inject: [PLATFORM] },
        { provide: PRISMA, useFactory: (p: Platform) => p.prisma, inject: [PLATFORM] },
        { provide: EVENT_STORE, useFactory: (p: Platform) => p.eventStore, inject: [PLATFORM] },
        { provide: PROJECTIONS, useValue: options.projections },
        PlatformLifecycle,
        RealtimeGateway,
        ProjectionsService,
      ],
      exports: [APP_CONFIG, ROOT_LOGGER, SQL_CLIENT, PRISMA, EVENT_STORE, RealtimeGateway, ProjectionsService, CqrsModule],
    };
  }
}
