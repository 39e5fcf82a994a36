import type { AdminOrganisation } from '@afterwards/contracts';
import { emptyOrganisationForm, formErrorsOf, formValuesOf, validateOrganisationForm, type OrganisationFormValues } from './organisation-form';

const filled = (over: Partial<OrganisationFormValues> = {}): OrganisationFormValues => ({
  ...emptyOrganisationForm('2026-11-28', '  Harbour Credit Union '),
  jurisdictions: ['Ireland'],
  address: 'Member Services\n\n  Main Street \nCobh\nP24 X123',
  email: ' members@harbour-cu.example ',
  sources: [
    { title: 'When a member dies', url: 'https://harbour-cu.example/bereavement' },
    { title: '', url: '' },
  ],
  ...over,
});

describe('the organisation form', () => {
  it('makes the request: lines split and trimmed, empty fields null, empty source rows dropped, the name trimmed', () => {
    const result = validateOrganisationForm(filled());
    expect(result).toEqual({
      ok: true,
      request: expect.objectContaining({
        name: 'Harbour Credit Union',
        address: ['Member Services', 'Main Street', 'Cobh', 'P24 X123'],
        email: 'members@harbour-cu.example',
        phone: null,
        website: null,
        needs: ['A certified copy of the death certificate'],
        usualReplyDays: 21,
        sources: [{ title: 'When a member dies', url: 'https://harbour-cu.example/bereavement' }],
      }),
    });
  });

  it("says what is wrong under each field, in the contract's words", () => {
    const result = validateOrganisationForm(filled({ name: ' ', jurisdictions: [], usualReplyDays: 'three', email: 'not-an-email', sources: [{ title: 'Page', url: 'nope' }] }));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual({
      name: 'Name is required',
      jurisdictions: 'Choose at least one jurisdiction.',
      usualReplyDays: 'Enter a number of days',
      email: 'Enter a valid email address',
      'sources.0.url': expect.any(String),
    });
    expect(validateOrganisationForm(filled({ sources: [{ title: '', url: '' }] }))).toEqual({ ok: false, errors: { sources: 'Add at least one source' } });
    expect(validateOrganisationForm(filled({ usualReplyDays: '0' }))).toEqual({ ok: false, errors: { usualReplyDays: 'Use 1 day or more' } });
  });

  it('puts the server’s field errors under the same fields', () => {
    expect(formErrorsOf([{ path: 'address.2', message: 'This must be 200 characters or fewer.' }, { path: 'sources.1.title', message: 'Too long' }])).toEqual({
      address: 'This must be 200 characters or fewer.',
      'sources.1.title': 'Too long',
    });
  });

  it('fills the form from an entry and makes the same request back', () => {
    const entry: AdminOrganisation = {
      id: 'dvla',
      name: 'DVLA',
      kind: 'government',
      jurisdictions: ['England', 'Wales', 'Scotland'],
      address: ['DVLA', 'Swansea', 'SA99 1AR'],
      phone: null,
      email: null,
      website: 'https://www.gov.uk/tell-dvla-about-bereavement',
      needs: [],
      usualReplyDays: 21,
      deathNotificationService: false,
      tellUsOnce: true,
      sources: [{ title: 'GOV.UK', url: 'https://www.gov.uk/tell-dvla-about-bereavement' }],
      reviewedOn: '2026-11-28',
      status: 'Active',
      version: 3,
      createdAt: '2026-11-28T00:00:00.000Z',
      updatedAt: '2026-11-28T00:00:00.000Z',
    };
    const { id: _id, status: _s, version: _v, createdAt: _c, updatedAt: _u, ...request } = entry;
    expect(validateOrganisationForm(formValuesOf(entry))).toEqual({ ok: true, request });
  });
});
