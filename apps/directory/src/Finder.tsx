// Exposed as 'directory/Finder': the public local-services finder ('Local Services in Your Area').
// Owns its server state (its own QueryClient) and its realtime subscription.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { LISTING_CATEGORIES, RealtimeTopics, type DirectorySearchResponse, type ListingAction, type PublicListing } from '@afterwards/contracts';
import { Alert, Badge, Button, Icon, InlineLoading, Select, useConsent, useDebouncedValue, type SelectOption } from '@afterwards/web-ui';
import { useRealtimeInvalidation, withOwnQueryClient } from '@afterwards/web-data';
import { ALL_CATEGORIES, fetchListings, LISTINGS_KEY_ROOT, listingsQueryKey, type FinderQuery } from './api';
import { resultCountText } from './format';
import { ListingCard } from './ListingCard';
import { useGeolocation } from './useGeolocation';
import { LocationCombobox } from './LocationCombobox';
import { useInteractionTracking, type FinderPage } from './useInteractionTracking';
import { forgetLastSearch, readLastSearch, rememberLastSearch } from './lastSearch';
import './finder.css';

export interface FinderProps {
  /** Heading level of the finder's title, to fit the page outline (default 2). */
  headingLevel?: 2 | 3;
  /** Where the finder is shown, recorded with each listing interaction. */
  page: FinderPage;
}

export const SEARCH_DEBOUNCE_MS = 400;

const CATEGORY_OPTIONS: readonly SelectOption[] = [
  { value: ALL_CATEGORIES, label: 'All Services' },
  ...LISTING_CATEGORIES.map((c) => ({ value: c, label: c })),
];

export default withOwnQueryClient(FinderView);

function FinderView({ headingLevel = 2, page = 'resources' }: FinderProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const headingId = useId();
  const consent = useConsent();
  const remembers = consent?.functional === true;
  // With functional consent the last search on this device is restored (and kept up to date).
  const [initial] = useState(() => (remembers ? readLastSearch() : null));
  const [category, setCategory] = useState<FinderQuery['category']>(initial?.category ?? ALL_CATEGORIES);
  const [locationText, setLocationText] = useState(initial?.location ?? '');
  const typedLocation = useDebouncedValue(locationText.trim(), SEARCH_DEBOUNCE_MS);
  /** A chosen suggestion searches at once, without waiting for the typing pause. */
  const [chosenLocation, setChosenLocation] = useState<string | null>(null);
  const debouncedLocation = chosenLocation ?? typedLocation;
  const geo = useGeolocation();
  const { track } = useInteractionTracking(page);

  const coords = geo.state.status === 'granted' ? { lat: geo.state.lat, lng: geo.state.lng } : null;
  const query: FinderQuery = { category, location: coords ? '' : debouncedLocation, coords };

  const subscribed = useRealtimeInvalidation(useQueryClient(), { topic: RealtimeTopics.directoryListings, queryKey: LISTINGS_KEY_ROOT });
  const result = useQuery({
    queryKey: listingsQueryKey(query),
    queryFn: ({ signal }) => fetchListings(query, signal),
    placeholderData: keepPreviousData,
    enabled: subscribed,
  });

  const onSubmit = (e: FormEvent) => e.preventDefault();
  // While the visitor is still typing, or a new search is on its way, the count and notes would
  // describe the previous search: show the loading line instead and dim the previous cards.
  const typing = !coords && locationText.trim() !== debouncedLocation;
  const searching = typing || result.isPlaceholderData;

  useEffect(() => {
    if (remembers) rememberLastSearch({ category, location: debouncedLocation });
    else if (consent) forgetLastSearch();
  }, [remembers, consent, category, debouncedLocation]);

  // Each shown listing logs a view once per search (not again when the list refreshes in place),
  // and again when analytics is allowed while the cards are on screen.
  const data = result.data;
  const shownKey = data && !searching ? `${JSON.stringify(query)}|${data.listings.map((l) => l.id).join(',')}` : null;
  const analytics = consent?.analytics === true;
  useEffect(() => {
    if (!shownKey || !data || !analytics) return;
    for (const listing of data.listings) track(interactionOf(listing, 'view', data));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- shownKey stands for the data shown
  }, [shownKey, analytics, track]);
  const onAction = (listing: PublicListing, action: ListingAction) => {
    if (data) track(interactionOf(listing, action, data));
  };

  return (
    <section className="aw-stack dir-finder" aria-labelledby={headingId}>
      <div className="aw-row dir-finder__head">
        <span className="dir-finder__icon" aria-hidden="true">
          <Icon name="pin" size={22} />
        </span>
        <div>
          <Heading id={headingId} className="dir-finder__title">
            Local Services in Your Area
          </Heading>
          <p className="aw-muted">Funeral directors, solicitors, register offices and other help near you.</p>
        </div>
      </div>

      <form className="dir-filters" role="search" aria-label="Local services" onSubmit={onSubmit}>
        <Select
          label="Service Category"
          options={CATEGORY_OPTIONS}
          value={category}
          onChange={(e) => setCategory(e.target.value as FinderQuery['category'])}
        />
        <LocationCombobox
          value={locationText}
          onChange={(text) => {
            setLocationText(text);
            setChosenLocation(null);
            // Typing a place replaces "near me".
            if (geo.state.status === 'granted') geo.clear();
          }}
          onChoose={(place) => {
            setLocationText(place.label);
            setChosenLocation(place.label);
            if (geo.state.status === 'granted') geo.clear();
          }}
        />
      </form>

      <LocationStatus
        geo={geo.state}
        onUseLocation={() => {
          setLocationText('');
          setChosenLocation(null);
          geo.request();
        }}
        onClear={geo.clear}
      />

      <div className="dir-summary" aria-live="polite">
        {result.isError && !result.data ? null : result.isPending || searching ? (
          <InlineLoading>Loading services...</InlineLoading>
        ) : result.data ? (
          <Summary data={result.data} location={query.location} />
        ) : null}
      </div>

      {result.isError && !result.data ? (
        <div role="alert" className="aw-stack dir-error">
          <Alert tone="error">Unable to load local services at this time.</Alert>
          <Button variant="secondary" size="sm" onClick={() => void result.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}

      {result.data ? (
        result.data.listings.length === 0 ? (
          <div className="aw-stack dir-empty">
            <span className="aw-disc dir-empty__icon" aria-hidden="true">
              <Icon name="search" size={28} />
            </span>
            <p className="dir-empty__title">No services found</p>
            <p className="aw-muted">Try adjusting your filters or search in a different location.</p>
          </div>
        ) : (
          <ul className="aw-list-stack dir-list" aria-label="Local services" aria-busy={searching || undefined}>
            {result.data.listings.map((listing) => (
              <li key={listing.id}>
                <ListingCard listing={listing} onAction={onAction} />
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}

/** The search's own point (rounded to about 1 km) goes with each interaction, never more precise. */
function interactionOf(listing: PublicListing, action: ListingAction, data: DirectorySearchResponse) {
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    listingId: listing.id,
    action,
    ...(data.place ? { userLat: round(data.place.latitude), userLng: round(data.place.longitude) } : {}),
    ...(listing.distanceMiles !== null ? { distanceMiles: listing.distanceMiles } : {}),
  };
}

function Summary({ data, location }: { data: DirectorySearchResponse; location: string }) {
  return (
    <div className="aw-stack dir-summary__inner">
      <div className="aw-cluster dir-summary__counts">
        <p className="dir-summary__count" data-testid="result-count">
          {resultCountText(data.total)}
        </p>
        {data.featured > 0 ? (
          <Badge tone="featured" data-testid="featured-count">
            {data.featured} featured
          </Badge>
        ) : null}
      </div>
      {data.searchType === 'not_found' ? (
        <Alert tone="warning" className="dir-place">
          We didn't recognise “{location}” as a town or postcode, so all services are shown.
        </Alert>
      ) : data.searchType === 'nearby' && data.place ? (
        <p className="aw-muted dir-place-note">
          Within {data.radiusMiles} miles of {data.place.kind === 'coordinates' ? 'your location' : data.place.label}
        </p>
      ) : null}
      {data.listings.length < data.total ? (
        <p className="aw-muted dir-place-note">
          Showing the first {data.listings.length}. Choose a category or enter a town or postcode to narrow the list.
        </p>
      ) : null}
    </div>
  );
}

interface LocationStatusProps {
  geo: ReturnType<typeof useGeolocation>['state'];
  onUseLocation: () => void;
  onClear: () => void;
}

function LocationStatus({ geo, onUseLocation, onClear }: LocationStatusProps) {
  // One live region that stays mounted, so each change of state is announced.
  return (
    <div role="status" className="dir-geo-status" data-testid="location-status" data-state={geo.status}>
      <LocationStatusBody geo={geo} onUseLocation={onUseLocation} onClear={onClear} />
    </div>
  );
}

function LocationStatusBody({ geo, onUseLocation, onClear }: LocationStatusProps) {
  switch (geo.status) {
    case 'pending':
      return (
        <div className="dir-geo">
          <Button variant="quiet" size="sm" icon={<Icon name="directions" size={16} />} onClick={onUseLocation}>
            Use my location
          </Button>
        </div>
      );
    case 'requesting':
      return (
        <Alert tone="info" className="dir-geo-banner">
          <InlineLoading>Requesting your location... Please allow location access in your browser.</InlineLoading>
        </Alert>
      );
    case 'granted':
      return (
        <Alert tone="success" className="dir-geo-banner">
          <span>Location found - Showing services near you.</span>{' '}
          <span className="dir-geo-banner__actions">
            <button type="button" className="dir-link-button" onClick={onUseLocation}>
              Update location
            </button>
            <button type="button" className="dir-link-button" onClick={onClear}>
              Stop using my location
            </button>
          </span>
        </Alert>
      );
    case 'denied':
    case 'unsupported':
      return (
        <Alert tone="warning" className="dir-geo-banner">
          <span>
            {geo.status === 'denied'
              ? 'Location access denied - Use search to find services by area'
              : 'Your browser cannot share your location - Use search to find services by area'}
          </span>{' '}
          {geo.status === 'denied' ? (
            <span className="dir-geo-banner__actions">
              <button type="button" className="dir-link-button" onClick={onUseLocation}>
                Try again
              </button>
            </span>
          ) : null}
        </Alert>
      );
  }
}
