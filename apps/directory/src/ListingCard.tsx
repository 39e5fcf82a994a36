import { useId, useState } from 'react';
import type { ListingAction, PublicListing } from '@afterwards/contracts';
import { Badge, Icon, buttonClassName } from '@afterwards/web-ui';
import { categoryEmoji, directionsHref, distanceText, mailtoHref, ratingText, telHref, websiteHref } from './format';

export function ListingCard({ listing, onAction }: { listing: PublicListing; onAction?: (listing: PublicListing, action: ListingAction) => void }) {
  const act = (action: ListingAction) => () => onAction?.(listing, action);
  const titleId = useId();
  const detailsId = useId();
  const [expanded, setExpanded] = useState(false);
  const hasDetails = Boolean(listing.description || listing.pricing);
  // Opening a listing's details is a 'click' (what promotions count as click-through); closing is not.
  const toggleDetails = () => {
    if (!expanded) onAction?.(listing, 'click');
    setExpanded(!expanded);
  };
  const tel = telHref(listing.phone);
  const mail = mailtoHref(listing.email);
  const web = websiteHref(listing.website);
  const directions = directionsHref(listing);
  const action = buttonClassName({ variant: 'secondary', size: 'sm' });

  return (
    <article className={listing.promoted ? 'dir-card dir-card--featured' : 'dir-card'} data-testid="listing-card" data-listing-id={listing.id} aria-labelledby={titleId}>
      <div className="dir-card__top">
        <span className="dir-card__emoji" aria-hidden="true">
          {categoryEmoji(listing.category)}
        </span>
        <div className="dir-card__title">
          <h3 id={titleId}>{listing.name}</h3>
          <p className="dir-card__meta">
            {listing.category} <span aria-hidden="true">·</span> {listing.location}
          </p>
        </div>
        {listing.promoted ? (
          <Badge tone="featured" className="dir-card__featured">
            <Icon name="star" size={13} fill="currentColor" />
            Featured
          </Badge>
        ) : null}
      </div>

      {listing.distanceMiles !== null || listing.withinServiceArea ? (
        <div className="aw-cluster dir-card__tags">
          {listing.distanceMiles !== null ? (
            <Badge>
              <Icon name="pin" size={13} />
              {distanceText(listing.distanceMiles)}
            </Badge>
          ) : null}
          {listing.withinServiceArea ? (
            <Badge tone="success">
              <Icon name="check" size={13} strokeWidth={2.5} />
              Serves your area
            </Badge>
          ) : null}
        </div>
      ) : null}

      {listing.address ? (
        <p className="aw-row dir-card__line">
          <Icon name="pin" size={16} />
          <span>
            <span className="aw-visually-hidden">Address: </span>
            {listing.address}
          </span>
        </p>
      ) : null}

      {listing.rating !== null ? (
        <p className="aw-row dir-card__line dir-card__rating">
          <Icon name="star" size={16} fill="currentColor" />
          <span>
            <span className="aw-visually-hidden">Rated </span>
            {ratingText(listing.rating, listing.totalReviews)}
          </span>
        </p>
      ) : null}

      {hasDetails ? (
        <div id={detailsId} className={expanded ? 'dir-card__details dir-card__details--open' : 'dir-card__details'}>
          {listing.description ? <p className="dir-card__description">{listing.description}</p> : null}
          {listing.pricing && expanded ? (
            <p className="dir-card__pricing">
              <strong>Pricing:</strong> {listing.pricing}
            </p>
          ) : null}
        </div>
      ) : null}
      {hasDetails ? (
        <button type="button" className="dir-card__more" aria-expanded={expanded} aria-controls={detailsId} onClick={toggleDetails}>
          {expanded ? 'Fewer details' : 'More details'}
          <span className="aw-visually-hidden"> about {listing.name}</span>
          <Icon name="arrow-down" size={16} className="dir-card__more-icon" />
        </button>
      ) : null}

      {tel || mail || web || directions ? (
        <div className="aw-cluster dir-card__actions">
          {tel ? (
            <a className={action} href={tel} onClick={act('call')} aria-label={`Call ${listing.name}`}>
              <Icon name="phone" size={16} />
              Call
            </a>
          ) : null}
          {mail ? (
            <a className={action} href={mail} onClick={act('email')} aria-label={`Email ${listing.name}`}>
              <Icon name="mail" size={16} />
              Email
            </a>
          ) : null}
          {web ? (
            <a className={action} href={web} onClick={act('website')} target="_blank" rel="noopener noreferrer" aria-label={`Website of ${listing.name} (opens in a new tab)`}>
              <Icon name="globe" size={16} />
              Website
            </a>
          ) : null}
          {directions ? (
            <a
              className={action}
              href={directions}
              onClick={act('directions')}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Directions to ${listing.name} (opens in a new tab)`}
            >
              <Icon name="directions" size={16} />
              Directions
            </a>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
