// Add or edit an organisation: every field staff keep (name, kind, jurisdictions, the bereavement address,
// phone, e-mail and web page, what they usually need, usual reply time, the services that tell them,
// sources and review date). Checked with the contract's schema before sending; the server's field errors
// appear under the same fields; an edit over someone else's change shows what is there now.
import { useId } from 'react';
import { JURISDICTIONS, ORGANISATION_KIND_LABELS, ORGANISATION_KINDS, ORGANISATION_MESSAGES, type AdminOrganisation, type Jurisdiction, type OrganisationKind, type OrganisationRequest } from '@afterwards/contracts';
import { errorMessage, fieldErrors } from '@afterwards/web-staff';
import { Alert, Button, Select, Switch, TextArea, TextInput } from '@afterwards/web-ui';
import { StaffFormDialog, useStaffForm } from '@afterwards/web-ui/back-office';
import { failureMessage, isStale } from './api';
import { emptyOrganisationForm, formErrorsOf, formValuesOf, validateOrganisationForm, type OrganisationFormErrors, type OrganisationFormResult, type OrganisationFormValues } from './organisation-form';

const CHECK_FIELDS = 'Check the fields marked below.';
const KIND_OPTIONS = ORGANISATION_KINDS.map((k) => ({ value: k, label: ORGANISATION_KIND_LABELS[k] }));

export function OrganisationFormDialog({
  organisation: initial,
  name,
  today,
  onSave,
  onReload,
  onClose,
}: {
  /** The entry to edit, or null to add one. */
  organisation: AdminOrganisation | null;
  /** Adding one families asked for: its name to start from. */
  name?: string;
  today: string;
  /** Sends the request; throws the server's error, which the dialog shows. */
  onSave: (request: OrganisationRequest, organisation: AdminOrganisation | null) => Promise<void>;
  /** The entry as the server now holds it (after someone else changed it), or null if it is gone. */
  onReload: (id: string) => Promise<AdminOrganisation | null>;
  onClose: () => void;
}) {
  const formId = useId();
  const {
    entry: organisation,
    values,
    errors,
    problem,
    saving,
    set,
    setErrors,
    submit,
  } = useStaffForm<AdminOrganisation, OrganisationFormValues, OrganisationFormErrors, OrganisationFormResult>({
    initial,
    empty: () => emptyOrganisationForm(today, name),
    valuesOf: formValuesOf,
    invalid: { tone: 'error', text: CHECK_FIELDS },
    send: (result, organisation) => onSave(result.request, organisation),
    onSaved: onClose,
    isStale,
    reload: onReload,
    changed: ORGANISATION_MESSAGES.changed,
    notFound: () => ORGANISATION_MESSAGES.notFound,
    errorMessage,
    failed: (error) => {
      const fields = formErrorsOf(Object.entries(fieldErrors(error)).map(([path, message]) => ({ path, message })));
      return { errors: fields, text: Object.keys(fields).length ? CHECK_FIELDS : failureMessage(error) };
    },
  });
  const adding = organisation === null;

  const setSource = (index: number, part: 'title' | 'url', value: string) => {
    set(
      'sources',
      values.sources.map((s, i) => (i === index ? { ...s, [part]: value } : s)),
    );
    setErrors((e) => ({ ...e, [`sources.${index}.${part}`]: undefined, sources: undefined }));
  };
  const toggleJurisdiction = (j: Jurisdiction, on: boolean) => set('jurisdictions', on ? JURISDICTIONS.filter((x) => x === j || values.jurisdictions.includes(x)) : values.jurisdictions.filter((x) => x !== j));

  return (
    <StaffFormDialog
      legend="Organisation details"
      onClose={onClose}
      title={adding ? 'Add Organisation' : `Edit ${organisation.name}`}
      onSubmit={(e) => void submit(e, validateOrganisationForm)}
      submitLabel={adding ? 'Add Organisation' : 'Save Changes'}
      saving={saving}
      intro={<div role="alert">{problem ? <Alert tone={problem.tone}>{problem.text}</Alert> : null}</div>}
    >
      <TextInput className="aw-form__wide" label="Name" required maxLength={200} value={values.name} onChange={(e) => set('name', e.target.value)} error={errors.name} autoFocus />
      <Select label="Kind" value={values.kind} onChange={(e) => set('kind', e.target.value as OrganisationKind)} options={KIND_OPTIONS} error={errors.kind} />
      <TextInput
        label="Usual reply time, in days"
        hint="A letter not answered after this is shown to the family as waiting."
        type="number"
        inputMode="numeric"
        min={1}
        max={365}
        required
        value={values.usualReplyDays}
        onChange={(e) => set('usualReplyDays', e.target.value)}
        error={errors.usualReplyDays}
      />
      <fieldset className="aw-form__wide og-choices" aria-describedby={errors.jurisdictions ? `${formId}-j-error` : undefined}>
        <legend className="aw-field__label">Jurisdictions</legend>
        <span className="aw-field__hint">Where families can tell this organisation.</span>
        <div className="aw-cluster og-choices__row">
          {JURISDICTIONS.map((j) => (
            <label key={j} className="og-choice">
              <input type="checkbox" checked={values.jurisdictions.includes(j)} onChange={(e) => toggleJurisdiction(j, e.target.checked)} />
              {j}
            </label>
          ))}
        </div>
        {errors.jurisdictions ? (
          <span id={`${formId}-j-error`} className="aw-field__error">
            {errors.jurisdictions}
          </span>
        ) : null}
      </fieldset>
      <TextArea
        className="aw-form__wide"
        label="Bereavement team address"
        hint="One line a line; the postcode or Eircode last. Leave it empty if they only take letters through their web page."
        rows={5}
        value={values.address}
        onChange={(e) => set('address', e.target.value)}
        error={errors.address}
      />
      <TextInput label="Phone" type="tel" maxLength={40} value={values.phone} onChange={(e) => set('phone', e.target.value)} error={errors.phone} />
      <TextInput label="E-mail" type="email" hint="Only if they take bereavement letters by e-mail." value={values.email} onChange={(e) => set('email', e.target.value)} error={errors.email} />
      <TextInput className="aw-form__wide" label="Web page" type="url" hint="Their bereavement page." value={values.website} onChange={(e) => set('website', e.target.value)} error={errors.website} />
      <TextArea
        className="aw-form__wide"
        label="What they usually need"
        hint="One thing a line, e.g. A certified copy of the death certificate."
        rows={3}
        value={values.needs}
        onChange={(e) => set('needs', e.target.value)}
        error={errors.needs}
      />
      <div className="aw-form__wide aw-stack og-switches">
        <Switch
          label="Covered by Tell Us Once"
          description="GOV.UK Tell Us Once tells them, where the family uses it (England, Wales and Scotland)."
          checked={values.tellUsOnce}
          onChange={(on) => set('tellUsOnce', on)}
        />
        <Switch
          label="Takes part in the Death Notification Service"
          description="UK banks and building societies that one notification reaches."
          checked={values.deathNotificationService}
          onChange={(on) => set('deathNotificationService', on)}
        />
      </div>
      <fieldset className="aw-form__wide aw-stack og-sources">
        <legend className="aw-field__label">Sources</legend>
        <span className="aw-field__hint">The public pages these details were read from.</span>
        {values.sources.map((s, i) => (
          <div key={i} className="og-sources__row">
            <TextInput label={`Source ${i + 1} title`} value={s.title} maxLength={300} onChange={(e) => setSource(i, 'title', e.target.value)} error={errors[`sources.${i}.title`]} />
            <TextInput label={`Source ${i + 1} web address`} type="url" value={s.url} onChange={(e) => setSource(i, 'url', e.target.value)} error={errors[`sources.${i}.url`]} />
            {values.sources.length > 1 ? (
              <Button size="sm" variant="quiet" onClick={() => set('sources', values.sources.filter((_, k) => k !== i))}>
                Remove source {i + 1}
              </Button>
            ) : null}
          </div>
        ))}
        {errors.sources ? <span className="aw-field__error">{errors.sources}</span> : null}
        <Button size="sm" variant="secondary" onClick={() => set('sources', [...values.sources, { title: '', url: '' }])}>
          Add another source
        </Button>
      </fieldset>
      <TextInput label="Reviewed on" type="date" required value={values.reviewedOn} onChange={(e) => set('reviewedOn', e.target.value)} error={errors.reviewedOn} />
    </StaffFormDialog>
  );
}
