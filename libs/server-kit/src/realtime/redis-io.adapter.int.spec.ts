import { randomBytes } from 'node:crypto';
import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import { TEST_REDIS_URL } from '@afterwards/jobs/testing';
import { RedisIoAdapter } from './redis-io.adapter';

@Module({})
class NoRoutes {}

/**
 * The stop of an API replica on the real Redis, in Nest's order: the socket server closes first, the
 * projections go on announcing changes to the other replicas until the leader steps down, then the
 * adapter's connections close. Nothing announced is lost and no command is left to fail after the stop.
 */
describe('RedisIoAdapter stopping', () => {
  let app: INestApplication;
  let listener: Redis;
  beforeAll(async () => {
    app = await NestFactory.create(NoRoutes, new FastifyAdapter(), { logger: false });
    await app.listen(0, '127.0.0.1');
    listener = new Redis(TEST_REDIS_URL, { lazyConnect: true });
    await listener.connect();
  });
  afterAll(async () => {
    listener.disconnect();
    await app.close();
  });

  it('delivers every change announced before its connections close, and leaves none unanswered', async () => {
    const namespace = `afterwards-test-${randomBytes(6).toString('hex')}`;
    const heard: string[] = [];
    await listener.psubscribe(`${namespace}:socket.io#/#*`);
    listener.on('pmessage', (_pattern, channel: string) => heard.push(channel));

    const adapter = new RedisIoAdapter(app, TEST_REDIS_URL, [], namespace);
    await adapter.connect();
    const server = adapter.createIOServer(0);
    const announce = (from: number, count: number) => {
      for (let i = from; i < from + count; i += 1) server.to(`room-${i}`).emit('changed', { i });
    };

    announce(0, 200);
    // Nest closes the socket server (the Redis adapter unsubscribes without waiting) ...
    await adapter.close(server);
    // ... while the leader's projections may still be announcing, until the shutdown hooks stop them.
    announce(200, 200);
    await adapter.closeConnections();

    // A command dropped with its connection rejects a promise socket.io never handles: Jest fails the test
    // on it (in the product, Node exited 1). Wait long enough for one to surface.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(new Set(heard).size).toBe(400);
  });
});
