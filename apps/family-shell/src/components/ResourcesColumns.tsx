// The guides and the local-services finder: the public /resources page and the dashboard's
// Resources tab show the same content, so it lives once, here.
import { lazy, useMemo, useState, type ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { FinderProps } from 'directory/Finder';
import { ButtonLink, Card, ExternalLink, Icon, InlineLoading, RemoteSlot, useHydrated, useVisitorPosition } from '@afterwards/web-ui';
import { QUICK_LINKS, SUPPORT_CARDS, mapsHref } from '../content/resources';

// Loaded through the Module Federation runtime (not a static import) so that "Try again" after a
// failed download really fetches the remote's manifest again.
async function loadFinder(): Promise<{ default: ComponentType<FinderProps> }> {
  const mod = await loadRemote<{ default: ComponentType<FinderProps> }>('directory/Finder');
  if (!mod?.default) throw new Error('The directory remote did not provide ./Finder');
  return mod;
}

export function ResourcesColumns({ page }: { page: FinderProps['page'] }) {
  // A new lazy component per attempt, so "Try again" really fetches the remote again.
  const [attempt, setAttempt] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the attempt is the point (see above)
  const Finder = useMemo(() => lazy(loadFinder), [attempt]);
  const position = useVisitorPosition();
  const hydrated = useHydrated();

  return (
    <div className="fs-resources">
      <aside className="aw-stack fs-resources__side" aria-label="Guides and support">
        <section aria-labelledby="support-title">
          <h2 id="support-title" className="fs-subtitle">
            Support and guidance
          </h2>
          <ul className="aw-list-stack fs-support">
            {SUPPORT_CARDS.map((card) => (
              <li key={card.title}>
                <Card className="aw-stack fs-support__card">
                  <div className="aw-row fs-support__head">
                    <span className="fs-support__icon">
                      <Icon name={card.icon} size={22} />
                    </span>
                    <h3>{card.title}</h3>
                  </div>
                  <p className="aw-muted">{card.text}</p>
                  <ExternalLink href={card.guide.href} className="fs-support__link">
                    {card.guide.label}
                    <Icon name="external" size={16} />
                  </ExternalLink>
                  {card.ireland ? (
                    <p className="fs-support__ireland">
                      In Ireland:{' '}
                      <ExternalLink href={card.ireland.href}>{card.ireland.label}</ExternalLink>
                    </p>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        </section>

        <Card as="section" aria-labelledby="quick-links-title" className="aw-stack fs-quick">
          <h2 id="quick-links-title" className="fs-subtitle">
            Quick Links
          </h2>
          <ul className="aw-stack fs-quick__list">
            {QUICK_LINKS.map((link) => (
              <li key={link.href}>
                <ExternalLink href={link.href}>{link.label}</ExternalLink>
              </li>
            ))}
          </ul>
          <ButtonLink
            href={mapsHref(position)}
            external
            variant="secondary"
            size="sm"
            icon={<Icon name="map" />}
            data-testid="view-on-maps"
          >
            View on Maps
          </ButtonLink>
          <p className="aw-muted fs-quick__note">
            {position.status === 'granted'
              ? 'Opens a map at your current location.'
              : 'Opens a map. Choose “Use my location” in the finder to centre it on where you are.'}
          </p>
        </Card>
      </aside>

      <section id="local-services" className="fs-resources__main" aria-label="Local services" tabIndex={-1}>
        <Card tone="raised" className="fs-finder-card">
          {hydrated ? (
            <RemoteSlot
              name="local services"
              failureText="Local services can't be shown right now. Please try again in a moment, or use the guides on this page."
              onRetry={() => setAttempt((n) => n + 1)}
            >
              <Finder headingLevel={2} page={page} />
            </RemoteSlot>
          ) : (
            // The finder is a remote, fetched in the browser: a page rendered at build time holds what
            // the slot shows while it loads.
            <InlineLoading>Loading local services...</InlineLoading>
          )}
        </Card>
      </section>
    </div>
  );
}
