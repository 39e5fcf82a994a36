import { Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import type { IncomingHttpHeaders } from 'node:http';
import {
  PrivateTopics,
  privateRoom,
  REALTIME_PATH,
  RealtimeEvents,
  RealtimeTopics,
  StaffTopics,
  type PrivateTopic,
  type ReadModelChanged,
} from '@afterwards/contracts';

/** Topics anyone may watch. */
const PUBLIC_TOPICS = new Set<string>(Object.values(RealtimeTopics));
/** Topics whose changes belong to one user: a signed-in socket is joined to its own room only. */
const PRIVATE_TOPICS = new Set<string>(Object.values(PrivateTopics));
/** Topics of the back office: one room each, joined only by active staff. */
const STAFF_TOPICS = new Set<string>(Object.values(StaffTopics));

/** Finds the signed-in user of a socket from its handshake (session cookie); undefined when signed out. */
export type SocketUserResolver = (headers: IncomingHttpHeaders) => Promise<string | undefined>;
/** Whether a socket's session belongs to an active staff member. */
export type SocketStaffResolver = (headers: IncomingHttpHeaders) => Promise<boolean>;

/**
 * Pushes read-model changes to the screens watching them. Clients join a topic room; projections
 * publish to the room. With REDIS_URL set, rooms span every API replica (Redis adapter).
 */
@WebSocketGateway({ path: REALTIME_PATH, serveClient: false })
export class RealtimeGateway {
  private readonly logger = new Logger('realtime');

  @WebSocketServer()
  server!: Server;

  private resolveUser: SocketUserResolver = async () => undefined;
  private isStaff: SocketStaffResolver = async () => false;

  /** Identity provides this: private topics need to know who is on the other end of a socket. */
  useUserResolver(resolver: SocketUserResolver): void {
    this.resolveUser = resolver;
  }

  /** Identity provides this too: staff topics need to know the socket is staff's. */
  useStaffResolver(resolver: SocketStaffResolver): void {
    this.isStaff = resolver;
  }

  /** The room a socket joins for `topic`, or undefined when it may not watch it. */
  private async roomFor(socket: Socket, topic: unknown): Promise<string | undefined> {
    if (typeof topic !== 'string') return undefined;
    if (PUBLIC_TOPICS.has(topic)) return topic;
    if (STAFF_TOPICS.has(topic)) return (await this.isStaff(socket.handshake.headers).catch(() => false)) ? topic : undefined;
    if (!PRIVATE_TOPICS.has(topic)) return undefined;
    // Asked at each subscribe, so a socket that outlived its session cannot join again.
    const userId = await this.resolveUser(socket.handshake.headers).catch(() => undefined);
    return userId ? privateRoom(topic as PrivateTopic, userId) : undefined;
  }

  @SubscribeMessage(RealtimeEvents.subscribe)
  async subscribe(@ConnectedSocket() socket: Socket, @MessageBody() topic: unknown): Promise<{ ok: boolean }> {
    const room = await this.roomFor(socket, topic);
    if (!room) return { ok: false };
    await socket.join(room);
    return { ok: true };
  }

  @SubscribeMessage(RealtimeEvents.unsubscribe)
  async unsubscribe(@ConnectedSocket() socket: Socket, @MessageBody() topic: unknown): Promise<{ ok: boolean }> {
    if (typeof topic !== 'string') return { ok: false };
    for (const room of socket.rooms) {
      if (room === topic || room.startsWith(`${topic}:`)) await socket.leave(room);
    }
    return { ok: true };
  }

  /** Clients connected to this replica's socket server (0 without one: tools, worker). */
  connectedClients(): number {
    return this.server?.engine?.clientsCount ?? 0;
  }

  /** Tells the screens in `room` (the topic itself for a public topic) which rows of `topic` changed. */
  publish(topic: string, ids: string[], room: string = topic): void {
    if (!this.server) return; // no HTTP server (tools, worker)
    const message: ReadModelChanged = { topic, ids, at: new Date().toISOString() };
    this.server.to(room).emit(RealtimeEvents.readModelChanged, message);
    this.logger.debug({ topic, count: ids.length }, 'published');
  }
}
