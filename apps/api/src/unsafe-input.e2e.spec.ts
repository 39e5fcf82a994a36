import { DOCUMENT_TITLE_HEADER, FILE_NAME_HEADER, ProblemDetailsSchema, UPLOAD_CONTENT_TYPE } from '@afterwards/contracts';
import { HttpSession, newFamilySession, newStaffSession, useProduct, type RunningProduct } from '@afterwards/testing';

const FAMILY = { email: 'nia.nul@example.test', password: 'quiet-harbour-91' };
const ADMIN = { email: 'nuala.nul@example.test', name: 'Nuala Nul', password: 'quiet-harbour-93' };
const PDF = '%PDF-1.4\n1 0 obj << >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

/** Input that used to crash a request (500) is a 400 problem detail everywhere. */
describe('unstorable or malformed input answers 400, never 500 (services profile)', () => {
  let product: RunningProduct;
  let family: HttpSession;
  let memoryId: string;
  let admin: HttpSession;

  useProduct({ profile: 'services', seedCount: 0 }, async (started) => {
    product = started;
    family = await newFamilySession(product, FAMILY);
    const created = await family.json<{ memory: { id: string } }>('/api/memories', { method: 'POST', json: { name: 'Mum', deceasedName: 'Ann Lee', jurisdiction: 'England' } });
    expect(created.status).toBe(201);
    memoryId = created.body.memory.id;
    admin = await newStaffSession(product, ADMIN);
  });

  const expectProblem400 = (res: { status: number; body: unknown }, label: string) => {
    expect([label, res.status]).toEqual([label, 400]);
    expect(ProblemDetailsSchema.safeParse(res.body).success).toBe(true);
  };

  it.each([
    ['a NUL', 'Mum\u0000'],
    ['a lone surrogate', 'Mum \uD83D'],
  ])('refuses %s in a memory, a note and the profile', async (_what, text) => {
    expectProblem400(await family.json('/api/memories', { method: 'POST', json: { name: text, deceasedName: 'Ann Lee', jurisdiction: 'England' } }), 'memory');
    expectProblem400(await family.json(`/api/memories/${memoryId}/notes`, { method: 'POST', json: { title: 'Call', content: text } }), 'note');
    expectProblem400(await family.json('/api/profile', { method: 'PUT', json: { firstName: text } }), 'profile');
  });

  it('refuses them in sign-in, tokens and account updates too', async () => {
    const anonymous = new HttpSession(product.url);
    expectProblem400(await anonymous.json('/api/auth/sign-in/email', { method: 'POST', json: { email: 'nia\u0000@example.test', password: 'x-password-1' } }), 'sign-in e-mail');
    expectProblem400(await anonymous.json('/api/auth/verify-email?token=abc%00def'), 'verification token');
    expectProblem400(await family.json('/api/auth/update-user', { method: 'POST', json: { name: null } }), 'update-user name null');
    expectProblem400(await family.json('/api/auth/update-user', { method: 'POST', json: { name: 'Nia\u0000' } }), 'update-user NUL');
    const long = `${'a'.repeat(3_000)}@example.test`;
    expectProblem400(await anonymous.json('/api/auth/sign-up/email', { method: 'POST', json: { email: long, password: 'quiet-harbour-92', name: '' } }), 'sign-up 3,000-character e-mail');
  });

  /** The answer as a problem detail with its status and code, whatever its body. */
  const problemOf = async (res: Response) => {
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    const parsed = ProblemDetailsSchema.safeParse(body);
    return { status: res.status, json: /json/.test(res.headers.get('content-type') ?? ''), code: parsed.success ? parsed.data.code : `not a problem: ${text.slice(0, 80)}` };
  };

  it.each([
    ['a NUL', 'a%00b', 'UNSAFE_TEXT'],
    ['bytes that are not UTF-8', '%ED%A0%80', 'MALFORMED_URL'],
    ['a broken escape', '%ZZ', 'MALFORMED_URL'],
  ])('refuses %s in a path parameter with a 400 problem detail, on every kind of route', async (_what, bad, code) => {
    const notes = (await family.json<{ notes: { id: string }[] }>(`/api/memories/${memoryId}/notes`, { method: 'POST', json: { title: 'Bank', content: 'Call.' } })).body.notes;
    const routes: [string, string, unknown?][] = [
      ['PATCH', `/api/memories/${bad}`, { name: 'Mum' }],
      ['GET', `/api/memories/${bad}`],
      ['DELETE', `/api/memories/${memoryId}/notes/${bad}`],
      ['DELETE', `/api/memories/${bad}/photo`],
      ['DELETE', `/api/memories/${memoryId}/tasks/${bad}/settlement`],
      ['DELETE', `/api/memories/${memoryId}/documents/${bad}/settlement`],
      ['DELETE', `/api/memories/${memoryId}/additional-documents/${bad}`],
      ['PUT', `/api/memories/${memoryId}/notes/${bad}`, { title: 'Bank', content: 'Call.' }],
    ];
    for (const [method, path, json] of routes) {
      const res = await family.fetch(path, { method, ...(json ? { json } : {}) });
      expect([method, path, await problemOf(res)]).toEqual([method, path, { status: 400, json: true, code }]);
    }
    const staff = await problemOf(await admin.fetch(`/api/admin/history/correlation/${bad}`));
    expect(['staff correlation', staff]).toEqual(['staff correlation', { status: 400, json: true, code }]);
    // Nothing was removed on the way: the notes are still there.
    expect((await family.json<{ notes: unknown[] }>(`/api/memories/${memoryId}`)).body.notes).toHaveLength(notes.length);
  });

  it('refuses a NUL in a URI-encoded text header (document title, file name) with a 400 problem detail, storing nothing', async () => {
    for (const [header, value] of [
      [DOCUMENT_TITLE_HEADER, 'Will%00copy'],
      [FILE_NAME_HEADER, 'will%00.pdf'],
    ] as const) {
      const res = await family.fetch(`/api/memories/${memoryId}/additional-documents`, {
        method: 'POST',
        headers: { 'content-type': UPLOAD_CONTENT_TYPE, [FILE_NAME_HEADER]: 'will.pdf', [header]: value },
        body: PDF,
      });
      expect([header, value, await problemOf(res)]).toEqual([header, value, { status: 400, json: true, code: 'UNSAFE_TEXT' }]);
    }
    expect((await family.json<{ additionalDocuments?: unknown[] }>(`/api/memories/${memoryId}`)).body.additionalDocuments ?? []).toEqual([]);
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('answers the docs asset %s with a 404 problem detail', async (name) => {
    expect(await problemOf(await fetch(`${product.url}/api/docs/assets/${name}`))).toEqual({ status: 404, json: true, code: 'NOT_FOUND' });
  });

  /**
   * The family's request by plain fetch (HttpSession tries again after a dropped connection, which would hide
   * one): its status and problem code, or "no answer" and why.
   */
  const answerTo = async (path: string, init: RequestInit): Promise<string> => {
    try {
      const headers = { cookie: family.cookieHeader(), origin: product.url, ...(init.headers as Record<string, string>) };
      const { status, code } = await problemOf(await fetch(`${product.url}${path}`, { ...init, headers, signal: AbortSignal.timeout(20_000) }));
      return `${status} ${code}`;
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return `no answer (${cause?.code ?? cause?.message ?? String(error)})`;
    }
  };

  // A refusal given before the body is read (Fastify's body limit, an upload of the wrong type or size) must reach
  // the client: closing with the body unread resets the connection, and fetch or a browser mid-upload then sees
  // no answer at all. Many times over, because a reset loses the race only sometimes (25 of 200 oversize JSON
  // bodies in a row against the built API, before).
  it('answers a JSON body over the limit with its 413 problem detail every time, and a broken one with 400', async () => {
    const json = { 'content-type': 'application/json' };
    const oversize = `{"name":"${'a'.repeat(2 * 1024 * 1024)}"}`;
    const answers = new Set<string>();
    for (let i = 0; i < 40; i += 1) answers.add(await answerTo(`/api/memories/${memoryId}`, { method: 'PATCH', headers: json, body: oversize }));
    expect([...answers]).toEqual(['413 BODY_TOO_LARGE']);
    expect(await answerTo(`/api/memories/${memoryId}`, { method: 'PATCH', headers: json, body: '{"name":' })).toBe('400 INVALID_JSON');
    expect((await family.json<{ memory: { name: string } }>(`/api/memories/${memoryId}`)).body.memory.name).toBe('Mum');
  });

  it('answers an upload refused part-way (not a PDF, or over 5 MB without saying so) with its problem detail every time', async () => {
    const notPdf = new Uint8Array(4 * 1024 * 1024).fill(0x41);
    const oversize = new Uint8Array(6 * 1024 * 1024).fill(0x41);
    oversize.set(new TextEncoder().encode(PDF.slice(0, 9)));
    const headers = { 'content-type': UPLOAD_CONTENT_TYPE, [FILE_NAME_HEADER]: 'will.pdf', [DOCUMENT_TITLE_HEADER]: 'Will' };
    const answers = new Set<string>();
    for (let i = 0; i < 10; i += 1) {
      answers.add(`not a PDF: ${await answerTo(`/api/memories/${memoryId}/additional-documents`, { method: 'POST', headers, body: notPdf })}`);
      // Chunked, so the length is found out only while reading.
      const chunked = { method: 'POST', headers, body: new Blob([oversize]).stream(), duplex: 'half' } as RequestInit;
      answers.add(`over 5 MB, chunked: ${await answerTo(`/api/memories/${memoryId}/additional-documents`, chunked)}`);
    }
    expect([...answers].sort()).toEqual(['not a PDF: 415 FILE_TYPE_NOT_ALLOWED', 'over 5 MB, chunked: 413 FILE_TOO_LARGE']);
    expect((await family.json<{ additionalDocuments?: unknown[] }>(`/api/memories/${memoryId}`)).body.additionalDocuments ?? []).toEqual([]);
  }, 120_000);

  it('answers an oversize query with a 431 problem detail, whether the API or Node itself refuses it', async () => {
    // Over the API's limit (8 KB), and over Node's own limit on a request's head (16 KB), which Node refuses before express.
    for (const [length, code] of [
      [10_000, 'URL_TOO_LONG'],
      [40_000, 'HEADERS_TOO_LARGE'],
    ] as const) {
      const res = await fetch(`${product.url}/api/directory/listings?location=${'a'.repeat(length)}`);
      expect([length, await problemOf(res)]).toEqual([length, { status: 431, json: true, code }]);
    }
    // The API is still up and answers a request of ordinary size.
    expect((await fetch(`${product.url}/api/directory/listings?location=Leeds`)).status).toBe(200);
  });
});
