import { io, type Socket } from 'socket.io-client';
import { PrivateTopics, REALTIME_PATH, RealtimeEvents, StaffTopics } from '@afterwards/contracts';
import { expectEventually } from '@afterwards/persistence/testing';
import { HttpSession, queryDatabase, signedIn, signUpVerified, staffSignedIn, startApiReplica, startProduct, stopProcess, type ProductProcess, type RunningProduct } from '@afterwards/testing';

const FAMILY = { email: 'sia.socket@example.test', password: 'quiet-harbour-64' };
const STAFF = { email: 'sol.socket@example.test', name: 'Sol Socket', password: 'quiet-harbour-65' };

/**
 * A session's sockets end with it: after a sign-out, or a staff member's deactivation, the server closes
 * them at once instead of letting them hear more changes; and the routes that keep a session's answer
 * refuse it at once too. Services profile (socket.io on Redis), built product.
 */
describe('sockets, and cached answers, end with their session', () => {
  let product: RunningProduct;

  beforeAll(async () => {
    product = await startProduct({ profile: 'services', seedCount: 0 });
    expect(product.tool('create-admin', '--email', STAFF.email, '--name', STAFF.name, '--password', STAFF.password)).toContain('is ready');
    await signUpVerified(product, FAMILY);
  }, 180_000);
  afterAll(async () => {
    await product?.stop();
  });

  const query = (text: string, params: unknown[] = []) => queryDatabase(product, text, params);

  /** A socket of `http`'s session, watching `topic`, that records whether the server closed it. */
  async function watching(http: HttpSession, topic: string, url = product.url): Promise<{ socket: Socket; closedByServer: () => boolean }> {
    const socket = io(url, { path: REALTIME_PATH, transports: ['websocket'], reconnection: false, extraHeaders: { cookie: http.cookieHeader(), origin: url } });
    let reason: string | undefined;
    socket.on('disconnect', (why) => (reason = why));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    expect(await socket.emitWithAck(RealtimeEvents.subscribe, topic)).toEqual({ ok: true });
    return { socket, closedByServer: () => reason === 'io server disconnect' };
  }

  it("closes a family session's sockets when it signs out, and no other session's", async () => {
    const leaving = await signedIn(product, FAMILY.email, FAMILY.password);
    const staying = await signedIn(product, FAMILY.email, FAMILY.password);
    const mine = await watching(leaving, PrivateTopics.memories);
    const other = await watching(staying, PrivateTopics.memories);
    try {
      expect((await leaving.fetch('/api/auth/sign-out', { method: 'POST', json: {} })).status).toBe(200);
      await expectEventually(() => expect(mine.closedByServer()).toBe(true));
      // The same person's other device keeps its session and its socket.
      expect(other.socket.connected).toBe(true);
      expect(await other.socket.emitWithAck(RealtimeEvents.subscribe, PrivateTopics.memories)).toEqual({ ok: true });
    } finally {
      mine.socket.close();
      other.socket.close();
    }
  });

  it("closes a staff session's sockets when it signs out", async () => {
    const signingOut = await staffSignedIn(product, STAFF);
    const first = await watching(signingOut, StaffTopics.backOffice);
    try {
      expect((await signingOut.fetch('/api/admin/session', { method: 'DELETE' })).status).toBe(204);
      await expectEventually(() => expect(first.closedByServer()).toBe(true));
    } finally {
      first.socket.close();
    }
  });

  it("closes a staff member's sockets when an operator deactivates them", async () => {
    const staff = await staffSignedIn(product, STAFF);
    const second = await watching(staff, StaffTopics.backOffice);
    try {
      await query(`UPDATE admin_users SET is_active = false WHERE email = $1`, [STAFF.email]);
      await expectEventually(() => expect(second.closedByServer()).toBe(true));
    } finally {
      second.socket.close();
    }
  });

  it('refuses a session on the memory routes as soon as it ends elsewhere, though their session cache keeps answers a minute', async () => {
    const http = await signedIn(product, FAMILY.email, FAMILY.password);
    expect((await http.fetch('/api/memories')).status).toBe(200);
    // Revoked elsewhere (another device's "sign out everywhere", an operator): the row goes, the cache hears.
    await query(
      `DELETE FROM auth_sessions WHERE id = (
         SELECT s.id FROM auth_sessions s JOIN auth_users u ON u.id = s."userId" WHERE u.email = $1 ORDER BY s."createdAt" DESC LIMIT 1)`,
      [FAMILY.email],
    );
    await expectEventually(async () => expect((await http.fetch('/api/memories')).status).toBe(401), 2_000);
  });

  it("closes a session's sockets when it ended while the API's listening connection was lost", async () => {
    const ending = await signedIn(product, FAMILY.email, FAMILY.password);
    const socket = await watching(ending, PrivateTopics.memories);
    try {
      // PostgreSQL ends the API's listening connection (a restart, a proxy's cut) and, before a new one can
      // listen, the session ends (revoked elsewhere): its NOTIFY reaches no one. The API must look again.
      const [ended] = await query(
        `WITH cut AS (
           SELECT coalesce(bool_and(pg_terminate_backend(pid, 5000)), false) AS done FROM pg_stat_activity
           WHERE application_name = 'afterwards-listen' AND datname = current_database())
         DELETE FROM auth_sessions WHERE (SELECT done FROM cut) AND id = (
           SELECT s.id FROM auth_sessions s JOIN auth_users u ON u.id = s."userId" WHERE u.email = $1
           ORDER BY s."createdAt" DESC LIMIT 1)
         RETURNING id`,
        [FAMILY.email],
      );
      expect(ended).toBeDefined();
      await expectEventually(() => expect(socket.closedByServer()).toBe(true), 15_000);
    } finally {
      socket.socket.close();
    }
  });

  it('closes the sockets a session has on another API replica when it signs out on this one', async () => {
    let replica: ProductProcess | undefined;
    try {
      replica = await startApiReplica(product, 'api-2');
      const http = await signedIn(product, FAMILY.email, FAMILY.password);
      const elsewhere = await watching(http, PrivateTopics.memories, replica.url!);
      try {
        expect((await http.fetch('/api/auth/sign-out', { method: 'POST', json: {} })).status).toBe(200);
        await expectEventually(() => expect(elsewhere.closedByServer()).toBe(true));
      } finally {
        elsewhere.socket.close();
      }
    } finally {
      if (replica) await stopProcess(replica);
    }
  }, 120_000);
});
