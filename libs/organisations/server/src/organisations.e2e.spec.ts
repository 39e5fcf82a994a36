import {
  AdminOrganisationListSchema,
  AdminOrganisationSchema,
  AuditLogResponseSchema,
  ORGANISATION_MESSAGES,
  OrganisationSearchResponseSchema,
  StreamHistorySchema,
  StreamStateSchema,
  type OrganisationRequest,
} from '@afterwards/contracts';
import { expectEventually } from '@afterwards/persistence/testing';
import { HttpSession, newFamilySession, newStaffSession, useProduct, type RunningProduct } from '@afterwards/testing';

const ADMIN = { email: 'orla.directory@afterwards.example', name: 'Orla Byrne', password: 'harbour-lights-2043' };
const AUDITOR = { email: 'owen.directory@afterwards.example', name: 'Owen Price', password: 'harbour-lights-2044' };
const FAMILY = { email: 'fran.directory@example.test', password: 'quiet-harbour-43' };

const CREDIT_UNION: OrganisationRequest = {
  name: 'Harbour Credit Union',
  kind: 'bank',
  jurisdictions: ['Ireland'],
  address: ['Member Services', 'Harbour Credit Union', 'Main Street', 'Cobh', 'P24 X123'],
  phone: '021 481 0000',
  email: 'members@harbour-cu.example',
  website: 'https://harbour-cu.example/bereavement',
  needs: ['A copy of the death certificate', 'The grant of probate where the balance is large'],
  usualReplyDays: 14,
  deathNotificationService: false,
  tellUsOnce: false,
  sources: [{ title: 'Harbour Credit Union: when a member dies', url: 'https://harbour-cu.example/bereavement' }],
  reviewedOn: '2026-11-20',
};

/** The organisation directory over HTTP: who may use which route, the starting set, staff changes and their trail. */
describe('the organisation directory over HTTP', () => {
  let product: RunningProduct;
  let admin: HttpSession;
  let auditor: HttpSession;
  let family: HttpSession;
  let anonymous: HttpSession;

  useProduct({ profile: 'services', seedCount: 0 }, async (started) => {
    product = started;
    admin = await newStaffSession(product, ADMIN);
    auditor = await newStaffSession(product, AUDITOR, { role: 'auditor' });
    family = await newFamilySession(product, FAMILY);
    anonymous = new HttpSession(product.url);
  });

  const search = async (q: string, jurisdiction = '') =>
    OrganisationSearchResponseSchema.parse((await family.json(`/api/organisations?q=${encodeURIComponent(q)}${jurisdiction ? `&jurisdiction=${encodeURIComponent(jurisdiction)}` : ''}`)).body)
      .organisations.map((o) => o.name);
  const list = async (session: HttpSession, query = '') => AdminOrganisationListSchema.parse((await session.json(`/api/admin/organisations${query}`)).body);

  it('lets families search and staff keep the directory, and nobody else', async () => {
    expect((await anonymous.json('/api/organisations?q=dvla')).status).toBe(401);
    expect((await anonymous.json('/api/admin/organisations')).status).toBe(401);
    expect((await family.json('/api/admin/organisations')).status).toBe(403);
    expect((await family.json('/api/admin/organisations', { method: 'POST', json: CREDIT_UNION })).status).toBe(403);
    expect((await auditor.json('/api/admin/organisations')).status).toBe(200);
    const refused = await auditor.json<{ code: string }>('/api/admin/organisations', { method: 'POST', json: CREDIT_UNION });
    expect([refused.status, refused.body.code]).toEqual([403, 'ADMIN_READ_ONLY']);
    expect((await family.json('/api/organisations?jurisdiction=Atlantis')).status).toBe(400);
  });

  it("ships the starting set, found as a family types 'Nationwide', 'DVLA', 'Octopus Energy'", async () => {
    await expectEventually(async () => expect(await search('Nationwide')).toEqual(['Nationwide Building Society']));
    expect(await search('DVLA')).toEqual(['Driver and Vehicle Licensing Agency (DVLA)']);
    expect(await search('Octopus Energy')).toEqual(['Octopus Energy']);
    expect(await search('octo')).toEqual(['Octopus Energy']);
    // Only what works where the person lived.
    expect(await search('DVLA', 'Ireland')).toEqual([]);
    expect(await search('Bank of Ireland', 'Ireland')).toEqual(['Bank of Ireland']);
    const dvla = (await list(admin, '?q=dvla')).organisations[0]!;
    expect(dvla).toMatchObject({ id: 'dvla', status: 'Active', kind: 'government', tellUsOnce: true });
  });

  it('adds, edits (refusing a stale version), retires and restores an entry, with the audit log and history', async () => {
    const invalid = await admin.json<{ code: string; errors: { path: string; message: string }[] }>('/api/admin/organisations', { method: 'POST', json: { ...CREDIT_UNION, name: ' ', sources: [] } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual(expect.arrayContaining([{ path: 'name', message: 'Name is required' }, { path: 'sources', message: 'Add at least one source' }]));

    const added = await admin.json('/api/admin/organisations', { method: 'POST', json: CREDIT_UNION });
    expect(added.status).toBe(201);
    const entry = AdminOrganisationSchema.parse(added.body);
    expect(entry).toMatchObject({ ...CREDIT_UNION, status: 'Active', version: 0 });
    expect(await search('harbour cred', 'Ireland')).toEqual(['Harbour Credit Union']);

    const edited = AdminOrganisationSchema.parse((await admin.json(`/api/admin/organisations/${entry.id}`, { method: 'PUT', json: { ...CREDIT_UNION, usualReplyDays: 28, expectedVersion: 0 } })).body);
    expect(edited).toMatchObject({ usualReplyDays: 28, version: 1 });
    const stale = await admin.json<{ code: string; detail: string }>(`/api/admin/organisations/${entry.id}`, { method: 'PUT', json: { ...CREDIT_UNION, phone: null, expectedVersion: 0 } });
    expect([stale.status, stale.body.code, stale.body.detail]).toEqual([409, 'ORGANISATION_CHANGED', ORGANISATION_MESSAGES.changed]);

    const retired = AdminOrganisationSchema.parse((await admin.json(`/api/admin/organisations/${entry.id}/retire`, { method: 'POST', json: { expectedVersion: 1 } })).body);
    expect(retired).toMatchObject({ status: 'Retired', version: 2 });
    expect(await search('harbour')).toEqual([]);
    const editRetired = await admin.json<{ code: string }>(`/api/admin/organisations/${entry.id}`, { method: 'PUT', json: { ...CREDIT_UNION, expectedVersion: 2 } });
    expect([editRetired.status, editRetired.body.code]).toEqual([409, 'ORGANISATION_RETIRED']);
    expect((await list(admin, '?status=Retired')).organisations.map((o) => o.name)).toEqual(['Harbour Credit Union']);
    expect((await admin.json(`/api/admin/organisations/${entry.id}/restore`, { method: 'POST', json: { expectedVersion: 2 } })).status).toBe(200);
    expect(await search('harbour')).toEqual(['Harbour Credit Union']);
    expect((await admin.json('/api/admin/organisations/no-such-entry/retire', { method: 'POST', json: { expectedVersion: 0 } })).status).toBe(404);

    const audit = AuditLogResponseSchema.parse((await admin.json('/api/admin/audit-log?tableName=organisations')).body);
    const mine = audit.entries.filter((e) => e.recordId === entry.id);
    expect(mine.map((e) => e.action).sort()).toEqual(['organisation_created', 'organisation_restored', 'organisation_retired', 'organisation_updated']);
    expect(mine.every((e) => e.recordName === 'Harbour Credit Union' && e.admin?.name === ADMIN.name)).toBe(true);
    expect(mine.find((e) => e.action === 'organisation_updated')).toMatchObject({ oldValues: { usualReplyDays: 14 }, newValues: { usualReplyDays: 28 } });

    const history = StreamHistorySchema.parse((await auditor.json(`/api/admin/history/streams/organisation-${entry.id}`)).body);
    expect(history.events.map((e) => e.type)).toEqual(['OrganisationAdded', 'OrganisationChanged', 'OrganisationRetired', 'OrganisationRestored']);
    // The state at each version is the domain's own fold: the change, then the retirement.
    const stateAt = async (version: number) => StreamStateSchema.parse((await auditor.json(`/api/admin/history/streams/organisation-${entry.id}/state?version=${version}`)).body);
    expect((await stateAt(2)).state).toMatchObject({ status: 'Active', details: { usualReplyDays: 28, name: 'Harbour Credit Union' } });
    expect((await stateAt(2)).changes).toEqual([expect.objectContaining({ path: 'details.usualReplyDays', change: 'changed' })]);
    expect((await stateAt(3)).state).toMatchObject({ status: 'Retired' });
    const found = (await auditor.json<{ streams: { streamId: string; title: string }[] }>('/api/admin/history/streams?q=harbour')).body.streams;
    expect(found).toEqual([expect.objectContaining({ streamId: `organisation-${entry.id}`, title: 'Harbour Credit Union' })]);
  });
});
