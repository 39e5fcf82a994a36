import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import {
  ACCOUNT_DELETION_PHRASE,
  MemoryOrganisationsResponseSchema,
  MissingOrganisationsSchema,
  PrivateTopics,
  ProblemDetailsSchema,
  REALTIME_PATH,
  RealtimeEvents,
  type MemoryDetail,
  type MemoryOrganisationsResponse,
  type ReadModelChanged,
} from '@afterwards/contracts';
import { pdfPages } from '@afterwards/organisations-domain/testing';
import { connectDatabase, HttpSession, latestMail, mailsFor, signedIn, signUpVerified, staffSignedIn, startProduct, useProduct, type RunningProduct } from '@afterwards/testing';
import { downloadEverything } from '@afterwards/testing/memories';

/** A memory's organisations over HTTP, against the built product on PostgreSQL and Redis. */
describe("a memory's organisations over HTTP", () => {
  let product: RunningProduct;
  let db: pg.Client;
  let ann: HttpSession; // owner
  let bob: HttpSession; // editor
  let cara: HttpSession; // viewer
  let dan: HttpSession; // not on the memory
  let staff: HttpSession;
  let memoryId: string;
  let dansMemoryId: string;
  const password = 'quiet-harbour-47';
  const emails = { bob: 'bob.organisations@example.test', cara: 'cara.organisations@example.test' };
  // Marks that must never be stored or logged in the clear, and must be gone after Delete Forever.
  const ACCOUNT = '40-47-84 93817265';
  const NOTE = 'Quillfeather savings pot';
  const TUO = 'TUO-55218837';

  beforeAll(async () => {
    product = await startProduct({ profile: 'services', seedCount: 0 });
    db = await connectDatabase(product);
    const person = async (email: string) => {
      await signUpVerified(product, { email, password });
      return signedIn(product, email, password);
    };
    [ann, bob, cara, dan] = await Promise.all([person('ann.organisations@example.test'), person(emails.bob), person(emails.cara), person('dan.organisations@example.test')]);
    const opened = await ann.json<MemoryDetail>('/api/memories', {
      method: 'POST',
      json: { name: 'Dad', deceasedName: 'Arthur Quillfeather', jurisdiction: 'England', dateOfDeath: '2026-10-20', dateOfBirth: '1941-03-02' },
    });
    expect(opened.status).toBe(201);
    memoryId = opened.body.memory.id;
    const STAFF = { email: 'orla.figures@afterwards.example', name: 'Orla Byrne', password: 'harbour-lights-2043' };
    product.tool('create-admin', '--email', STAFF.email, '--name', STAFF.name, '--password', STAFF.password);
    staff = await staffSignedIn(product, STAFF);
    for (const [who, email, role] of [[bob, emails.bob, 'editor'], [cara, emails.cara, 'viewer']] as const) {
      const seen = mailsFor(product.outboxDir, email).filter((m) => m.kind === 'memory-invitation').length;
      expect((await ann.json(`/api/memories/${memoryId}/invitations`, { method: 'POST', json: { email, role } })).status).toBe(201);
      const invitation = await latestMail(product.outboxDir, email, { kind: 'memory-invitation', skip: seen });
      const token = new URL(invitation.links[0]!).searchParams.get('token')!;
      expect((await who.json(`/api/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' })).status).toBe(200);
    }
  }, 240_000);
  afterAll(async () => {
    await db?.end();
    await product?.stop();
  });

  const url = (suffix = '') => `/api/memories/${memoryId}/organisations${suffix}`;
  async function ok(res: Promise<{ status: number; body: unknown }>, status = 200): Promise<MemoryOrganisationsResponse> {
    const { status: got, body } = await res;
    expect({ got, body }).toMatchObject({ got: status });
    return MemoryOrganisationsResponseSchema.parse(body);
  }
  /** Every row of every table, as text: where a plain reference must never be. */
  async function everything(): Promise<string> {
    const tables = await db.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'");
    const dumps = await Promise.all(tables.rows.map((t) => db.query(`SELECT t::text AS row FROM "${t.table_name}" t`)));
    return dumps.flatMap((d) => d.rows.map((r) => String(r.row))).join('\n');
  }
  function filesUnder(dir: string): string {
    if (!fs.existsSync(dir)) return '';
    return fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => fs.readFileSync(path.join(e.parentPath, e.name)).toString('latin1'))
      .join('\n');
  }

  it('starts with the starting list for England, and makes it from the answers', async () => {
    const first = await ok(ann.json(url()));
    expect(first).toMatchObject({ memoryId, organisations: [], answers: { drove: null, passport: null } });
    expect(first.startingList.national.map((n) => n.organisationId)).toContain('hmrc');
    expect(first.startingList.services.find((s) => s.key === 'tell-us-once')?.available).toBe(true);

    const answered = await ok(ann.json(url('/answers'), { method: 'PUT', json: { drove: true, passport: true, pensionOrBenefits: false, home: 'owned', employed: false } }));
    expect(answered.answers).toMatchObject({ drove: true, home: 'owned' });
    expect(answered.startingList.national.map((n) => n.organisationId)).toContain('dvla');
  });

  it('adds a bank from the directory and one of their own, and refuses one without a name', async () => {
    const withBank = await ok(ann.json(url(), { method: 'POST', json: { organisationId: 'nationwide' } }), 201);
    const bank = withBank.organisations.find((o) => o.organisationId === 'nationwide')!;
    expect(bank).toMatchObject({ name: 'Nationwide Building Society', kind: 'building-society', status: 'to-tell', references: [], waiting: false, version: 1 });
    expect(bank.address.length).toBeGreaterThan(0);

    const again = await ann.json(url(), { method: 'POST', json: { organisationId: 'nationwide' } });
    expect(again.status).toBe(409);
    expect(ProblemDetailsSchema.parse(again.body).code).toBe('MEMORY_ORGANISATION_ALREADY_ADDED');

    const own = await ok(ann.json(url(), { method: 'POST', json: { organisationId: null, name: 'Hollybush Bowls Club', kind: 'subscription', address: ['1 Green Lane', 'Ashby', 'LE65 1AA'] } }), 201);
    expect(own.organisations.find((o) => o.organisationId === null)).toMatchObject({ name: 'Hollybush Bowls Club', usualReplyDays: 21 });

    const nameless = await ann.json(url(), { method: 'POST', json: { organisationId: null, kind: 'other' } });
    expect(nameless.status).toBe(400);
    expect(ProblemDetailsSchema.parse(nameless.body).errors).toEqual([{ path: 'name', message: 'Please give the organisation a name.' }]);
  });

  it('keeps references and notes sealed: readable through the route, never in the events, the rows or the logs', async () => {
    const list = await ok(ann.json(url()));
    const bank = list.organisations.find((o) => o.organisationId === 'nationwide')!;
    const edited = await ok(ann.json(url(`/${bank.id}`), { method: 'PATCH', json: { references: [{ label: 'Account number', value: ACCOUNT }], notes: NOTE, expectedVersion: bank.version } }));
    expect(edited.organisations.find((o) => o.id === bank.id)).toMatchObject({ references: [{ label: 'Account number', value: ACCOUNT }], notes: NOTE, version: 2 });

    const stale = await ann.json(url(`/${bank.id}`), { method: 'PATCH', json: { notes: 'older form', expectedVersion: bank.version } });
    expect(stale.status).toBe(409);
    expect(ProblemDetailsSchema.parse(stale.body)).toMatchObject({ code: 'MEMORY_ORGANISATION_CHANGED' });

    const stored = await everything();
    expect(stored).toContain('Nationwide Building Society'); // the scan sees the list
    for (const secret of [ACCOUNT, NOTE]) expect(stored).not.toContain(secret);
    const events = await db.query<{ type: string; data: unknown }>('SELECT type, data FROM events WHERE stream_id = $1 ORDER BY revision', [`memory-organisations-${memoryId}`]);
    expect(events.rows.map((e) => e.type)).toContain('MemoryOrganisationEdited');
    expect(JSON.stringify(events.rows)).not.toContain('93817265');
    expect(product.logs()).not.toContain('93817265');
    // Staff reviewing the event log see that a memory's list changed, never what it holds.
    const log = await staff.json<{ events: { streamId: string; data: unknown; redacted: boolean; ip: string | null }[] }>('/api/admin/history/events');
    const ours = log.body.events.filter((e) => e.streamId === `memory-organisations-${memoryId}`);
    expect(ours.length).toBeGreaterThan(0);
    for (const event of ours) expect(event).toMatchObject({ data: null, redacted: true, ip: null });
    expect((await staff.json(`/api/admin/history/streams/memory-organisations-${memoryId}`)).status).toBe(404);
  });

  it('lets an editor change it, a viewer read it, and nobody else find it; everyone on it hears of a change live', async () => {
    const sockets: Socket[] = [];
    try {
      const connect = (http: HttpSession) =>
        new Promise<Socket>((resolve, reject) => {
          const socket = io(product.url, { path: REALTIME_PATH, transports: ['websocket'], extraHeaders: { cookie: http.cookieHeader(), origin: product.url } });
          sockets.push(socket);
          socket.on('connect', () => resolve(socket));
          socket.on('connect_error', reject);
        });
      const annSocket = await connect(ann);
      expect(await annSocket.emitWithAck(RealtimeEvents.subscribe, PrivateTopics.memories)).toEqual({ ok: true });
      const heard = new Promise<ReadModelChanged>((resolve) => annSocket.on(RealtimeEvents.readModelChanged, (m: ReadModelChanged) => resolve(m)));

      const bank = (await ok(bob.json(url()))).organisations.find((o) => o.organisationId === 'nationwide')!;
      const sent = await ok(bob.json(url(`/${bank.id}`), { method: 'PATCH', json: { status: 'letter-sent', statusOn: '2026-10-28' } }));
      expect(sent.organisations.find((o) => o.id === bank.id)).toMatchObject({ status: 'letter-sent', dates: { sentOn: '2026-10-28' }, waiting: true });
      expect(await heard).toMatchObject({ topic: PrivateTopics.memories, ids: [memoryId] });

      const read = await ok(cara.json(url()));
      expect(read.organisations.find((o) => o.id === bank.id)?.references).toEqual([{ label: 'Account number', value: ACCOUNT }]);
      const refused = await cara.json(url(`/${bank.id}`), { method: 'PATCH', json: { status: 'acknowledged' } });
      expect(refused.status).toBe(403);
      expect(ProblemDetailsSchema.parse(refused.body).code).toBe('CASE_READ_ONLY');
      expect((await cara.json(url(), { method: 'POST', json: { organisationId: 'hmrc' } })).status).toBe(403);

      for (const attempt of [dan.json(url()), dan.json(url(`/${bank.id}`), { method: 'PATCH', json: { status: 'closed' } }), dan.json(url('/answers'), { method: 'PUT', json: {} })]) {
        const res = await attempt;
        expect(res.status).toBe(404);
        expect(ProblemDetailsSchema.parse(res.body).code).toBe('CASE_NOT_FOUND');
      }

      const acknowledged = await ok(bob.json(url(`/${bank.id}`), { method: 'PATCH', json: { status: 'acknowledged' } }));
      expect(acknowledged.organisations.find((o) => o.id === bank.id)).toMatchObject({ status: 'acknowledged', waiting: false, dates: { sentOn: '2026-10-28' } });
      const told = await ok(bob.json(url(), { method: 'POST', json: { organisationId: 'dvla' } }), 201);
      const dvla = told.organisations.find((o) => o.organisationId === 'dvla')!;
      const viaService = await ok(bob.json(url(`/${dvla.id}`), { method: 'PATCH', json: { status: 'told-by-service', service: 'tell-us-once', serviceReference: TUO } }));
      expect(viaService.organisations.find((o) => o.id === dvla.id)).toMatchObject({ status: 'told-by-service', service: 'tell-us-once', serviceReference: TUO });
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  });

  it("makes the letter as a PDF holding the person's name, dates, last address, the reference and the bereavement address", async () => {
    expect((await ann.json('/api/profile', { method: 'PUT', json: { firstName: 'Ann', lastName: 'Quillfeather', address: '3 Heron Close\nLeicester\nLE2 3AB' } })).status).toBe(200);
    const withAddress = await ok(ann.json(url('/last-address'), { method: 'PUT', json: { lastAddress: ['12 Larch Row', 'Market Harborough', 'LE16 7PQ'] } }));
    expect(withAddress.lastAddress).toEqual(['12 Larch Row', 'Market Harborough', 'LE16 7PQ']);
    expect(await everything()).not.toContain('Larch Row');

    const bank = withAddress.organisations.find((o) => o.organisationId === 'nationwide')!;
    const res = await cara.fetch(url(`/${bank.id}/letter.pdf`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = (await pdfPages(new Uint8Array(await res.arrayBuffer()))).join('\n');
    for (const expected of ['Arthur Quillfeather', '2 March 1941', '20 October 2026', '12 Larch Row', '93817265', bank.address.at(-1)!]) expect(text).toContain(expected);
    expect((await dan.fetch(url(`/${bank.id}/letter.pdf`))).status).toBe(404);

    // 'Letters for all to tell': only those not yet sent (the bank's letter went; the bowls club's has not).
    const pack = await ann.fetch(url('/letters.pdf'));
    expect(pack.headers.get('content-type')).toBe('application/pdf');
    const packText = (await pdfPages(new Uint8Array(await pack.arrayBuffer()))).join('\n');
    expect(packText).toContain('Hollybush Bowls Club');
    expect(packText).toContain('3 Heron Close');
    expect(packText).not.toContain('93817265');
  });

  it("counts for staff the names families add that the directory lacks, given on two memories or more, and nothing else", async () => {
    const dans = await dan.json<MemoryDetail>('/api/memories', { method: 'POST', json: { name: 'Gran', deceasedName: 'Edith Marsh', jurisdiction: 'Wales' } });
    dansMemoryId = dans.body.memory.id;
    const add = (json: Record<string, unknown>) => ok(dan.json(`/api/memories/${dansMemoryId}/organisations`, { method: 'POST', json: { organisationId: null, kind: 'other', ...json } }), 201);
    await add({ name: '  hollybush   BOWLS club ' });
    await add({ name: 'Larkspur Lettings' }); // one family's only: never shown
    await add({ name: 'Nationwide Building Society' }); // the directory has it
    const figures = async () => MissingOrganisationsSchema.parse((await staff.json('/api/admin/organisations/missing')).body).names;
    expect(await figures()).toEqual([{ name: expect.stringMatching(/^hollybush bowls club$/i), count: 2 }]);
    expect((await dan.json('/api/admin/organisations/missing')).status).not.toBe(200);
  });

  it("erases the organisations of every memory a person owns when they delete their account", async () => {
    const dvlaOfDan = await ok(dan.json(`/api/memories/${dansMemoryId}/organisations`, { method: 'POST', json: { organisationId: 'dvla' } }), 201);
    const entry = dvlaOfDan.organisations.find((o) => o.organisationId === 'dvla')!;
    await ok(dan.json(`/api/memories/${dansMemoryId}/organisations/${entry.id}`, { method: 'PATCH', json: { references: [{ label: 'Driving licence number', value: 'MARSH712094EM9AB' }] } }));
    expect((await db.query('SELECT 1 FROM memory_organisations_keys WHERE case_id = $1', [dansMemoryId])).rowCount).toBe(1);

    expect((await dan.json('/api/account', { method: 'DELETE', json: { confirmation: ACCOUNT_DELETION_PHRASE, password } })).status).toBe(204);
    for (const table of ['memory_organisations', 'memory_organisations_lists', 'memory_organisations_keys']) {
      expect((await db.query(`SELECT count(*)::int AS n FROM ${table} WHERE case_id = $1`, [dansMemoryId])).rows[0]).toEqual({ n: 0 });
    }
    const events = await db.query<{ type: string }>('SELECT type FROM events WHERE stream_id = $1', [`memory-organisations-${dansMemoryId}`]);
    expect(events.rows.map((e) => e.type)).toEqual(['MemoryOrganisationsErased']);
    expect(await everything()).not.toContain('Larkspur Lettings');
  });

  it('removes an organisation', async () => {
    const dvla = (await ok(ann.json(url()))).organisations.find((o) => o.organisationId === 'dvla')!;
    const after = await ok(ann.json(url(`/${dvla.id}`), { method: 'DELETE' }));
    expect(after.organisations.map((o) => o.id)).not.toContain(dvla.id);
    expect((await ann.json(url(`/${dvla.id}`), { method: 'DELETE' })).status).toBe(200); // already gone: nothing to do
  });

  it('leaves no reference anywhere after Delete Forever: tables, events, files and logs', async () => {
    expect((await ann.fetch(`/api/memories/${memoryId}`, { method: 'DELETE' })).status).toBe(204);
    const left = await everything();
    for (const secret of [ACCOUNT, NOTE, TUO, '93817265', 'Hollybush Bowls Club', 'Larch Row']) expect(left).not.toContain(secret);
    for (const table of ['memory_organisations', 'memory_organisations_lists', 'memory_organisations_keys']) {
      expect((await db.query(`SELECT count(*)::int AS n FROM ${table} WHERE case_id = $1`, [memoryId])).rows[0]).toEqual({ n: 0 });
    }
    // Only a tombstone remains of the list: the memory's id and when.
    const events = await db.query<{ type: string; data: unknown }>('SELECT type, data FROM events WHERE stream_id = $1', [`memory-organisations-${memoryId}`]);
    expect(events.rows.map((e) => e.type)).toEqual(['MemoryOrganisationsErased']);
    expect(Object.keys(events.rows[0]!.data as object).sort()).toEqual(['caseId', 'erasedAt']);
    expect(filesUnder(product.dataDir)).not.toContain('93817265');
    expect(product.logs()).not.toContain('93817265');
    expect((await bob.json(url())).status).toBe(404);
    // The names went with the memories (Dan's with his account): none is given on two memories now.
    expect(MissingOrganisationsSchema.parse((await staff.json('/api/admin/organisations/missing')).body).names).toEqual([]);
  });
});

/** The embedded profile (`npm start`): the memory's download holds its organisations' statuses and letters. */
describe("a memory's organisations in 'Download everything' (embedded profile)", () => {
  let product: RunningProduct;
  useProduct({ profile: 'embedded', seedCount: 0 }, (started) => (product = started));

  it('adds the statuses as CSV and each letter as a PDF, and keeps the reference out of every file on disk', async () => {
    const email = 'erin.organisations@example.test';
    const password = 'quiet-harbour-47';
    await signUpVerified(product, { email, password });
    const http = await signedIn(product, email, password);
    const opened = await http.json<MemoryDetail>('/api/memories', { method: 'POST', json: { name: 'Mum', deceasedName: 'Rhiannon Tegid', jurisdiction: 'Wales', dateOfDeath: '2026-11-01' } });
    const id = opened.body.memory.id;
    const added = MemoryOrganisationsResponseSchema.parse((await http.json(`/api/memories/${id}/organisations`, { method: 'POST', json: { organisationId: 'nationwide' } })).body);
    const entry = added.organisations[0]!;
    const edited = await http.json(`/api/memories/${id}/organisations/${entry.id}`, { method: 'PATCH', json: { references: [{ label: 'Account number', value: '77120958' }], status: 'letter-sent', statusOn: '2026-11-10' } });
    expect(edited.status).toBe(200);

    const { zip } = await downloadEverything(http, id);
    const csv = await zip.file('organisations/statuses.csv')!.async('string');
    expect(csv).toContain('Nationwide Building Society,Building society,Yes,Letter sent,2026-11-10');
    expect(csv).toContain('Account number: 77120958');
    const letter = await zip.file('organisations/letters/letter-nationwide-building-society.pdf')!.async('uint8array');
    expect((await pdfPages(letter)).join('\n')).toContain('77120958');

    // Sealed in the database, the zip encrypted in the file store: no file on disk holds the number.
    const onDisk = fs
      .readdirSync(product.dataDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .some((e) => fs.readFileSync(path.join(e.parentPath, e.name)).includes('77120958'));
    expect(onDisk).toBe(false);
    expect(product.logs()).not.toContain('77120958');
  });
});
