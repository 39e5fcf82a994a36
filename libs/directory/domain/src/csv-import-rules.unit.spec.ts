import { checkCsvRow, csvRowIdentity, missingHeaders, normaliseHeader } from './csv-import-rules';

const defaults = { serviceRadiusMiles: 5, status: 'Pending Review' as const };
const good = {
  name: 'Hope & Sons Funeral Directors',
  category: 'Funeral Directors',
  location: 'Leeds',
  address: '1 Park Row, Leeds LS1 5HN',
  phone: '0113 496 0000',
  email: 'info@hope.example',
  website: 'www.hope.example',
  description: 'Family funeral directors.',
  pricing: 'From £1,950',
  service_radius: '10',
  status: 'Active',
};

describe('CSV header', () => {
  it('finds every missing required header, in the spec order, whatever the case, spaces or byte-order mark', () => {
    expect(missingHeaders(['\uFEFFName', 'Category', 'Location', 'Address', 'Phone', 'Email', 'Website', 'Description', 'Pricing', 'Service Radius', 'STATUS'])).toEqual([]);
    expect(missingHeaders(['name', 'category', 'address'])).toEqual(['location', 'phone', 'email', 'website', 'description', 'pricing', 'service_radius', 'status']);
    expect(normaliseHeader(' Serves surrounding-areas ')).toBe('serves_surrounding_areas');
  });
});

describe('CSV row rules', () => {
  it('accepts a complete row, normalising the category, status and website', () => {
    const result = checkCsvRow({ ...good, category: 'funeral directors', status: 'active' }, 2, defaults);
    expect(result).toEqual({
      ok: true,
      status: 'Active',
      details: expect.objectContaining({ name: 'Hope & Sons Funeral Directors', category: 'Funeral Directors', website: 'https://www.hope.example', serviceRadiusMiles: 10, servesSurroundingAreas: false }),
    });
  });

  it('takes the radius and status from Settings when a row leaves them empty', () => {
    const result = checkCsvRow({ ...good, service_radius: '', status: '' }, 2, { serviceRadiusMiles: 7, status: 'Active' });
    expect(result).toMatchObject({ ok: true, status: 'Active', details: { serviceRadiusMiles: 7 } });
  });

  it('lists every broken rule of a row with its number, in the spec words', () => {
    const result = checkCsvRow({ ...good, name: ' ', location: '', category: 'Florists', email: 'not-an-email', website: 'hope.example', service_radius: '60', status: 'Suspended' }, 11, defaults);
    expect(result).toEqual({
      ok: false,
      errors: [
        'Row 11: name is required',
        'Row 11: location is required',
        'Row 11: category "Florists" is not one of the directory\'s categories',
        'Row 11: email "not-an-email" is not a valid email address',
        'Row 11: website must begin with http://, https:// or www.',
        'Row 11: service_radius must be a whole number of miles between 1 and 50',
        'Row 11: status "Suspended" must be Active, Pending Review or Inactive',
      ],
    });
  });

  it("applies the business form's limits too", () => {
    expect(checkCsvRow({ ...good, name: 'x'.repeat(201) }, 4, defaults)).toEqual({ ok: false, errors: ['Row 4: name: Business name must be 200 characters or fewer'] });
  });

  it('names a row the same whatever the case or spacing of its text, so an upload again is recognised', () => {
    const a = checkCsvRow(good, 2, defaults);
    const b = checkCsvRow({ ...good, name: ` ${good.name.toUpperCase()} `, location: 'leeds' }, 9, defaults);
    const c = checkCsvRow({ ...good, phone: '0113 496 0001' }, 3, defaults);
    if (!a.ok || !b.ok || !c.ok) throw new Error('rows should pass');
    expect(csvRowIdentity(a.details, a.status)).toBe(csvRowIdentity(b.details, b.status));
    expect(csvRowIdentity(a.details, a.status)).not.toBe(csvRowIdentity(c.details, c.status));
  });
});
