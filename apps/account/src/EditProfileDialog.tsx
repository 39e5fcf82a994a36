// 'Edit Personal Information' (family spec sections 2 and 5): seven fields, first name required,
// date of birth null when empty, fields trimmed, double submit blocked.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ProfileSchema, type Profile, type ProfileInput } from '@afterwards/contracts';
import { Button, Dialog, TextInput, useToast } from '@afterwards/web-ui';
import { keys, RequestError, saveProfile } from './api';

type Form = Record<keyof Profile, string>;
const FIELDS: Array<keyof Profile> = ['firstName', 'lastName', 'phone', 'dateOfBirth', 'address', 'emergencyContact', 'emergencyPhone'];

function toForm(p: Profile | null): Form {
  return Object.fromEntries(FIELDS.map((k) => [k, p?.[k] ?? ''])) as Form;
}

export function EditProfileDialog({ open, profile, onClose, onSaved }: { open: boolean; profile: Profile | null; onClose: () => void; onSaved?: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const formId = useId();
  const [form, setForm] = useState<Form>(() => toForm(profile));
  const [invalid, setInvalid] = useState<keyof Profile | null>(null);
  const firstRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) {
      setForm(toForm(profile));
      setInvalid(null);
    }
  }, [open, profile]);

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
      toast.error(error instanceof RequestError && error.status !== null ? `Failed to save profile: ${error.message}` : 'An error occurred while saving your profile');
    },
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (save.isPending) return;
    const parsed = ProfileSchema.safeParse(form);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path[0] as keyof Profile;
      setInvalid(field);
      toast.error(issue.message);
      if (field === 'firstName') firstRef.current?.focus();
      return;
    }
    setInvalid(null);
    save.mutate(parsed.data);
  }

  const field = (key: keyof Profile) => ({
    name: key,
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
    disabled: save.isPending,
    'aria-invalid': invalid === key || undefined,
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      onDismiss={save.isPending ? () => undefined : onClose}
      title="Edit Personal Information"
      size="wide"
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </>
      }
    >
      <form id={formId} className="ac-form" noValidate onSubmit={onSubmit}>
        <div className="ac-form__row">
          <TextInput ref={firstRef} label="First Name *" autoComplete="given-name" required {...field('firstName')} />
          <TextInput label="Last Name" autoComplete="family-name" {...field('lastName')} />
        </div>
        <div className="ac-form__row">
          <TextInput label="Phone Number" type="tel" autoComplete="tel" {...field('phone')} />
          <TextInput label="Date of Birth" type="date" autoComplete="bday" max={new Date().toISOString().slice(0, 10)} {...field('dateOfBirth')} />
        </div>
        <TextInput label="Address" autoComplete="street-address" {...field('address')} />
        <div className="ac-form__row">
          <TextInput label="Emergency Contact" hint="Their name" autoComplete="off" {...field('emergencyContact')} />
          <TextInput label="Emergency Contact Phone" type="tel" autoComplete="off" {...field('emergencyPhone')} />
        </div>
      </form>
    </Dialog>
  );
}
