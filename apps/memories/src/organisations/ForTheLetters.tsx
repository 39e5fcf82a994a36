// What every letter needs beside the organisation's own details: where the person who died last lived (kept
// with the memory's organisations), and who signs (the signed-in person's profile, kept in Settings).
import { useState, type FormEvent } from 'react';
import type { PostalAddress } from '@afterwards/contracts';
import { Button, Card, TextArea, useToast } from '@afterwards/web-ui';
import { organisationsApi } from './organisations-api';
import { applyOrganisations, reportOrganisationError } from './organisations-store';
import { addressLinesOf } from './organisations-view';
import { useEntryDraft } from './useEntryDraft';

export interface ForTheLettersProps {
  memoryId: string;
  deceasedName: string;
  lastAddress: PostalAddress;
  canChange: boolean;
}

export function ForTheLetters({ memoryId, deceasedName, lastAddress, canChange }: ForTheLettersProps) {
  const toast = useToast();
  const saved = lastAddress.join('\n');
  // A change from elsewhere shows, unless the family is typing.
  const [draft, setDraft, dirty] = useEntryDraft(saved, saved);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const lines = addressLinesOf(draft);
    if (lines.length > 8) {
      setError('An address has at most 8 lines.');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      applyOrganisations(await organisationsApi.lastAddress(memoryId, lines));
      toast.success('The address is saved for the letters');
    } catch (failure) {
      setError(reportOrganisationError(toast, failure, memoryId, 'The address could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card as="section" className="org-letters-setup" aria-labelledby="org-letters-setup-title">
      <h3 id="org-letters-setup-title">For the letters</h3>
      <p className="aw-muted">
        Each letter is signed with your name, address and phone from Settings, under Personal information. Add your address there so organisations can write back to you.
      </p>
      {canChange ? (
        <form className="aw-stack org-letters-setup__form" onSubmit={(e) => void submit(e)}>
          <TextArea
            label={`Where ${deceasedName} last lived`}
            hint="One line each, the postcode last. Organisations use it to find their records."
            rows={4}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            error={error ?? undefined}
          />
          <Button type="submit" size="sm" disabled={busy || !dirty}>
            Save the address
          </Button>
        </form>
      ) : (
        <div>
          <h4 className="org-entry__sub">Where {deceasedName} last lived</h4>
          {lastAddress.length ? (
            <address className="aw-stack org-entry__address">
              {lastAddress.map((line, i) => (
                <span key={i}>{line}</span>
              ))}
            </address>
          ) : (
            <p className="aw-muted">Not given yet.</p>
          )}
        </div>
      )}
    </Card>
  );
}
