import { Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  type OnGatewayConnection,
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
/** Every socket of one session, and of one user: what `endSession`/`endUser` disconnect. */
const SESSION_ROOM = 'session:';
const sessionRoom = (sessionId: string): string => `${SESSION_ROOM}${sessionId}`;
const userRoom = (userId: string): string => `user:${userId}`;

/** The session a socket's handshake carries (its cookie) and whose it is. */
export interface SocketSession {
  readonly sessionId: string;
  readonly userId: string;
}
/** Finds the signed-in session of a socket from its handshake (session cookie); undefined when signed out. */
export type SocketUserResolver = (headers: IncomingHttpHeaders) => Promise<SocketSession | undefined>;
/** Whether a socket's (already resolved) session belongs to an active staff member. */
export type SocketStaffResolver = (session: SocketSession) => Promise<boolean>;

/**
 * Pushes read-model changes to the screens watching them. Clients join a topic room; projections
 * publish to the room. With REDIS_URL set, rooms span every API replica (Redis adapter).
 */
@WebSocketGateway({ path: REALTIME_PATH, serveClient: false })
export class RealtimeGateway implements OnGatewayConnection {
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

  /**
   * A signed-in socket joins its session's and its user's rooms, so that signing out (or a staff member's
   * deactivation) can close it at once rather than leave it hearing changes until it disconnects.
   */
  async handleConnection(socket: Socket): Promise<void> {
    await this.sessionOf(socket);
  }

  /** The socket's session, looked up afresh; the socket is put in that session's rooms. */
  private async sessionOf(socket: Socket): Promise<SocketSession | undefined> {
    const session = await this.resolveUser(socket.handshake.headers).catch(() => undefined);
    if (session && socket.connected) await socket.join([sessionRoom(session.sessionId), userRoom(session.userId)]);
    return session;
  }

  /**
   * Disconnects this replica's sockets of a session that ended (signed out, revoked, expired). Each replica
   * is told by the database (see identity's SocketSessions), so only its own sockets are its business here.
   */
  endSession(sessionId: string): void {
    this.server?.local.in(sessionRoom(sessionId)).disconnectSockets(true);
  }

  /** Disconnects this replica's sockets of a user who lost access (a staff member deactivated). */
  endUser(userId: string): void {
    this.server?.local.in(userRoom(userId)).disconnectSockets(true);
  }

  /**
   * Looks up again the session of every signed-in socket of this replica, and closes those whose session
   * ended, or whose staff access did while they watch a staff topic. For when the database's word of an
   * ending may have been lost (its listening connection was made again): the rooms are right again at once,
   * not when each socket next subscribes. A lookup that fails keeps its socket: the next one decides.
   */
  async revalidateSockets(): Promise<void> {
    const sockets = this.server?.sockets?.sockets;
    if (!sockets) return;
    await Promise.all(
      [...sockets.values()].map(async (socket) => {
        const rooms = [...socket.rooms];
        const sessionId = rooms.find((room) => room.startsWith(SESSION_ROOM))?.slice(SESSION_ROOM.length);
        if (sessionId === undefined) return;
        let session: SocketSession | undefined;
        let staff = true;
        try {
          session = await this.resolveUser(socket.handshake.headers);
          if (session && rooms.some((room) => STAFF_TOPICS.has(room))) staff = await this.isStaff(session);
        } catch {
          return;
        }
        if (!session || session.sessionId !== sessionId || !staff) socket.disconnect(true);
      }),
    );
  }

  /** The room a socket joins for `topic`, or undefined when it may not watch it. */
  private async roomFor(socket: Socket, topic: unknown): Promise<string | undefined> {
    if (typeof topic !== 'string') return undefined;
    if (PUBLIC_TOPICS.has(topic)) return topic;
    if (STAFF_TOPICS.has(topic)) {
      // The session is resolved once and handed to the staff check, so the cookie is looked up only once.
      const session = await this.sessionOf(socket);
      if (!session || !(await this.isStaff(session).catch(() => false))) return undefined;
      return topic;
    }
    if (!PRIVATE_TOPICS.has(topic)) return undefined;
    // Asked at each subscribe, so a socket that outlived its session cannot join again.
    const session = await this.sessionOf(socket);
    return session ? privateRoom(topic as PrivateTopic, session.userId) : undefined;
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
