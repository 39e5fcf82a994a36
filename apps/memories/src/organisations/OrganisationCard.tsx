// One organisation on the memory's list: where telling it stands (with the day, and a waiting badge when a
// letter has gone unanswered too long), then, opened, its references, notes, status form and letter.
import { useState } from 'react';
import { ORGANISATION_KIND_LABELS, type MemoryOrganisation, type MemorySummary, type PostalAddress } from '@afterwards/contracts';
import { Badge, Button, Card, ConfirmDialog, Icon, useToast } from '@afterwards/web-ui';
import { organisationsApi } from './organisations-api';
import { applyOrganisations, reportOrganisationError } from './organisations-store';
import { formatMoney, statusLine } from './organisations-view';
import { LetterPanel } from './LetterPanel';
import { NotesEditor, ReferencesEditor, StatusEditor } from './EntryEditors';

export interface OrganisationCardProps {
  memoryId: string;
  memory: Pick<MemorySummary, 'deceasedName' | 'dateOfBirth' | 'dateOfDeath' | 'jurisdiction'>;
  lastAddress: PostalAddress;
  entry: MemoryOrganisation;
  canChange: boolean;
}

export function OrganisationCard({ memoryId, memory, lastAddress, entry, canChange }: OrganisationCardProps) {
  const { jurisdiction } = memory;
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [removing, setRemoving] = useState(false);
  const bodyId = `org-entry-${entry.id}`;
  const titleId = `${bodyId}-title`;

  async function remove() {
    setRemoving(false);
    try {
      applyOrganisations(await organisationsApi.remove(memoryId, entry.id));
      toast.success(`${entry.name} is off your list`);
    } catch (error) {
      reportOrganisationError(toast, error, memoryId, `${entry.name} could not be removed. Please try again.`);
    }
  }

  return (
    <Card as="article" className="org-entry" aria-labelledby={titleId} data-status={entry.status}>
      <div className="aw-split org-entry__head">
        <div className="org-entry__who">
          <h4 id={titleId} className="org-entry__name">
            {entry.name}
          </h4>
          <p className="aw-cluster org-entry__meta">
            <Badge>{ORGANISATION_KIND_LABELS[entry.kind]}</Badge>
            <span className="org-entry__status" data-testid="org-status">
              {statusLine(entry)}
            </span>
            {entry.waiting ? (
              <Badge tone="warning">
                <Icon name="calendar" size={14} /> Waiting for a reply
              </Badge>
            ) : null}
          </p>
          {entry.status === 'told-by-service' && entry.serviceReference ? <p className="aw-muted org-entry__line">Their reference: {entry.serviceReference}</p> : null}
          {entry.status === 'closed' && entry.amountMinor !== null ? <p className="aw-muted org-entry__line">Amount: {formatMoney(entry.amountMinor, jurisdiction)}</p> : null}
          {entry.waiting ? <p className="aw-muted org-entry__line">They usually reply within {entry.usualReplyDays} days. It may be worth a call, or a second letter.</p> : null}
        </div>
        <Button size="sm" variant="secondary" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((v) => !v)}>
          {open ? 'Close' : canChange ? 'Open and update' : 'Open'}
          <span className="aw-visually-hidden"> {entry.name}</span>
        </Button>
      </div>
      <div id={bodyId} className="org-entry__body" hidden={!open}>
        {open ? (
          <>
            <div className="org-entry__columns">
              <div>
                <h5 className="org-entry__sub">Address</h5>
                {entry.address.length ? (
                  <address className="aw-stack org-entry__address">
                    {entry.address.map((line, i) => (
                      <span key={i}>{line}</span>
                    ))}
                  </address>
                ) : (
                  <p className="aw-muted">No postal address yet.</p>
                )}
                {entry.email ? <p className="org-entry__line">E-mail: {entry.email}</p> : null}
              </div>
              <ReferencesEditor memoryId={memoryId} entry={entry} canChange={canChange} />
            </div>
            <StatusEditor memoryId={memoryId} entry={entry} canChange={canChange} jurisdiction={jurisdiction} />
            <NotesEditor memoryId={memoryId} entry={entry} canChange={canChange} />
            <LetterPanel memoryId={memoryId} entry={entry} canChange={canChange} memory={memory} lastAddress={lastAddress} />
            {canChange ? (
              <p className="org-entry__remove">
                <Button size="sm" variant="quiet" onClick={() => setRemoving(true)} icon={<Icon name="trash" size={16} />} aria-haspopup="dialog">
                  Remove from the list
                </Button>
              </p>
            ) : null}
          </>
        ) : null}
      </div>
      {removing ? (
        <ConfirmDialog title={`Remove ${entry.name}?`} confirmLabel="Remove" danger onConfirm={() => void remove()} onCancel={() => setRemoving(false)}>
          <p>Its references, notes and letter go with it. You can add it again later.</p>
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}
