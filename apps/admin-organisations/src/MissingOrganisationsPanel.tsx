// The figure 'Organisations families add that the directory lacks' (issue 43): the names families typed for
// their own organisations, counted by memory, and nothing else about them (the server leaves out a name given
// on one memory only); staff can add one from here.
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Icon, InlineLoading } from '@afterwards/web-ui';
import { keys, organisationsApi } from './api';
import { LoadFailed } from '@afterwards/web-ui/back-office';

/** The most names shown; the rest are fewer families' asks. */
const SHOWN = 15;

export function MissingOrganisationsPanel({ readOnly, onAdd }: { readOnly: boolean; onAdd: (name: string) => void }) {
  const missing = useQuery({ queryKey: keys.missing, queryFn: ({ signal }) => organisationsApi.missing(signal) });
  const names = missing.data?.names.slice(0, SHOWN) ?? [];
  return (
    <Card as="section" className="aw-stack og-missing" aria-labelledby="og-missing-title">
      <h2 id="og-missing-title" className="aw-section-title">
        Organisations families add that the directory lacks
      </h2>
      <p className="aw-muted aw-small">
        The names families typed for organisations of their own, and on how many memories. A name given on only one memory is not shown, and nothing else about
        the families is.
      </p>
      {missing.isError ? (
        <LoadFailed onRetry={() => void missing.refetch()}>These figures could not be loaded. Please try again.</LoadFailed>
      ) : !missing.data ? (
        <InlineLoading>Loading the figures...</InlineLoading>
      ) : names.length === 0 ? (
        <p>No organisation the directory lacks has been added on more than one memory.</p>
      ) : (
        <ol className="aw-list-stack og-missing__list">
          {names.map((n) => (
            <li key={n.name} className="aw-cluster og-missing__item">
              <span className="og-missing__name">{n.name}</span>
              <span className="og-missing__count">
                on {n.count} {n.count === 1 ? 'memory' : 'memories'}
              </span>
              {readOnly ? null : (
                <Button size="sm" variant="quiet" icon={<Icon name="plus" size={16} />} onClick={() => onAdd(n.name)}>
                  Add<span className="aw-visually-hidden"> {n.name}</span> to the directory
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
