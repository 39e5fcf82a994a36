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

  override async close(server: Server): Promise<void> {
    await super.close(server);
    this.pub?.disconnect();
    this.sub?.disconnect();
  }
}
