import type { INestApplicationContext } from '@nestjs/common';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { OwnOriginIoAdapter } from './own-origin-io.adapter';

/** socket.io across API replicas: rooms and emits travel through Redis pub/sub (own origin only, as every socket). */
export class RedisIoAdapter extends OwnOriginIoAdapter {
  private pub: Redis | undefined;
  private sub: Redis | undefined;

  constructor(
    app: INestApplicationContext,
    private readonly redisUrl: string,
    origins: readonly string[],
    /** The product's namespace in Redis (JOBS_PREFIX): products sharing one Redis must not hear each other's rooms. */
    private readonly namespace: string,
  ) {
    super(app, origins);
  }

  async connect(): Promise<void> {
    this.pub = new Redis(this.redisUrl, { lazyConnect: true, maxRetriesPerRequest: null });
    this.sub = this.pub.duplicate();
    await Promise.all([this.pub.connect(), this.sub.connect()]);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, options);
    server.adapter(createAdapter(this.pub!, this.sub!, { key: `${this.namespace}:socket.io` }));
    return server;
  }

  /**
   * The Redis connections stay open when Nest closes the socket server: socket.io's Redis adapter neither
   * awaits nor catches its PUBLISH and UNSUBSCRIBE calls, so dropping a connection under one rejected a
   * promise nobody handles and the process exited 1 instead of 0. Projections still announce changes to the
   * other replicas until the leader steps down, which Nest does after closing the socket server; the
   * graceful stop calls this last.
   */
  async closeConnections(): Promise<void> {
    await Promise.all([this.pub, this.sub].map((client) => client && quitOrDrop(client)));
  }
}

/** QUIT is answered after every command sent before it; a Redis that does not answer within a second is dropped. */
async function quitOrDrop(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  let timer: NodeJS.Timeout | undefined;
  const answered = client.quit().then(
    () => true,
    () => false,
  );
  const dropped = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), 1_000)));
  if (!(await Promise.race([answered, dropped]))) client.disconnect();
  clearTimeout(timer);
}
