import { io, type Socket } from 'socket.io-client';
import { PrivateTopics, REALTIME_PATH, RealtimeEvents, type ReadModelChanged } from '@afterwards/contracts';
import { HttpSession, type RunningProduct } from '@afterwards/testing';
import { createMemory, useMemoriesProduct } from '@afterwards/testing/memories';

/** Live changes of memories over the realtime socket, against the built product on PostgreSQL and Redis (one product for the file). */
describe('Live changes of memories over the realtime socket (services profile)', () => {
  let product: RunningProduct;
  let ann: HttpSession;
  let bob: HttpSession;
  useMemoriesProduct((started) => ({ product, ann, bob } = started));

  it("tells the owner's other open dashboards about a change within a second, and nobody else", async () => {
    const memory = await createMemory(ann, { name: 'Live', deceasedName: 'Rose Hart', jurisdiction: 'England' });
    const connect = (http: HttpSession) =>
      new Promise<Socket>((resolve, reject) => {
        // A browser always sends its page's Origin; the server refuses sockets from any other.
        const socket = io(product.url, { path: REALTIME_PATH, transports: ['websocket'], extraHeaders: { cookie: http.cookieHeader(), origin: product.url } });
        socket.on('connect', () => resolve(socket));
        socket.on('connect_error', reject);
      });
    const [annSocket, bobSocket] = await Promise.all([connect(ann), connect(bob)]);
    try {
      expect(await annSocket.emitWithAck(RealtimeEvents.subscribe, PrivateTopics.memories)).toEqual({ ok: true });
      expect(await bobSocket.emitWithAck(RealtimeEvents.subscribe, PrivateTopics.memories)).toEqual({ ok: true });
      const heardByBob: ReadModelChanged[] = [];
      bobSocket.on(RealtimeEvents.readModelChanged, (m: ReadModelChanged) => heardByBob.push(m));
      const heard = new Promise<{ message: ReadModelChanged; ms: number }>((resolve) => {
        const started = Date.now();
        annSocket.on(RealtimeEvents.readModelChanged, (message: ReadModelChanged) => resolve({ message, ms: Date.now() - started }));
      });
      await ann.json(`/api/memories/${memory.memory.id}/tasks/${memory.tasks[0]!.id}`, { method: 'PUT', json: { status: 'complete' } });
      const { message, ms } = await heard;
      expect(message).toMatchObject({ topic: PrivateTopics.memories, ids: [memory.memory.id] });
      expect(ms).toBeLessThan(1000);
      expect(heardByBob).toEqual([]);
      // Signed out, a socket cannot watch anyone's memories.
      const anonymous = await connect(new HttpSession(product.url));
      expect(await anonymous.emitWithAck(RealtimeEvents.subscribe, PrivateTopics.memories)).toEqual({ ok: false });
      anonymous.close();
    } finally {
      annSocket.close();
      bobSocket.close();
    }
  });
});
