// Add/Edit Business: the twelve fields, checked with the shared schema
// before sending, the server's field errors under the same fields, and a stale edit (409) reloaded.
import {
  LISTING_ADMIN_MESSAGES,
  LISTING_CATEGORIES,
  LISTING_STATUSES,
  MAX_SERVICE_RADIUS_MILES,
  MIN_SERVICE_RADIUS_MILES,
  type AdminListing,
  type AdminListingForm,
} from '@afterwards/contracts';
import { ApiError, errorMessage, fieldErrors, formatDateTime } from '@afterwards/web-staff';
import { Alert, Select, Switch, TextArea, TextInput } from '@afterwards/web-ui';
import { StaffFormDialog, useStaffForm } from '@afterwards/web-ui/back-office';
import { EMPTY_LISTING_FORM, formErrorsOf, formValuesOf, validateListingForm, type ListingFormErrors, type ListingFormResult, type ListingFormValues } from './listing-form';
import { reasonOf } from './listing-view';
import { listingsApi } from './api';

export const LISTING_CHANGED_MESSAGE =
  'Someone else changed this business while you were editing. The form now shows the latest details: check them and save again.';

export type SaveListing = (input: { form: AdminListingForm; body: Record<string, unknown>; listing: AdminListing | null }) => Promise<void>;

export function ListingFormDialog({
  listing: initial,
  readOnly,
  onSave,
  onClose,
}: {
  /** The listing to edit, or null to add one. */
  listing: AdminListing | null;
  readOnly: boolean;
  /** Sends the form; throws the server's error, which the dialog shows. */
  onSave: SaveListing;
  onClose: () => void;
}) {
  const {
    entry: listing,
    values,
    errors,
    problem,
    saving,
    set,
    submit,
  } = useStaffForm<AdminListing, ListingFormValues, ListingFormErrors, ListingFormResult>({
    initial,
    empty: () => EMPTY_LISTING_FORM,
    valuesOf: formValuesOf,
    send: (result, listing) => onSave({ form: result.form, body: result.body, listing }),
    onSaved: onClose,
    isStale: (error) => error instanceof ApiError && error.code === 'LISTING_CHANGED',
    reload: (id) => listingsApi.get(id),
    changed: LISTING_CHANGED_MESSAGE,
    errorMessage,
    failed: (error) => {
      const fields = formErrorsOf(fieldErrors(error));
      return { errors: fields, text: Object.keys(fields).length ? LISTING_ADMIN_MESSAGES.saveFailed : `${LISTING_ADMIN_MESSAGES.saveFailed} ${errorMessage(error)}` };
    },
  });

  const reason = listing ? reasonOf(listing) : null;
  const title = readOnly ? 'Business details' : listing ? 'Edit Business' : 'Add New Business';

  return (
    <StaffFormDialog
      legend="Business details"
      onClose={onClose}
      title={title}
      readOnly={readOnly}
      onSubmit={(e) => void submit(e, readOnly ? null : validateListingForm)}
      submitLabel={listing ? 'Save Changes' : 'Add Business'}
      saving={saving}
      intro={
        <>
          {readOnly ? <p className="aw-readonly">Read-only access</p> : null}
          <div role="alert">{problem ? <Alert tone={problem.tone}>{problem.text}</Alert> : null}</div>
          {reason ? (
            <p className="lb-reason">
              <strong>{reason.label}:</strong> {reason.text}
            </p>
          ) : null}
        </>
      }
      after={
        listing ? (
          <p className="aw-muted aw-small">
            Added {formatDateTime(listing.createdAt)} · last changed {formatDateTime(listing.updatedAt)}
            {listing.source ? ` · source: ${listing.source}` : ''}
          </p>
        ) : null
      }
    >
      <TextInput label="Business name" required value={values.name} onChange={(e) => set('name', e.target.value)} error={errors.name} maxLength={200} autoFocus />
      <Select
        label="Category"
        required
        value={values.category}
        onChange={(e) => set('category', e.target.value as ListingFormValues['category'])}
        error={errors.category}
        options={[{ value: '', label: 'Choose a category' }, ...LISTING_CATEGORIES.map((c) => ({ value: c, label: c }))]}
      />
      <TextInput label="Location" hint="Town or area, e.g. Leeds" required value={values.location} onChange={(e) => set('location', e.target.value)} error={errors.location} maxLength={200} />
      <TextInput label="Address" value={values.address} onChange={(e) => set('address', e.target.value)} error={errors.address} maxLength={300} autoComplete="off" />
      <TextInput label="Phone" type="tel" value={values.phone} onChange={(e) => set('phone', e.target.value)} error={errors.phone} maxLength={40} autoComplete="off" />
      <TextInput label="Email" type="email" value={values.email} onChange={(e) => set('email', e.target.value)} error={errors.email} maxLength={254} autoComplete="off" />
      <TextInput
        label="Website"
        hint="https:// is added if missing."
        type="url"
        inputMode="url"
        value={values.website}
        onChange={(e) => set('website', e.target.value)}
        error={errors.website}
        maxLength={300}
        autoComplete="off"
      />
      <TextInput label="Pricing" hint="e.g. From £1,500" value={values.pricing} onChange={(e) => set('pricing', e.target.value)} error={errors.pricing} maxLength={200} />
      <TextInput
        label="Service radius (miles)"
        hint={listing ? `Whole miles, ${MIN_SERVICE_RADIUS_MILES} to ${MAX_SERVICE_RADIUS_MILES}.` : 'Whole miles, 1 to 50. Leave blank for the default in Settings.'}
        type="number"
        inputMode="numeric"
        min={MIN_SERVICE_RADIUS_MILES}
        max={MAX_SERVICE_RADIUS_MILES}
        step={1}
        value={values.serviceRadiusMiles}
        onChange={(e) => set('serviceRadiusMiles', e.target.value)}
        error={errors.serviceRadiusMiles}
      />
      <Select
        label="Status"
        value={values.status}
        onChange={(e) => set('status', e.target.value as ListingFormValues['status'])}
        error={errors.status}
        options={[...(listing ? [] : [{ value: '', label: 'Default (Pending Review unless auto-approve is on)' }]), ...LISTING_STATUSES.map((s) => ({ value: s, label: s }))]}
      />
      <div className="aw-form__wide">
        <TextArea label="Description" value={values.description} onChange={(e) => set('description', e.target.value)} error={errors.description} maxLength={2000} rows={4} />
      </div>
      <div className="aw-form__wide">
        <Switch
          label="Serves surrounding areas"
          description="Shown to families searching near, not only in, this location."
          checked={values.servesSurroundingAreas}
          onChange={readOnly ? undefined : (on) => set('servesSurroundingAreas', on)}
          locked={readOnly}
          lockedText={values.servesSurroundingAreas ? 'On' : 'Off'}
        />
        {errors.servesSurroundingAreas ? <span className="aw-field__error">{errors.servesSurroundingAreas}</span> : null}
      </div>
    </StaffFormDialog>
  );
}
