import 'reflect-metadata';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  checkRouteCatalog,
  clientErrorAnswerer,
  ConfigError,
  createRootLogger,
  dropUnreadBody,
  exitGracefullyOnSignals,
  httpMetrics,
  loadConfig,
  Metrics,
  OwnOriginIoAdapter,
  ownOrigins,
  PinoNestLogger,
  ProblemDetailsFilter,
  listServedRoutes,
  MAX_URL_LENGTH,
  oversizeUrlProblem,
  PROBLEM_TYPE,
  RealtimeGateway,
  RedisIoAdapter,
  requestLog,
  ShutdownState,
  startJobs,
  toProblem,
  urlOf,
} from '@afterwards/server-kit';
import { AUTH, mountAuth, type Auth } from '@afterwards/identity-server';
import { AppModule } from './app.module';
import { serveWebApps, webRoots } from './web-apps';
import { helmetHeaders } from './security-headers';
import { compressAnswers } from './answer-compression';

/** The largest JSON body a route reads, as Express's parser allowed. */
const MAX_JSON_BODY_BYTES = 100 * 1024;

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
  // What every answer gets, whether a route, a hook or the router itself gives it: timing, the request
  // log and id, the security headers (set below, once the metrics exist).
  let everyAnswer: (request: FastifyRequest, reply: FastifyReply) => void = () => undefined;
  const adapter = new FastifyAdapter({
    // The client address (audit trail, limits) comes from the socket, or from X-Forwarded-For set by a trusted proxy only.
    trustProxy: config.trustProxy,
    // JSON bodies up to 100 KB, as before (uploads stream past the parsers: see below).
    bodyLimit: MAX_JSON_BODY_BYTES,
    // An address is routed as written (/api/ADMIN/listings is not /api/admin/listings), a trailing slash
    // aside, as before; a path parameter (a token in a link) may be as long as the address the API reads.
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: true, maxParamLength: MAX_URL_LENGTH },
    // Idle kept-alive connections are closed after 65 s, not Node's 5: past the 60 s idle timeout of the
    // usual load balancers (which must close first), and a client reusing a connection at the moment the
    // server closes it gets a reset it may not retry (API clients, tests) far less often.
    keepAliveTimeout: 65_000,
    // No Nest middleware here (hooks do that work), so no middie: it would run for every request.
    skipMiddie: true,
    // Requests Node's parser cannot read (a head too long, a broken request line) get problem details.
    clientErrorHandler: clientErrorAnswerer(),
    // A broken percent-encoding in the path (refused by the router, before any hook or filter) is the
    // product's MALFORMED_URL problem detail.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      everyAnswer(request, reply);
      const body = { ...toProblem(error), instance: urlOf(request) };
      void reply.code(body.status).type(`${PROBLEM_TYPE}; charset=utf-8`).send(JSON.stringify(body));
    },
  });
  const fastify = adapter.getInstance();
  // Listed as Nest adds them, for the route catalog check below.
  const servedRoutes = listServedRoutes(fastify);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, logger, 'api'), adapter, {
    logger: new PinoNestLogger(logger),
    // Start-up errors reach main()'s handler, which prints their message, instead of a bare exit.
    abortOnError: false,
    bodyParser: true,
  });
  // An empty JSON body is `{}`, as Express's parser took it (a POST with a JSON type and nothing to say).
  const json = fastify.getDefaultJsonParser('error', 'error');
  app.useBodyParser('application/json', { bodyLimit: MAX_JSON_BODY_BYTES }, (request, body, done) =>
    body.length === 0 ? done(null, {}) : json(request as FastifyRequest, body.toString('utf8'), done),
  );
  // Any body but JSON and forms is left unread for its route: uploads stream it to the file store, and a
  // route that takes none refuses it (403 for a foreign write, then 415) before reading a byte.
  fastify.removeContentTypeParser('text/plain');
  fastify.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
  const time = httpMetrics(app.get(Metrics));
  const log = requestLog(logger);
  const headers = helmetHeaders(config.publicUrl);
  everyAnswer = (request, reply) => {
    time(request, reply.raw);
    // On Fastify's reply, not Node's response: Node then takes the whole set in one writeHead instead of
    // one setHeader each. The answers better-auth writes itself get them copied over (mountAuth).
    reply.header('x-request-id', log(request, reply.raw));
    for (const [name, value] of headers) reply.header(name, value);
  };
  fastify.addHook('onRequest', (request, reply, done) => {
    // First, so every answer is timed and logged, refusals included.
    everyAnswer(request, reply);
    // An address longer than any route reads is a 431 problem detail; Node refuses longer heads itself.
    const oversize = oversizeUrlProblem(request);
    if (oversize) return void reply.code(431).type(`${PROBLEM_TYPE}; charset=utf-8`).send(oversize);
    // API answers are one person's data: never stored by a browser or a proxy unless a route says so.
    if (request.url.startsWith('/api/') || request.url === '/api') reply.header('cache-control', 'private, no-store');
    done();
  });
  // Answers made per request (JSON, pages, exports) are compressed, brotli first; static files are sent
  // as the build's pre-compressed copies, which this leaves alone.
  fastify.addHook('onSend', compressAnswers());
  // An answer given before its body was read (a refusal) keeps the connection and drops the rest of the body,
  // rather than the close Fastify asks for after a body it would not parse: see dropUnreadBody.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (dropUnreadBody(request.raw) && reply.getHeader('connection') === 'close') reply.removeHeader('connection');
    done(null, payload);
  });
  app.useGlobalFilters(new ProblemDetailsFilter());
  const redisAdapter = config.redisUrl ? new RedisIoAdapter(app, config.redisUrl, ownOrigins(config), config.jobsPrefix) : undefined;
  if (redisAdapter) {
    await redisAdapter.connect();
    app.useWebSocketAdapter(redisAdapter);
  } else {
    app.useWebSocketAdapter(new OwnOriginIoAdapter(app, ownOrigins(config)));
  }
  // better-auth's routes (/api/auth/*) read their own bodies, before any parser.
  mountAuth(fastify, app.get<Auth>(AUTH), ownOrigins(config));
  const appsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const missing = await serveWebApps(fastify, webRoots(config.webDistDir, appsDir));
  if (missing.length > 0) logger.warn({ missing }, 'some web apps are not built; run npm run build');
  await app.init();
  // Jobs start with every handler registered, before the port opens (decision 0041).
  await startJobs(app);
  const catalog = checkRouteCatalog(servedRoutes());
  if (catalog.undocumented.length || catalog.notServed.length) {
    throw new Error(
      `The route catalog (libs/contracts/src/api-catalog.ts) and the API disagree.\n` +
        `Served but not in the catalog: ${catalog.undocumented.join(', ') || 'none'}\n` +
        `In the catalog but not served: ${catalog.notServed.join(', ') || 'none'}`,
    );
  }
  const server = app.getHttpServer();
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
