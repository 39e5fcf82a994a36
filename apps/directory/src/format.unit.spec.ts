import { LISTING_CATEGORIES } from '@afterwards/contracts';
import { listingsUrl } from './api';
import { CATEGORY_EMOJI, directionsHref, distanceText, mailtoHref, ratingText, resultCountText, telHref, websiteHref } from './format';

describe('listing display helpers', () => {
  it('has an emoji for every category', () => {
    for (const c of LISTING_CATEGORIES) expect(CATEGORY_EMOJI[c]).toBeTruthy();
  });

  it('writes counts, distances and ratings in plain English', () => {
    expect(resultCountText(0)).toBe('0 services found');
    expect(resultCountText(1)).toBe('1 service found');
    expect(resultCountText(12)).toBe('12 services found');
    expect(distanceText(2)).toBe('2.0 miles away');
    expect(distanceText(0.35)).toBe('0.3 miles away');
    expect(ratingText(4.66, 1)).toBe('4.7 (1 review)');
    expect(ratingText(5, 23)).toBe('5.0 (23 reviews)');
  });

  it('builds contact links only from usable data', () => {
    expect(telHref('0113 496 0000')).toBe('tel:01134960000');
    expect(telHref('+44 (0)113 496 0000')).toBe('tel:+4401134960000');
    expect(telHref(null)).toBeNull();
    expect(mailtoHref(' care@example.co.uk ')).toBe('mailto:care@example.co.uk');
    expect(mailtoHref('not an email')).toBeNull();
    expect(websiteHref('www.example.co.uk')).toBe('https://www.example.co.uk/');
    expect(websiteHref('http://example.com/page')).toBe('http://example.com/page');
    expect(websiteHref('javascript:alert(1)')).toBeNull();
    expect(websiteHref('')).toBeNull();
  });

  it('gives directions by coordinates, else by address', () => {
    expect(directionsHref({ latitude: 53.8, longitude: -1.55, address: 'x' })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=53.8,-1.55',
    );
    expect(directionsHref({ latitude: null, longitude: null, address: '1 High St, Leeds LS1 1AA' })).toBe(
      'https://www.google.com/maps/search/?api=1&query=1%20High%20St%2C%20Leeds%20LS1%201AA',
    );
    expect(directionsHref({ latitude: null, longitude: null, address: null })).toBeNull();
  });

  it('asks the API for the category and the place typed, or the visitor position', () => {
    expect(listingsUrl({ category: 'all', location: '  Leeds ', coords: null })).toBe('/api/directory/listings?category=all&location=Leeds');
    expect(listingsUrl({ category: 'Funeral Directors', location: '', coords: null })).toBe(
      '/api/directory/listings?category=Funeral+Directors',
    );
    expect(listingsUrl({ category: 'all', location: '', coords: { lat: 53.8, lng: -1.55 } })).toBe(
      '/api/directory/listings?category=all&lat=53.80000&lng=-1.55000',
    );
  });
});
