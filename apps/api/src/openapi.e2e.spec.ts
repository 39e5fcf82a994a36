import { CSV_CONTENT_TYPE, CSV_IMPORTS_PATH, CsvImportSchema, FILE_NAME_HEADER } from '@afterwards/contracts';
import { HttpSession, newStaffSession, openApiCheck, useProduct, type RunningProduct } from '@afterwards/testing';

const STAFF = { email: 'oona.docs@afterwards.example', name: 'Oona Docs', password: 'the-document-is-true-2026' };

/**
 * Issue 39 item 10: the served OpenAPI document is what the API does. Every HttpSession call of the e2e
 * tier is checked against it (libs/testing/src/openapi-check.ts); these are the three routes a probe
 * found out of step, called as a client reading the document would call them.
 */
describe('the OpenAPI document is true', () => {
  let product: RunningProduct;
  let staff: HttpSession;

  useProduct({ profile: 'embedded', seedCount: 20 }, async (started) => {
    product = started;
    staff = await newStaffSession(product, STAFF);
  });

  it('takes a CSV upload as text/csv, the type it documents', async () => {
    const csv = 'name,category,location,address,phone,email,website,description,pricing,service_radius,status\r\nDocs Funeral Care,Funeral Directors,York,1 High Street,01904 555000,office@docs.example,www.docs.example,Caring.,From £900,10,Active\r\n';
    const res = await staff.fetch(CSV_IMPORTS_PATH, { method: 'POST', headers: { 'content-type': `${CSV_CONTENT_TYPE}; charset=utf-8`, [FILE_NAME_HEADER]: 'docs.csv' }, body: csv });
    expect(res.status).toBe(201);
    expect(CsvImportSchema.parse(await res.json())).toMatchObject({ totalRows: 1, validRows: 1 });
  });

  it('answers the promotable businesses in the documented shape', async () => {
    const res = await staff.json<{ businesses: unknown[] }>('/api/admin/promotions/businesses');
    expect(res.status).toBe(200);
    expect(res.body.businesses.length).toBeGreaterThan(0);
  });

  it('answers the checklist preview without fields its schema forbids', async () => {
    const res = await new HttpSession(product.url).json<{ tasks: Record<string, unknown>[] }>('/api/checklist/preview?jurisdiction=scotland');
    expect(res.status).toBe(200);
    expect(res.body.tasks[0]).not.toHaveProperty('taskName');
  });

  it('catches an answer the document does not allow', async () => {
    const check = await openApiCheck(product.url);
    const url = new URL('/api/checklist/preview', product.url);
    const request = { method: 'GET', url, contentType: undefined, hasBody: false };
    const answer = (body: unknown, status = 200, contentType = 'application/json; charset=utf-8') => check.mismatches(request, { status, contentType, body: JSON.stringify(body) });
    const good = (await new HttpSession(product.url).json('/api/checklist/preview')).body;
    expect(answer(good)).toEqual([]);
    expect(answer({ ...good, extra: 1 })).toEqual([expect.stringContaining('must NOT have additional properties (extra)')]);
    expect(answer(good, 201)).toEqual([expect.stringContaining('as application/json; the document says application/problem+json')]);
    expect(check.mismatches({ ...request, url: new URL('/api/nowhere', product.url) }, { status: 200, contentType: 'application/json', body: '{}' })).toEqual([
      'GET /api/nowhere answered 200 but is not in the OpenAPI document',
    ]);
  });
});
