// Display helpers for directory listings (pure; unit-tested).
import type { ListingCategory, PublicListing } from '@afterwards/contracts';

export const CATEGORY_EMOJI: Readonly<Record<ListingCategory, string>> = {
  'Funeral Directors': '💐',
  'Register Offices': '📋',
  'Legal Services': '⚖️',
  'Religious Services': '🙏',
  'Coroner Services': '🏛️',
  Crematoriums: '🌿',
  'Counseling Services': '💬',
  'Financial Advisors': '💷',
  Accountants: '🧮',
  Charities: '🤝',
  'Other Services': '📍',
  'Support Services': '🤲',
};

export function categoryEmoji(category: ListingCategory): string {
  return CATEGORY_EMOJI[category] ?? '📍';
}

export function pluralise(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** '{n} service(s) found' with correct English. */
export function resultCountText(n: number): string {
  return `${pluralise(n, 'service', 'services')} found`;
}

/** Distance with one decimal: '2.3 miles away'. */
export function distanceText(miles: number): string {
  return `${miles.toFixed(1)} miles away`;
}

export function ratingText(rating: number, reviews: number): string {
  return `${rating.toFixed(1)} (${pluralise(reviews, 'review', 'reviews')})`;
}

/** tel: link keeping only digits and a leading +; null when there is nothing to dial. */
export function telHref(phone: string | null): string | null {
  if (!phone) return null;
  const trimmed = phone.trim();
  const digits = trimmed.replace(/[^\d]/g, '');
  if (digits.length < 3) return null;
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

export function mailtoHref(email: string | null): string | null {
  if (!email) return null;
  const e = email.trim();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e) ? `mailto:${e}` : null;
}

/** Only http(s) websites are linked; 'www.example.co.uk' gets https:// added. */
export function websiteHref(website: string | null): string | null {
  if (!website) return null;
  const raw = website.trim();
  if (!raw) return null;
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(raw) ? raw : `https://${raw}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Directions by coordinates when known, else a maps search for the address. */
export function directionsHref(listing: Pick<PublicListing, 'latitude' | 'longitude' | 'address'>): string | null {
  if (listing.latitude !== null && listing.longitude !== null) {
    return `https://www.google.com/maps/dir/?api=1&destination=${listing.latitude},${listing.longitude}`;
  }
  if (listing.address && listing.address.trim()) {
    return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(listing.address.trim())}`;
  }
  return null;
}
