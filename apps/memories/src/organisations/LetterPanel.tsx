// One organisation's letter: the text to read, the family's own edit of it (kept with the entry), the PDF
// the server makes from what is saved, and an e-mail version where the organisation takes e-mail.
import { useState } from 'react';
import type { MemoryOrganisation, MemorySummary, PostalAddress } from '@afterwards/contracts';
import { letterEmail, letterPlainText } from '@afterwards/organisations-domain';
import { Button, ButtonLink, Icon, TextArea, useToast } from '@afterwards/web-ui';
import { organisationsApi } from './organisations-api';
import { applyOrganisations, reportOrganisationError } from './organisations-store';
import { letterDetailsOf, mailtoLink } from './organisations-view';
import { useEntryDraft } from './useEntryDraft';

export interface LetterPanelProps {
  memoryId: string;
  entry: MemoryOrganisation;
  canChange: boolean;
  memory: Pick<MemorySummary, 'deceasedName' | 'dateOfBirth' | 'dateOfDeath' | 'jurisdiction'>;
  lastAddress: PostalAddress;
}

const LETTER_MAX = 20_000;

export function LetterPanel({ memoryId, entry, canChange, memory, lastAddress }: LetterPanelProps) {
  const toast = useToast();
  // The words the PDF holds between its addresses and the facts: the family's own, or those prepared for this kind.
  const details = letterDetailsOf(memory, entry, lastAddress);
  const text = letterPlainText(details);
  const [draft, setDraft, dirty] = useEntryDraft(text, entry.version);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const edited = entry.letterText !== null;
  const textId = `org-letter-${entry.id}`;

  async function save(letterText: string | null, done: string) {
    setBusy(true);
    try {
      applyOrganisations(await organisationsApi.edit(memoryId, entry.id, { letterText, expectedVersion: entry.version }));
      toast.success(done);
      setEditing(false);
    } catch (error) {
      reportOrganisationError(toast, error, memoryId, 'The letter could not be saved. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const email = entry.email ? letterEmail(details) : null;
  const mailto = entry.email && email ? mailtoLink(entry.email, email.subject, email.body) : null;

  return (
    <section className="aw-stack org-letter" aria-labelledby={`${textId}-title`}>
      <h4 id={`${textId}-title`} className="org-letter__title">
        The letter {edited ? <span className="aw-muted org-letter__edited">(your own words)</span> : null}
      </h4>
      {editing ? (
        <>
          <TextArea
            label={`Letter to ${entry.name}`}
            hint="Change anything you like. The PDF is made from the text you save."
            rows={14}
            value={draft}
            maxLength={LETTER_MAX}
            onChange={(e) => setDraft(e.target.value)}
          />
          <div className="aw-cluster org-row">
            <Button size="sm" onClick={() => void save(draft, 'Your letter is saved')} disabled={busy || !dirty || draft.trim() === ''}>
              Save the letter
            </Button>
            <Button
              size="sm"
              variant="quiet"
              onClick={() => {
                setDraft(text);
                setEditing(false);
              }}
              disabled={busy}
            >
              Cancel
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="aw-muted org-letter__hint">
            In the PDF these words sit below your name and address, {entry.name}&apos;s address, and {memory.deceasedName}&apos;s details with the references.
          </p>
          <pre className="org-letter__text" id={textId} tabIndex={0} aria-label={`Letter to ${entry.name}`}>
            {text}
          </pre>
        </>
      )}
      <div className="aw-cluster org-row org-letter__actions">
        <ButtonLink size="sm" href={organisationsApi.letterPdfUrl(memoryId, entry.id)} download icon={<Icon name="document" size={16} />}>
          Make the letter (PDF)
        </ButtonLink>
        {canChange && !editing ? (
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)} icon={<Icon name="edit" size={16} />}>
            Edit the text
          </Button>
        ) : null}
        {canChange && edited && !editing ? (
          <Button size="sm" variant="quiet" onClick={() => void save(null, 'The prepared text is back')} disabled={busy} icon={<Icon name="refresh" size={16} />}>
            Reset to the prepared text
          </Button>
        ) : null}
      </div>
      {entry.email ? (
        <p className="org-letter__email">
          {mailto ? (
            <>
              <a href={mailto}>
                <Icon name="mail" size={16} /> E-mail this letter to {entry.email}
              </a>
              <span className="aw-muted"> Opens your own e-mail program with the letter&apos;s text; check it, sign it and attach the certificate before sending.</span>
            </>
          ) : (
            <span className="aw-muted">
              {entry.name} takes letters by e-mail at <a href={`mailto:${entry.email}`}>{entry.email}</a>. The letter is too long to open in an e-mail by itself: copy its text into
              your message, or attach the PDF.
            </span>
          )}
        </p>
      ) : null}
    </section>
  );
}
