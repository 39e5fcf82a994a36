import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { createRootLogger, loadConfig, PinoNestLogger, type AppConfig } from '@afterwards/server-kit';
import { AppModule } from '@afterwards/api/app-module';

/**
 * Boots the product's modules without HTTP, for operator commands. In the embedded profile this
 * process owns the data directory, so it also runs the projections; in the services profile the
 * API does, and this process only writes events.
 */
export async function withApp<T>(work: (app: INestApplicationContext, config: AppConfig) => Promise<T>): Promise<T> {
  const base = loadConfig();
  const config: AppConfig = { ...base, runProjections: base.profile === 'embedded' };
  const logger = createRootLogger(process.env.LOG_LEVEL ?? 'warn', 'afterwards-tools');
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, logger, 'tools'), {
    logger: new PinoNestLogger(logger),
    // Start-up errors reach main()'s handler, which prints their message, instead of a bare exit.
    abortOnError: false,
  });
  app.enableShutdownHooks();
  try {
    return await work(app, config);
  } finally {
    await app.close();
  }
}

/** `--name value` and `--flag` arguments. */
export function parseFlags(args: string[]): { positional: string[]; flags: Record<string, string> } {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg.startsWith('--')) {
      const [key, inline] = arg.slice(2).split('=', 2);
      const next = args[i + 1];
      if (inline !== undefined) flags[key!] = inline;
      else if (next !== undefined && !next.startsWith('--')) {
        flags[key!] = next;
        i++;
      } else flags[key!] = 'true';
    } else positional.push(arg);
  }
  return { positional, flags };
}
