import { EMPTY_LISTING_FORM, formErrorsOf, formValuesOf, validateListingForm, type ListingFormValues } from './listing-form';
import { adminListing } from '@afterwards/directory-domain/testing';

const filled: ListingFormValues = { ...EMPTY_LISTING_FORM, name: 'Hartley & Sons', category: 'Funeral Directors', location: 'Leeds' };

describe('listing form', () => {
  it('an empty form shows the spec messages under name, category and location', () => {
    const result = validateListingForm(EMPTY_LISTING_FORM);
    expect(result).toEqual({
      ok: false,
      errors: { name: 'Business name is required', category: 'Category is required', location: 'Location is required' },
    });
  });

  it('checks the e-mail and the service radius with the spec messages', () => {
    const result = validateListingForm({ ...filled, email: 'not-an-email', serviceRadiusMiles: '51' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.email).toBe('Please enter a valid email address');
      expect(result.errors.serviceRadiusMiles).toBe('Service radius must be between 1 and 50 miles');
    }
  });

  it('a new listing with a blank radius and status leaves both to the server', () => {
    const result = validateListingForm({ ...filled, website: 'hartley.example', phone: '  ' });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.body).not.toHaveProperty('serviceRadiusMiles');
      expect(result.body).not.toHaveProperty('status');
      expect(result.body).toMatchObject({ website: 'https://hartley.example', phone: null, email: null, pricing: null });
    }
  });

  it('an existing listing round-trips through the form', () => {
    const result = validateListingForm(formValuesOf(adminListing({ serviceRadiusMiles: 12, status: 'Suspended' })));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.body).toMatchObject({ serviceRadiusMiles: 12, status: 'Suspended', name: 'Hartley & Sons Funeral Directors' });
  });

  it('keeps server field errors for the form fields only', () => {
    expect(formErrorsOf({ name: 'Taken', 'serviceRadiusMiles': 'Too far', expectedVersion: 'stale' })).toEqual({ name: 'Taken', serviceRadiusMiles: 'Too far' });
  });
});
