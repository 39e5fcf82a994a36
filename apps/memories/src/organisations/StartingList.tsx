// Who to tell, for this memory's jurisdiction and answers: the telling services explained, the national
// bodies first (each added in one step, or marked told through Tell Us Once with its reference), then the
// kinds of organisation to add, with why.
import { useState, type FormEvent } from 'react';
import { ORGANISATION_KIND_LABELS, type MemoryOrganisationsResponse, type StartingList as StartingListData } from '@afterwards/contracts';
import { Badge, Button, Card, ExternalLink, Icon, TextInput, useToast } from '@afterwards/web-ui';
import { formatDay } from '../shared/format';
import { organisationsApi } from './organisations-api';
import { applyOrganisations, reportOrganisationError } from './organisations-store';
import { today } from './organisations-view';

type National = StartingListData['national'][number];

export interface StartingListProps {
  memoryId: string;
  list: StartingListData;
  canChange: boolean;
}

export function TellingServices({ services }: { services: StartingListData['services'] }) {
  if (services.length === 0) return null;
  return (
    <section className="org-services" aria-labelledby="org-services-title">
      <h3 id="org-services-title">Services that tell several at once</h3>
      <div className="org-services__grid">
        {services.map((s) => (
          <Card key={s.key} as="article" tone={s.available ? 'default' : 'muted'} className="org-service" aria-labelledby={`org-service-${s.key}`}>
            <h4 id={`org-service-${s.key}`} className="aw-cluster org-service__name">
              {s.name} {s.available ? <Badge tone="success">Available here</Badge> : <Badge>Not available here</Badge>}
            </h4>
            <p>{s.covers}</p>
            <p className="aw-muted">{s.howTo}</p>
            <p className="org-source">
              Source: <ExternalLink href={s.source.url}>{s.source.title}</ExternalLink>
              {formatDay(s.reviewedOn) ? <span className="aw-muted"> · checked {formatDay(s.reviewedOn)}</span> : null}
            </p>
          </Card>
        ))}
      </div>
    </section>
  );
}

export function StartingList({ memoryId, list, canChange }: StartingListProps) {
  const tellUsOnce = list.services.find((s) => s.key === 'tell-us-once');
  return (
    <Card as="section" className="org-start" aria-labelledby="org-start-title">
      <h3 id="org-start-title">Who to tell</h3>
      <p className="aw-muted">National bodies first. Add the ones that apply to your list, where you can keep references and letters for each.</p>
      {list.national.length === 0 ? (
        <p className="aw-muted">Answer the questions above and the national bodies to tell will show here.</p>
      ) : (
        <ul className="org-national">
          {list.national.map((n) => (
            <NationalRow key={n.organisationId} memoryId={memoryId} item={n} canChange={canChange} tellUsOnce={Boolean(n.tellUsOnce && tellUsOnce?.available)} />
          ))}
        </ul>
      )}
      {list.kindsToAdd.length > 0 ? (
        <>
          <h4 className="org-start__sub">Then, the kinds of organisation to add</h4>
          <ul className="org-kinds">
            {list.kindsToAdd.map((k) => (
              <li key={k.kind}>
                <strong>{ORGANISATION_KIND_LABELS[k.kind]}</strong>
                <span className="aw-muted"> {k.why}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}

function NationalRow({ memoryId, item, canChange, tellUsOnce }: { memoryId: string; item: National; canChange: boolean; tellUsOnce: boolean }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [telling, setTelling] = useState(false);
  const [reference, setReference] = useState('');

  async function add(): Promise<MemoryOrganisationsResponse | null> {
    try {
      const answer = await organisationsApi.add(memoryId, { organisationId: item.organisationId });
      applyOrganisations(answer);
      return answer;
    } catch (error) {
      reportOrganisationError(toast, error, memoryId, `${item.name} could not be added. Please try again.`);
      return null;
    }
  }

  async function addOnly() {
    setBusy(true);
    if (await add()) toast.success(`${item.name} is on your list`);
    setBusy(false);
  }

  // Added, then marked told: two steps on the server, one for the family.
  async function markTold(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const added = await add();
    const entry = added?.organisations.find((o) => o.organisationId === item.organisationId);
    if (added && entry) {
      try {
        const body = { status: 'told-by-service' as const, service: 'tell-us-once' as const, serviceReference: reference.trim() || null, statusOn: today() };
        applyOrganisations(await organisationsApi.edit(memoryId, entry.id, { ...body, expectedVersion: entry.version }));
        toast.success(`${item.name} marked as told through Tell Us Once`);
        setTelling(false);
      } catch (error) {
        reportOrganisationError(toast, error, memoryId, 'That could not be saved. Please try again.');
      }
    }
    setBusy(false);
  }

  return (
    <li className="aw-split org-national__item">
      <div className="aw-cluster org-national__text">
        <strong>{item.name}</strong>
        {item.tellUsOnce ? <Badge tone="accent">Covered by Tell Us Once</Badge> : null}
        <span className="aw-muted org-national__why">{item.why}</span>
      </div>
      <div className="aw-cluster org-national__actions">
        {item.added ? (
          <Badge tone="success">
            <Icon name="check" size={14} /> On your list
          </Badge>
        ) : canChange ? (
          <>
            <Button size="sm" onClick={() => void addOnly()} disabled={busy} aria-label={`Add ${item.name}`}>
              Add
            </Button>
            {tellUsOnce && !telling ? (
              <Button size="sm" variant="secondary" onClick={() => setTelling(true)} disabled={busy} aria-label={`${item.name}: told through Tell Us Once`}>
                Told through Tell Us Once
              </Button>
            ) : null}
          </>
        ) : null}
      </div>
      {telling && !item.added ? (
        <form className="aw-stack org-national__told" onSubmit={(e) => void markTold(e)} aria-label={`${item.name} told through Tell Us Once`}>
          <TextInput
            label="Tell Us Once reference (optional)"
            hint="The reference Tell Us Once gave you, so you can quote it."
            value={reference}
            maxLength={100}
            onChange={(e) => setReference(e.target.value)}
            autoComplete="off"
          />
          <div className="aw-cluster org-row">
            <Button type="submit" size="sm" disabled={busy}>
              Save
            </Button>
            <Button size="sm" variant="quiet" onClick={() => setTelling(false)} disabled={busy}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </li>
  );
}
