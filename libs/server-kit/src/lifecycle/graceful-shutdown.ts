import type { Server } from 'node:http';
import type { INestApplicationContext } from '@nestjs/common';
import type { Logger } from 'pino';

/** Whether this process is stopping: readiness answers 503 from the first moment, so a proxy stops sending. */
export class ShutdownState {
  draining = false;
}

export interface GracefulShutdownOptions {
  readonly app: INestApplicationContext;
  readonly state: ShutdownState;
  readonly logger: Logger;
  /** The API's HTTP server; the worker has none. */
  readonly server?: Server;
  /** Closes the realtime sockets (they would hold the HTTP server open). */
  readonly closeSockets?: () => Promise<void>;
  /** Closes what the shutdown hooks may still use (the realtime adapter's Redis connections). */
  readonly closeLast?: () => Promise<void>;
  /** Wait between readiness turning false and the server closing, for a proxy's health check to see it (ms). */
  readonly drainMs?: number;
  /** Everything must be done within this (ms); after it the process exits 1. */
  readonly limitMs?: number;
}

/**
 * SIGTERM and SIGINT: readiness false, stop accepting, finish the requests in flight (and the commands they
 * carry), then Nest's shutdown hooks (leadership steps down and frees the lock, job workers finish their
 * jobs, connections close), then what those hooks may still use, and exit 0. Nest's own signal hooks
 * re-raise the signal, which exits 143.
 */
export function exitGracefullyOnSignals(options: GracefulShutdownOptions): void {
  const { app, state, logger, server, closeSockets, closeLast, drainMs = 0, limitMs = 10_000 } = options;
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    state.draining = true;
    const started = Date.now();
    logger.info({ signal }, 'stopping: finishing requests in flight');
    const limit = setTimeout(() => {
      logger.error({ limitMs }, 'did not stop in time; exiting anyway');
      process.exit(1);
    }, limitMs);
    limit.unref();
    try {
      if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      await closeSockets?.();
      if (server) await closeHttpServer(server);
      await app.close();
      await closeLast?.();
      logger.info({ ms: Date.now() - started }, 'stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'stopping failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', (signal) => void stop(signal));
  process.once('SIGINT', (signal) => void stop(signal));
}

/**
 * Stops accepting connections and resolves when the requests in flight have been answered. Keep-alive
 * connections are closed as soon as they fall idle (Node closes only those idle at the call).
 */
function closeHttpServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    server.close(() => {
      clearInterval(idle);
      resolve();
    });
  });
}
