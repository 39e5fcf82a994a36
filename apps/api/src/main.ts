import 'reflect-metadata';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import {
  answerClientErrorsWithProblems,
  checkRouteCatalog,
  ConfigError,
  createRootLogger,
  exitGracefullyOnSignals,
  httpMetrics,
  loadConfig,
  Metrics,
  OwnOriginIoAdapter,
  ownOrigins,
  PinoNestLogger,
  ProblemDetailsFilter,
  refuseOversizeUrls,
  RealtimeGateway,
  RedisIoAdapter,
  requestLog,
  ShutdownState,
  startJobs,
} from '@afterwards/server-kit';
import { AUTH, mountAuth, type Auth } from '@afterwards/identity-server';
import { AppModule } from './app.module';
import { serveWebApps, webRoots } from './web-apps';
import { securityHeaders } from './security-headers';
import { compressWholeBodies } from './whole-body-compression';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, { role: 'api' });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const logger = createRootLogger(config.logLevel, 'afterwards-api');
  // An address is routed as written: /api/ADMIN/listings is not /api/admin/listings (a look-alike path must
  // not reach a route its guards would not recognise; they also decide by the route matched). Set before
  // Nest adds any route, as Express reads it when its router is made.
  const adapter = new ExpressAdapter(express().set('case sensitive routing', true));
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, logger, 'api'), adapter, {
    logger: new PinoNestLogger(logger),
    // Start-up errors reach main()'s handler, which prints their message, instead of a bare exit.
    abortOnError: false,
    bodyParser: true,
  });
  // The client address (audit trail, limits) comes from the socket, or from X-Forwarded-For set by a trusted proxy only.
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // API answers are never stored (Cache-Control below), so an ETag would only cost a hash of every body;
  // static files keep theirs (serve-static sets its own).
  app.set('etag', false);
  // First, so every answer is timed, refusals by later middleware included.
  app.use(httpMetrics(app.get(Metrics)));
  app.use(requestLog(logger));
  app.use(securityHeaders(config.publicUrl));
  // An address longer than any route reads is a 431 problem detail here; Node refuses longer heads itself (below).
  app.use(refuseOversizeUrls());
  // Answers made per request (JSON, pages) are compressed here, brotli first; static files are sent as
  // the build's pre-compressed copies, which this leaves alone.
  app.use(compression());
  // After it, so this runs first: an answer given whole is compressed here and sent in one write.
  app.use(compressWholeBodies());
  // API answers are one person's data: never stored by a browser or a proxy unless a route says so.
  app.use('/api', (_req: unknown, res: { setHeader(name: string, value: string): void }, next: () => void) => {
    res.setHeader('Cache-Control', 'private, no-store');
    next();
  });
  app.useGlobalFilters(new ProblemDetailsFilter());
  const redisAdapter = config.redisUrl ? new RedisIoAdapter(app, config.redisUrl, ownOrigins(config), config.jobsPrefix) : undefined;
  if (redisAdapter) {
    await redisAdapter.connect();
    app.useWebSocketAdapter(redisAdapter);
  } else {
    app.useWebSocketAdapter(new OwnOriginIoAdapter(app, ownOrigins(config)));
  }
  // better-auth's routes (/api/auth/*) read their own bodies: mounted before Nest's body parser.
  mountAuth(app.getHttpAdapter().getInstance(), app.get<Auth>(AUTH), ownOrigins(config));
  // Static files are mounted before Nest's routes are initialised, so its not-found handler comes last.
  const appsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const missing = serveWebApps(app.getHttpAdapter().getInstance(), webRoots(config.webDistDir, appsDir));
  if (missing.length > 0) logger.warn({ missing }, 'some web apps are not built; run npm run build');
  await app.init();
  // Jobs start with every handler registered, before the port opens (decision 0041).
  await startJobs(app);
  const catalog = checkRouteCatalog(app.getHttpAdapter().getInstance());
  if (catalog.undocumented.length || catalog.notServed.length) {
    throw new Error(
      `The route catalog (libs/contracts/src/api-catalog.ts) and the API disagree.\n` +
        `Served but not in the catalog: ${catalog.undocumented.join(', ') || 'none'}\n` +
        `In the catalog but not served: ${catalog.notServed.join(', ') || 'none'}`,
    );
  }
  // Idle kept-alive connections are closed after 65 s, not Node's 5: past the 60 s idle timeout of the
  // usual load balancers (which must close first), and a client reusing a connection at the moment the
  // server closes it gets a reset it may not retry (API clients, tests) far less often.
  const server = app.getHttpServer();
  answerClientErrorsWithProblems(server);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await app.listen(config.port, config.host);
  const realtime = app.get(RealtimeGateway);
  exitGracefullyOnSignals({
    app,
    state: app.get(ShutdownState),
    logger,
    server,
    closeSockets: async () => {
      // Screens reconnect to another replica and refetch what they show.
      realtime.server.disconnectSockets(true);
      realtime.server.engine.close();
    },
    closeLast: redisAdapter && (() => redisAdapter.closeConnections()),
    drainMs: config.shutdownDrainMs,
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  logger.info({ url, profile: config.profile }, 'Afterwards is running');
  // The one line a person starting the product needs, outside the JSON log.
  if (process.stdout.isTTY || process.env.AFTERWARDS_PRINT_URL !== 'false') console.log(`\n  Afterwards is running at ${url}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof ConfigError ? 78 : 1);
});
