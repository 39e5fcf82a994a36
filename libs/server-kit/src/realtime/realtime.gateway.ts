import { Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { REALTIME_PATH, RealtimeEvents, RealtimeTopics, type ReadModelChanged } from '@afterwards/contracts';

/** Topics anyone may watch. Per-user topics (a family's own memories) come with sign-in. */
const PUBLIC_TOPICS = new Set<string>(Object.values(RealtimeTopics));

/**
 * Pushes read-model changes to the screens watching them. Clients join a topic room; projections
 * publish to the room. With REDIS_URL set, rooms span every API replica (Redis adapter).
 */
@WebSocketGateway({ path: REALTIME_PATH, serveClient: false })
export class RealtimeGateway {
  private readonly logger = new Logger('realtime');

  @WebSocketServer()
  server!: Server;

  @SubscribeMessage(RealtimeEvents.subscribe)
  async subscribe(@ConnectedSocket() socket: Socket, @MessageBody() topic: unknown): Promise<{ ok: boolean }> {
    if (typeof topic !== 'string' || !PUBLIC_TOPICS.has(topic)) return { ok: false };
    await socket.join(topic);
    return { ok: true };
  }

  @SubscribeMessage(RealtimeEvents.unsubscribe)
  async unsubscribe(@ConnectedSocket() socket: Socket, @MessageBody() topic: unknown): Promise<{ ok: boolean }> {
    if (typeof topic !== 'string') return { ok: false };
    await socket.leave(topic);
    return { ok: true };
  }

  publish(topic: string, ids: string[]): void {
    if (!this.server) return; // no HTTP server (tools, worker)
    const message: ReadModelChanged = { topic, ids, at: new Date().toISOString() };
    this.server.to(topic).emit(RealtimeEvents.readModelChanged, message);
    this.logger.debug({ topic, count: ids.length }, 'published');
  }
}
