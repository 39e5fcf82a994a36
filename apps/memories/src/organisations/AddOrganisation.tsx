// Adding to the memory's list: from the directory (search as you type), or one of the family's own with
// its name, kind, address and e-mail.
import { useState, type FormEvent } from 'react';
import { ORGANISATION_KINDS, ORGANISATION_KIND_LABELS, type Organisation, type OrganisationKind } from '@afterwards/contracts';
import { Button, Card, FormDialog, Icon, Select, TextArea, TextInput, useToast } from '@afterwards/web-ui';
import { fieldErrors } from '@afterwards/web-data';
import { organisationsApi } from './organisations-api';
import { applyOrganisations, reportOrganisationError } from './organisations-store';
import { EMPTY_OWN, ownOrganisationRequest, type OwnOrganisationForm } from './organisations-view';
import { DirectorySearch } from './DirectorySearch';

const KIND_OPTIONS = ORGANISATION_KINDS.map((k) => ({ value: k, label: ORGANISATION_KIND_LABELS[k] }));

export interface AddOrganisationProps {
  memoryId: string;
  jurisdiction: string;
  added: ReadonlySet<string>;
}

export function AddOrganisation({ memoryId, jurisdiction, added }: AddOrganisationProps) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [ownOpen, setOwnOpen] = useState(false);

  async function addFromDirectory(o: Organisation) {
    setBusy(true);
    try {
      applyOrganisations(await organisationsApi.add(memoryId, { organisationId: o.id }));
      toast.success(`${o.name} is on your list`);
    } catch (error) {
      reportOrganisationError(toast, error, memoryId, `${o.name} could not be added. Please try again.`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card as="section" className="org-add" aria-labelledby="org-add-title">
      <h3 id="org-add-title">Add an organisation</h3>
      <DirectorySearch jurisdiction={jurisdiction} added={added} onChoose={(o) => void addFromDirectory(o)} disabled={busy} />
      <p className="aw-cluster org-add__own">
        <span className="aw-muted">Not in the directory?</span>{' '}
        <Button variant="secondary" size="sm" onClick={() => setOwnOpen(true)} icon={<Icon name="plus" size={16} />} aria-haspopup="dialog">
          Add one of your own
        </Button>
      </p>
      {ownOpen ? <OwnOrganisationDialog memoryId={memoryId} onClose={() => setOwnOpen(false)} /> : null}
    </Card>
  );
}

function OwnOrganisationDialog({ memoryId, onClose }: { memoryId: string; onClose(): void }) {
  const toast = useToast();
  const [form, setForm] = useState<OwnOrganisationForm>(EMPTY_OWN);
  const [errors, setErrors] = useState<Partial<Record<keyof OwnOrganisationForm, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof OwnOrganisationForm>(key: K, value: OwnOrganisationForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = ownOrganisationRequest(form);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      applyOrganisations(await organisationsApi.add(memoryId, checked.request));
      toast.success(`${checked.request.name} is on your list`);
      onClose();
    } catch (error) {
      setErrors(fieldErrors(error));
      reportOrganisationError(toast, error, memoryId, 'It could not be added. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog open onClose={onClose} title="Add one of your own" onSubmit={(e) => void submit(e)} submitLabel="Add to the list" busy={busy} busyLabel="Adding...">
      <div className="aw-stack org-form">
        <TextInput label="Name" value={form.name} onChange={(e) => set('name', e.target.value)} error={errors.name} maxLength={200} autoComplete="off" required />
        <Select label="Kind" value={form.kind} options={KIND_OPTIONS} onChange={(e) => set('kind', e.target.value as OrganisationKind)} error={errors.kind} />
        <TextArea
          label="Postal address (optional)"
          hint="One line each, the postcode last. The letter is addressed here."
          rows={4}
          value={form.address}
          onChange={(e) => set('address', e.target.value)}
          error={errors.address}
        />
        <TextInput
          label="E-mail (optional)"
          hint="Where they take letters by e-mail."
          type="email"
          value={form.email}
          onChange={(e) => set('email', e.target.value)}
          error={errors.email}
          maxLength={254}
          autoComplete="off"
        />
      </div>
    </FormDialog>
  );
}
