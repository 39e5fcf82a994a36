import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ConfigError, createRootLogger, exitGracefullyOnSignals, loadConfig, PinoNestLogger, ShutdownState, startJobs } from '@afterwards/server-kit';
import { AppModule } from '@afterwards/api/app-module';

/**
 * Services profile only: runs the BullMQ job handlers next to the API replicas. The embedded profile runs jobs inside the API instead.
 */
async function main(): Promise<void> {
  // Projections publish to screens through the API's socket server, so only API replicas lead.
  const config = { ...loadConfig(), runProjections: false };
  if (!config.redisUrl || !config.databaseUrl) {
    throw new ConfigError(['The worker needs DATABASE_URL and REDIS_URL (the services profile).']);
  }
  const logger = createRootLogger(config.logLevel, 'afterwards-worker');
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, logger, 'worker'), {
    logger: new PinoNestLogger(logger),
    // Start-up errors reach main()'s handler, which prints their message, instead of a bare exit.
    abortOnError: false,
  });
  await app.init();
  await startJobs(app);
  // Running jobs finish first (the queue's close waits for them), then the process exits 0.
  exitGracefullyOnSignals({ app, state: app.get(ShutdownState), logger });
  logger.info({ profile: config.profile }, 'worker running');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof ConfigError ? 78 : 1);
});
