// The parts of one organisation the family keeps up to date: its account and reference numbers, where
// telling it stands (with the day, the service and its reference, or the amount settled), and notes.
// Viewers read them; each save carries the version seen, so a change made meanwhile is refused, not lost.
import { useState, type FormEvent } from 'react';
import {
  MEMORY_ORGANISATION_STATUSES,
  MEMORY_ORGANISATION_STATUS_LABELS,
  type EditMemoryOrganisationRequest,
  type MemoryOrganisation,
  type MemoryOrganisationStatus,
} from '@afterwards/contracts';
import { Button, Icon, Select, TextArea, TextInput, useToast } from '@afterwards/web-ui';
import { organisationsApi } from './organisations-api';
import { applyOrganisations, reportOrganisationError } from './organisations-store';
import { currencySymbol, filledReferences, statusFormOf, statusRequest, today, type StatusForm } from './organisations-view';
import { useEntryDraft } from './useEntryDraft';

interface EditorProps {
  memoryId: string;
  entry: MemoryOrganisation;
  canChange: boolean;
}

function useSave(memoryId: string, entry: MemoryOrganisation) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function save(body: Omit<EditMemoryOrganisationRequest, 'expectedVersion'>, done: string): Promise<boolean> {
    setBusy(true);
    try {
      applyOrganisations(await organisationsApi.edit(memoryId, entry.id, { ...body, expectedVersion: entry.version }));
      toast.success(done);
      return true;
    } catch (error) {
      reportOrganisationError(toast, error, memoryId, 'That could not be saved. Please try again.');
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, save };
}

const MAX_REFERENCES = 10;

export function ReferencesEditor({ memoryId, entry, canChange }: EditorProps) {
  const [rows, setRows, dirty] = useEntryDraft(entry.references, entry.version);
  const { busy, save } = useSave(memoryId, entry);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = `org-refs-${entry.id}`;

  if (!canChange) {
    return (
      <section aria-labelledby={headingId}>
        <h5 id={headingId} className="org-entry__sub">
          References
        </h5>
        {entry.references.length ? (
          <dl className="org-refs">
            {entry.references.map((r, i) => (
              <div key={i}>
                <dt>{r.label}</dt>
                <dd>{r.value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="aw-muted">No references yet.</p>
        )}
      </section>
    );
  }

  const change = (i: number, key: 'label' | 'value', value: string) => setRows(rows.map((r, j) => (j === i ? { ...r, [key]: value } : r)));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const references = filledReferences(rows);
    if (references.some((r) => !r.label || !r.value)) {
      setProblem('Give each reference both what it is and the number itself.');
      return;
    }
    setProblem(null);
    await save({ references }, 'References saved');
  }

  return (
    <form className="aw-stack org-refs-form" aria-labelledby={headingId} onSubmit={(e) => void submit(e)}>
      <h5 id={headingId} className="org-entry__sub">
        References
      </h5>
      <p className="aw-field__hint">Account, policy or customer numbers, kept private to the people on this memory.</p>
      {rows.map((r, i) => (
        <div key={i} className="org-ref-row">
          <TextInput label={`What it is (reference ${i + 1})`} placeholder="Account number" value={r.label} maxLength={100} onChange={(e) => change(i, 'label', e.target.value)} />
          <TextInput
            label={`Number (reference ${i + 1})`}
            value={r.value}
            maxLength={100}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => change(i, 'value', e.target.value)}
          />
          <Button size="sm" variant="quiet" onClick={() => setRows(rows.filter((_, j) => j !== i))} aria-label={`Remove reference ${i + 1}`} className="org-ref-row__remove">
            <Icon name="trash" size={16} />
          </Button>
        </div>
      ))}
      {problem ? (
        <p className="aw-field__error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="aw-cluster org-row">
        {rows.length < MAX_REFERENCES ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setRows([...rows, { label: rows.length === 0 ? 'Account number' : '', value: '' }])}
            icon={<Icon name="plus" size={16} />}
          >
            Add a reference
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={busy || !dirty}>
          Save references
        </Button>
      </div>
    </form>
  );
}

export function NotesEditor({ memoryId, entry, canChange }: EditorProps) {
  const [notes, setNotes, dirty] = useEntryDraft(entry.notes, entry.version);
  const { busy, save } = useSave(memoryId, entry);
  if (!canChange) {
    return entry.notes ? (
      <section className="aw-stack org-notes" aria-label={`Notes about ${entry.name}`}>
        <h5 className="org-entry__sub">Notes</h5>
        <p className="org-notes__text">{entry.notes}</p>
      </section>
    ) : null;
  }
  return (
    <form
      className="aw-stack org-notes"
      onSubmit={(e) => {
        e.preventDefault();
        void save({ notes }, 'Notes saved');
      }}
    >
      <TextArea label="Notes" hint="Who you spoke to, what they said, what they need next." rows={3} maxLength={5_000} value={notes} onChange={(e) => setNotes(e.target.value)} />
      <Button type="submit" size="sm" disabled={busy || !dirty}>
        Save notes
      </Button>
    </form>
  );
}

const STATUS_OPTIONS = MEMORY_ORGANISATION_STATUSES.map((s) => ({ value: s, label: MEMORY_ORGANISATION_STATUS_LABELS[s] }));
const SERVICE_OPTIONS = [
  { value: '', label: 'Choose the service' },
  { value: 'tell-us-once', label: 'Tell Us Once' },
  { value: 'death-notification-service', label: 'Death Notification Service' },
];
const DATE_LABELS: Record<MemoryOrganisationStatus, string> = {
  'to-tell': '',
  'letter-sent': 'Day the letter was sent',
  'told-by-service': 'Day the service told them',
  acknowledged: 'Day they acknowledged it',
  closed: 'Day it was closed or settled',
};

export function StatusEditor({ memoryId, entry, canChange, jurisdiction }: EditorProps & { jurisdiction: string }) {
  const [form, setForm, dirty] = useEntryDraft<StatusForm>(statusFormOf(entry), entry.version);
  const [problem, setProblem] = useState<{ field: keyof StatusForm; message: string } | null>(null);
  const { busy, save } = useSave(memoryId, entry);
  if (!canChange) return null;
  const set = <K extends keyof StatusForm>(key: K, value: StatusForm[K]) => setForm({ ...form, [key]: value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = statusRequest(form, entry.version);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    const { expectedVersion: _seen, ...body } = checked.request;
    await save(body, `${entry.name}: ${MEMORY_ORGANISATION_STATUS_LABELS[form.status].toLowerCase()}`);
  }

  const error = (field: keyof StatusForm) => (problem?.field === field ? problem.message : undefined);
  return (
    <form className="org-status" onSubmit={(e) => void submit(e)} aria-label={`Where telling ${entry.name} stands`}>
      <div className="org-status__fields">
        <Select label="Where it stands" value={form.status} options={STATUS_OPTIONS} onChange={(e) => set('status', e.target.value as MemoryOrganisationStatus)} />
        {form.status !== 'to-tell' ? <TextInput label={DATE_LABELS[form.status]} type="date" value={form.on} max={today()} onChange={(e) => set('on', e.target.value)} /> : null}
        {form.status === 'told-by-service' ? (
          <>
            <Select
              label="Which service"
              value={form.service}
              options={SERVICE_OPTIONS}
              onChange={(e) => set('service', e.target.value as StatusForm['service'])}
              error={error('service')}
            />
            <TextInput
              label="Its reference (optional)"
              value={form.serviceReference}
              maxLength={100}
              autoComplete="off"
              onChange={(e) => set('serviceReference', e.target.value)}
            />
          </>
        ) : null}
        {form.status === 'closed' ? (
          <TextInput
            label={`Amount, if money was involved (${currencySymbol(jurisdiction)})`}
            hint="A balance paid out or a bill settled. Leave empty if none."
            inputMode="decimal"
            value={form.amount}
            onChange={(e) => set('amount', e.target.value)}
            error={error('amount')}
          />
        ) : null}
      </div>
      <Button type="submit" size="sm" disabled={busy || !dirty}>
        Save where it stands
      </Button>
    </form>
  );
}
