// A memory's Organisations area (issue 43): the questions, who to tell for its jurisdiction, the services
// that tell several at once, adding from the directory or their own, and each organisation with its
// references, notes, status and letter. Owners and editors change it; viewers read it.
import { useMemo } from 'react';
import { Button, ButtonLink, Card, Icon, InlineLoading } from '@afterwards/web-ui';
import { errorMessage } from '@afterwards/web-data';
import { useMemories, type TabProps } from '../store';
import { may } from '../shared/people';
import { ReadOnlyNote } from '../shared/ReadOnlyNote';
import { plural } from '../shared/format';
import { organisationsApi } from './organisations-api';
import { reloadOrganisations, useMemoryOrganisations } from './organisations-store';
import { Questions } from './Questions';
import { StartingList, TellingServices } from './StartingList';
import { AddOrganisation } from './AddOrganisation';
import { OrganisationCard } from './OrganisationCard';
import { ForTheLetters } from './ForTheLetters';
import './organisations.css';

export function OrganisationsTab({ onNavigate, onCreateMemory, focusMemoryId }: TabProps) {
  const { loaded, memories } = useMemories();
  const memory = memories.find((m) => m.id === focusMemoryId) ?? memories[0];
  const query = useMemoryOrganisations(memory?.id);
  const data = query.data?.memoryId === memory?.id ? query.data : undefined;
  const canChange = may(memory, 'tell-organisations');
  const added = useMemo(() => new Set((data?.organisations ?? []).flatMap((o) => (o.organisationId ? [o.organisationId] : []))), [data]);
  const unsent = (data?.organisations ?? []).filter((o) => o.status === 'to-tell').length;

  if (!loaded) return <InlineLoading>Loading your memories...</InlineLoading>;
  if (!memory) {
    return (
      <Card className="aw-stack mem-empty">
        <span className="aw-disc mem-empty__icon" aria-hidden="true">
          <Icon name="building" size={28} />
        </span>
        <h2 className="mem-empty__title">No memories yet</h2>
        <p className="aw-muted">The organisations to tell are kept with a memory. Create one first, and the list starts from its answers.</p>
        <Button onClick={onCreateMemory}>Create Your First Case</Button>
      </Card>
    );
  }

  return (
    <div className="aw-stack org-area">
      <button type="button" className="aw-text-button mem-back" onClick={() => onNavigate('case-details', memory.id)}>
        <Icon name="arrow-left" size={18} />
        Back to {memory.name}
      </button>
      <div className="aw-split org-area__top">
        <div>
          <h2 className="org-area__heading">Organisations to tell</h2>
          <p className="aw-muted org-area__intro">
            For {memory.deceasedName}: who to tell, a letter for each, and where each one stands. Take it one at a time; there is no rush to do them all at once.
          </p>
        </div>
      </div>
      {canChange ? null : <ReadOnlyNote memory={memory} doing="keep the organisations up to date" />}

      {query.isError && !data ? (
        <Card tone="muted" role="alert" className="org-problem">
          <p>The organisations could not be loaded. {errorMessage(query.error)}</p>
          <Button variant="secondary" size="sm" onClick={() => reloadOrganisations(memory.id)}>
            Try again
          </Button>
        </Card>
      ) : !data ? (
        <InlineLoading>Loading the organisations...</InlineLoading>
      ) : (
        <>
          <Questions memoryId={memory.id} answers={data.answers} canChange={canChange} />
          <StartingList memoryId={memory.id} list={data.startingList} canChange={canChange} />
          <TellingServices services={data.startingList.services} />
          {canChange ? <AddOrganisation memoryId={memory.id} jurisdiction={memory.jurisdiction} added={added} /> : null}
          <ForTheLetters memoryId={memory.id} deceasedName={memory.deceasedName} lastAddress={data.lastAddress ?? []} canChange={canChange} />
          <section className="org-list" aria-labelledby="org-list-title">
            <div className="aw-split org-list__top">
              <h3 id="org-list-title">
                Your list <span className="aw-muted org-list__count">{plural(data.organisations.length, 'organisation')}</span>
              </h3>
              {unsent > 0 ? (
                <ButtonLink href={organisationsApi.lettersPdfUrl(memory.id)} download variant="secondary" size="sm" icon={<Icon name="document" size={16} />}>
                  Letters for all to tell ({unsent})
                </ButtonLink>
              ) : null}
            </div>
            {unsent > 0 ? <p className="aw-muted">One PDF with a letter for every organisation not yet told, ready to print.</p> : null}
            {data.organisations.length === 0 ? (
              <p className="aw-muted">Nothing on the list yet. Add the national bodies above, or search the directory.</p>
            ) : (
              <ul className="org-list__items">
                {data.organisations.map((entry) => (
                  <li key={entry.id}>
                    <OrganisationCard memoryId={memory.id} memory={memory} lastAddress={data.lastAddress ?? []} entry={entry} canChange={canChange} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
