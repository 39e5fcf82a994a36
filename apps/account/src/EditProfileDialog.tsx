// 'Edit Personal Information': seven fields, first name required,
// date of birth null when empty, fields trimmed, double submit blocked. The rules are the API's own
// (the shared ProfileSchema): each field says what is wrong as soon as it is left, and a form with a
// mistake is never sent.
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EARLIEST_DATE_OF_BIRTH, latestDateOfBirth, PROFILE_LIMITS, ProfileSchema, type Profile, type ProfileInput } from '@afterwards/contracts';
import { FormDialog, TextInput, useToast } from '@afterwards/web-ui';
import { ApiError } from '@afterwards/web-data';
import { keys, saveProfile } from './api';

type Field = keyof Profile;
type Form = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;
const FIELDS: Field[] = ['firstName', 'lastName', 'phone', 'dateOfBirth', 'address', 'emergencyContact', 'emergencyPhone'];

function toForm(p: Profile | null): Form {
  return Object.fromEntries(FIELDS.map((k) => [k, p?.[k] ?? ''])) as Form;
}

const isField = (path: unknown): path is Field => typeof path === 'string' && (FIELDS as string[]).includes(path);

/** The first message per field, in the form's order. */
function errorsOf(issues: ReadonlyArray<{ path: PropertyKey | readonly PropertyKey[] | string; message: string }>): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const key = Array.isArray(issue.path) ? issue.path[0] : issue.path;
    if (isField(key)) errors[key] ??= issue.message;
  }
  return errors;
}

/** What the shared schema says about one field's value (undefined when it is fine). */
function fieldError(key: Field, value: string): string | undefined {
  const result = ProfileSchema.shape[key].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export function EditProfileDialog({ open, profile, onClose, onSaved }: { open: boolean; profile: Profile | null; onClose: () => void; onSaved?: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(() => toForm(profile));
  const [errors, setErrors] = useState<Errors>({});
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  useEffect(() => {
    if (open) {
      setForm(toForm(profile));
      setErrors({});
    }
  }, [open, profile]);

  const showErrors = (found: Errors) => {
    setErrors(found);
    const first = FIELDS.find((k) => found[k]);
    if (first) inputs.current[first]?.focus();
  };

  const save = useMutation({
    mutationFn: (input: ProfileInput) => saveProfile(input),
    onSuccess: (saved, input) => {
      queryClient.setQueryData(keys.profile, saved ?? ProfileSchema.parse(input));
      void queryClient.invalidateQueries({ queryKey: keys.session });
      toast.success('Personal information updated successfully!');
      onSaved?.();
      onClose();
    },
    onError: (error) => {
      // The server's own field errors (e.g. a date the device's clock thought was past) go by their fields.
      if (error instanceof ApiError) showErrors(errorsOf(error.errors));
      toast.error(error instanceof ApiError && !error.isNetworkError ? `Failed to save profile: ${error.message}` : 'An error occurred while saving your profile');
    },
  });

  function onSubmit() {
    if (save.isPending) return;
    const parsed = ProfileSchema.safeParse(form);
    if (!parsed.success) {
      showErrors(errorsOf(parsed.error.issues));
      toast.error(parsed.error.issues[0]!.message);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }

  const field = (key: Field) => ({
    name: key,
    value: form[key],
    ref: (el: HTMLInputElement | null) => {
      inputs.current[key] = el;
    },
    // A field already marked wrong is re-checked as it is corrected; others wait until they are left.
    onChange: (e: { target: { value: string } }) => {
      const value = e.target.value;
      setForm((f) => ({ ...f, [key]: value }));
      if (errors[key]) setErrors((all) => ({ ...all, [key]: fieldError(key, value) }));
    },
    onBlur: () => setErrors((all) => ({ ...all, [key]: fieldError(key, form[key]) })),
    disabled: save.isPending,
    error: errors[key],
    ...(key in PROFILE_LIMITS ? { maxLength: PROFILE_LIMITS[key as keyof typeof PROFILE_LIMITS] } : {}),
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Edit Personal Information"
      size="wide"
      onSubmit={onSubmit}
      submitLabel="Save Changes"
      busy={save.isPending}
      busyLabel="Saving..."
      formClassName="ac-form"
    >
        <div className="ac-form__row">
          <TextInput label="First Name *" autoComplete="given-name" required {...field('firstName')} />
          <TextInput label="Last Name" autoComplete="family-name" {...field('lastName')} />
        </div>
        <div className="ac-form__row">
          <TextInput label="Phone Number" type="tel" autoComplete="tel" {...field('phone')} />
          <TextInput label="Date of Birth" type="date" autoComplete="bday" min={EARLIEST_DATE_OF_BIRTH} max={latestDateOfBirth()} {...field('dateOfBirth')} />
        </div>
        <TextInput label="Address" autoComplete="street-address" {...field('address')} />
        <div className="ac-form__row">
          <TextInput label="Emergency Contact" hint="Their name" autoComplete="off" {...field('emergencyContact')} />
          <TextInput label="Emergency Contact Phone" type="tel" autoComplete="off" {...field('emergencyPhone')} />
        </div>
    </FormDialog>
  );
}
