// One directory entry as a card: its name, kind, where it works, how to reach its bereavement team, what it
// usually needs, the services that tell it, its sources and review date, with Edit and Retire or Restore.
import { useId } from 'react';
import { ORGANISATION_KIND_LABELS, historyScreenUrl, type AdminOrganisation } from '@afterwards/contracts';
import { Badge, Button, ButtonLink, Card, ExternalLink, Icon } from '@afterwards/web-ui';

const longDate = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function OrganisationCard({
  organisation: o,
  readOnly,
  busy,
  onEdit,
  onRetire,
  onRestore,
}: {
  organisation: AdminOrganisation;
  readOnly: boolean;
  /** A call for this entry is in flight: its actions wait for the answer. */
  busy: boolean;
  onEdit: () => void;
  onRetire: () => void;
  onRestore: () => void;
}) {
  const titleId = useId();
  const retired = o.status === 'Retired';
  const forName = <span className="aw-visually-hidden"> {o.name}</span>;
  return (
    <Card as="article" tone={retired ? 'muted' : 'default'} className="aw-stack og-card" aria-labelledby={titleId} aria-busy={busy || undefined}>
      <header className="aw-split og-card__head">
        <h3 id={titleId} className="og-card__title">
          {o.name}
        </h3>
        <div className="og-card__badges">
          <Badge>{ORGANISATION_KIND_LABELS[o.kind]}</Badge>
          {retired ? <Badge tone="warning">Retired</Badge> : <Badge tone="success">Active</Badge>}
          {o.tellUsOnce ? <Badge tone="accent">Tell Us Once</Badge> : null}
          {o.deathNotificationService ? <Badge tone="accent">Death Notification Service</Badge> : null}
        </div>
      </header>
      <dl className="aw-facts og-card__facts">
        <div>
          <dt>Where</dt>
          <dd>{o.jurisdictions.join(', ')}</dd>
        </div>
        <div>
          <dt>Usual reply</dt>
          <dd>
            {o.usualReplyDays} {o.usualReplyDays === 1 ? 'day' : 'days'}
          </dd>
        </div>
        <div>
          <dt>Bereavement address</dt>
          <dd>{o.address.length ? o.address.join(', ') : <span className="aw-muted">None given: families use the web page</span>}</dd>
        </div>
        {o.phone || o.email || o.website ? (
          <div>
            <dt>Contact</dt>
            <dd className="aw-cluster og-card__contact">
              {o.phone ? <span>{o.phone}</span> : null}
              {o.email ? <span>{o.email}</span> : null}
              {o.website ? <ExternalLink href={o.website}>Bereavement page</ExternalLink> : null}
            </dd>
          </div>
        ) : null}
        {o.needs.length ? (
          <div>
            <dt>Usually needs</dt>
            <dd>{o.needs.join('; ')}</dd>
          </div>
        ) : null}
        <div>
          <dt>Sources</dt>
          <dd className="aw-cluster og-card__contact">
            {o.sources.map((s) => (
              <ExternalLink key={s.url} href={s.url}>
                {s.title}
              </ExternalLink>
            ))}
            <span className="aw-muted">Reviewed {longDate(o.reviewedOn)}</span>
          </dd>
        </div>
      </dl>
      <div className="og-card__actions">
        <ButtonLink size="sm" variant="quiet" href={historyScreenUrl(`organisation-${o.id}`)} icon={<Icon name="refresh" size={16} />}>
          History{forName}
        </ButtonLink>
        {readOnly ? null : retired ? (
          <Button size="sm" variant="secondary" onClick={onRestore} disabled={busy}>
            Restore{forName}
          </Button>
        ) : (
          <>
            <Button size="sm" variant="secondary" onClick={onEdit} disabled={busy} icon={<Icon name="edit" size={16} />}>
              Edit{forName}
            </Button>
            <Button size="sm" variant="quiet" onClick={onRetire} disabled={busy}>
              Retire{forName}
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}
