// The fields a memory's details share between the create and edit dialogs (labels as the spec names them).
import { useCallback, useState, type ReactNode } from 'react';
import { RELATIONSHIPS } from '@afterwards/cases-domain';
import { JURISDICTIONS, isoDateIn } from '@afterwards/checklist-domain';
import { Alert, Select, TextInput } from '@afterwards/web-ui';
import type { MemoryField, MemoryForm } from './forms';

const RELATIONSHIP_OPTIONS = [{ value: '', label: 'Select relationship' }, ...RELATIONSHIPS.map((r) => ({ value: r, label: r }))];
const JURISDICTION_OPTIONS = JURISDICTIONS.map((j) => ({ value: j, label: j }));

function Required({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <span className="mem-required" aria-hidden="true">
        *
      </span>
    </>
  );
}

type FieldErrors = Partial<Record<MemoryField, string>>;

/** A memory form's values and field errors; editing a field clears its error. */
export function useMemoryForm(initial: () => MemoryForm) {
  const [form, setForm] = useState<MemoryForm>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = useCallback((field: MemoryField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  }, []);
  return { form, setForm, errors, setErrors, change };
}

export interface MemoryFieldsProps {
  form: MemoryForm;
  /** The form's own message (what failed), read out when it appears. */
  formError: string | null;
  onChange(field: MemoryField, value: string): void;
  errors: FieldErrors;
  disabled?: boolean;
  /** The edit dialog: jurisdiction is fixed once the checklist exists, and the date of birth can be set. */
  mode: 'create' | 'edit';
}

export function MemoryFields({ form, formError, onChange, errors, disabled, mode }: MemoryFieldsProps) {
  const today = isoDateIn(new Date());
  const field = (name: MemoryField) => ({
    value: form[name],
    error: errors[name],
    disabled,
    onChange: (e: { currentTarget: { value: string } }) => onChange(name, e.currentTarget.value),
  });
  return (
    <>
      <div role="alert" className="mem-form__error">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
      </div>
      <div className="mem-form-grid">
        <TextInput label={<Required>Memory Name</Required>} required autoComplete="off" maxLength={255} placeholder="e.g. Mum's affairs" {...field('name')} />
        <TextInput label={<Required>Deceased Person&apos;s Name</Required>} required autoComplete="off" maxLength={255} {...field('deceasedName')} />
        {mode === 'create' ? (
          <Select
            label={<Required>Jurisdiction</Required>}
            required
            options={JURISDICTION_OPTIONS}
            hint="Where the death is being dealt with: it decides the checklist."
            {...field('jurisdiction')}
          />
        ) : (
          <div className="aw-field">
            <span className="aw-field__label">Jurisdiction</span>
            <span className="mem-static-value">{form.jurisdiction}</span>
          </div>
        )}
        <Select label="Your Relationship" options={RELATIONSHIP_OPTIONS} {...field('relationship')} />
        <TextInput label="Date of Death" type="date" max={today} {...field('dateOfDeath')} />
        {mode === 'edit' ? <TextInput label="Date of Birth" type="date" max={form.dateOfDeath || today} {...field('dateOfBirth')} /> : null}
        <TextInput label="Place of Death" placeholder="City, Country" autoComplete="off" maxLength={255} className="mem-form-grid__wide" {...field('placeOfDeath')} />
      </div>
    </>
  );
}
