// Sharing a memory (its owner only): invite someone by e-mail as an editor or a viewer, see who has access,
// change a role, remove a person, and cancel an invitation still waiting for a reply.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { InviteToMemoryRequestSchema, MEMBER_ROLE_HINTS, MEMBER_ROLES, MEMORY_ROLE_LABELS, type MemberRole, type MemorySharing, type MemorySummary } from '@afterwards/contracts';
import { Alert, Button, Dialog, Icon, InlineLoading, Select, TextInput, useToast } from '@afterwards/web-ui';
import { api, errorMessage } from '../api';
import { memoriesStore, useCloseAllModals } from '../store';

const ROLE_OPTIONS = MEMBER_ROLES.map((r) => ({ value: r, label: MEMORY_ROLE_LABELS[r] }));
const dayMonth = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long' });

export function ShareMemoryDialog({ memory, onClose }: { memory: MemorySummary; onClose: () => void }) {
  const toast = useToast();
  const [sharing, setSharing] = useState<MemorySharing | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('editor');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  /** The person whose Remove was pressed: the row asks to confirm before anything changes. */
  const [confirmingRemove, setConfirmingRemove] = useState<string | null>(null);
  const peopleHeading = useId();
  const waitingHeading = useId();
  const roleHint = useId();
  useCloseAllModals(() => {
    if (!busy) onClose();
  });

  useEffect(() => {
    let live = true;
    api.sharing(memory.id).then(
      (answer) => live && setSharing(answer),
      (error: unknown) => live && setLoadError(errorMessage(error)),
    );
    return () => {
      live = false;
    };
  }, [memory.id]);

  /** Runs a change; its answer is the new sharing state, and the memory refetches for its people list. */
  async function change(work: () => Promise<MemorySharing | void>, done: string): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    try {
      const next = await work();
      setSharing(next ?? (await api.sharing(memory.id)));
      void memoriesStore.refreshMemory(memory.id).catch(() => undefined);
      toast.success(done);
      return true;
    } catch (error) {
      toast.error(errorMessage(error));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function invite(e: FormEvent) {
    e.preventDefault();
    const parsed = InviteToMemoryRequestSchema.safeParse({ email, role });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message);
      return;
    }
    if (busy) return;
    setBusy(true);
    try {
      setSharing(await api.invite(memory.id, parsed.data));
      toast.success(`Invitation sent to ${parsed.data.email}`);
      setEmail('');
    } catch (error) {
      setEmailError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const members = sharing?.people.filter((p) => p.role !== 'owner') ?? [];
  return (
    <Dialog open onClose={onClose} title={`Share ${memory.name}`} closeLabel="Done" size="wide" className="mem-share">
      <p className="aw-muted">
        Invite family or friends to help. Editors can tick off tasks, collect and upload documents and write notes. Viewers can see everything and download files. Only you can
        change the memory's details, share it or delete it.
      </p>
      <form className="mem-share__form" onSubmit={(e) => void invite(e)} noValidate>
        <TextInput
          label="Email address"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            setEmailError(undefined);
          }}
          error={emailError}
          disabled={busy}
        />
        <Select
          label="What they can do"
          aria-describedby={roleHint}
          value={role}
          options={ROLE_OPTIONS}
          onChange={(e) => setRole(e.currentTarget.value as MemberRole)}
          disabled={busy}
        />
        <Button type="submit" disabled={busy} icon={<Icon name="mail" size={16} />}>
          {busy ? 'Sending...' : 'Send invitation'}
        </Button>
        <p id={roleHint} className="aw-muted mem-share__hint">
          {MEMORY_ROLE_LABELS[role]}: {MEMBER_ROLE_HINTS[role].toLowerCase()}.
        </p>
      </form>

      {loadError ? <Alert tone="error">{loadError}</Alert> : null}
      {!sharing && !loadError ? <InlineLoading>Loading who can see this memory...</InlineLoading> : null}
      {sharing ? (
        <>
          <section aria-labelledby={peopleHeading} className="mem-share__section">
            <h3 id={peopleHeading} className="mem-share__heading">
              People with access
            </h3>
            <ul className="mem-share__list">
              {sharing.people.map((person) => (
                <li key={person.id} className="aw-split mem-share__person">
                  <span className="aw-stack mem-share__who">
                    <strong>{person.name || person.email}</strong>
                    <span className="aw-muted">{person.email}</span>
                  </span>
                  {person.role === 'owner' ? (
                    <span className="mem-share__role">Owner (you)</span>
                  ) : (
                    <span className="aw-row mem-share__actions">
                      <Select
                        label={`Role for ${person.name || person.email}`}
                        hideLabel
                        value={person.role}
                        options={ROLE_OPTIONS}
                        disabled={busy}
                        onChange={(e) => {
                          const next = e.currentTarget.value as MemberRole;
                          void change(() => api.changeMemberRole(memory.id, person.id, next), `${person.name || person.email} is now ${MEMORY_ROLE_LABELS[next].toLowerCase()}`);
                        }}
                      />
                      <Button
                        variant="quiet"
                        size="sm"
                        disabled={busy || confirmingRemove === person.id}
                        aria-label={`Remove ${person.name || person.email}`}
                        aria-expanded={confirmingRemove === person.id}
                        onClick={() => setConfirmingRemove(person.id)}
                      >
                        Remove
                      </Button>
                    </span>
                  )}
                  {confirmingRemove === person.id ? (
                    <ConfirmRemove
                      name={person.name || person.email}
                      busy={busy}
                      onKeep={() => setConfirmingRemove(null)}
                      onRemove={async () => {
                        if (await change(() => api.removeMember(memory.id, person.id), `${person.name || person.email} no longer has access`)) setConfirmingRemove(null);
                      }}
                    />
                  ) : null}
                </li>
              ))}
            </ul>
            {members.length === 0 ? <p className="aw-muted">Only you can see this memory.</p> : null}
          </section>
          {sharing.invitations.length > 0 ? (
            <section aria-labelledby={waitingHeading} className="mem-share__section">
              <h3 id={waitingHeading} className="mem-share__heading">
                Waiting for a reply
              </h3>
              <ul className="mem-share__list">
                {sharing.invitations.map((invitation) => (
                  <li key={invitation.id} className="aw-split mem-share__person">
                    <span className="aw-stack mem-share__who">
                      <strong>{invitation.email}</strong>
                      <span className="aw-muted">
                        {MEMORY_ROLE_LABELS[invitation.role]} · link works until {dayMonth(invitation.expiresAt)}
                      </span>
                    </span>
                    <Button
                      variant="quiet"
                      size="sm"
                      disabled={busy}
                      aria-label={`Cancel invitation to ${invitation.email}`}
                      onClick={() => void change(() => api.cancelInvitation(memory.id, invitation.id), `Invitation to ${invitation.email} cancelled`)}
                    >
                      Cancel invitation
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : null}
    </Dialog>
  );
}

/**
 * Remove asks first, in the person's row: what it means for them, then a button that says whom it removes.
 * Focus moves to the question's buttons; Keep (or Escape) takes it back to the row's Remove.
 */
function ConfirmRemove({ name, busy, onKeep, onRemove }: { name: string; busy: boolean; onKeep(): void; onRemove(): Promise<void> }) {
  const question = useId();
  const box = useRef<HTMLDivElement>(null);
  // Keep first: Enter pressed once more by habit changes nothing.
  useEffect(() => box.current?.querySelector<HTMLButtonElement>('button')?.focus(), []);
  function cancel() {
    const row = box.current?.closest('li');
    onKeep();
    // Back to the button that asked.
    requestAnimationFrame(() => row?.querySelector<HTMLButtonElement>('button[aria-expanded]')?.focus());
  }
  return (
    <div
      ref={box}
      className="aw-split mem-share__confirm"
      role="group"
      aria-labelledby={question}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          e.preventDefault();
          cancel();
        }
      }}
    >
      <p id={question} className="mem-share__confirm-text">
        Remove {name} from this memory? They will no longer see it, and we will let them know by e-mail.
      </p>
      <span className="aw-row mem-share__actions">
        <Button variant="secondary" size="sm" disabled={busy} onClick={cancel}>
          Keep {name}
        </Button>
        <Button variant="danger" size="sm" disabled={busy} onClick={() => void onRemove()}>
          {busy ? 'Removing...' : `Yes, remove ${name}`}
        </Button>
      </span>
    </div>
  );
}
