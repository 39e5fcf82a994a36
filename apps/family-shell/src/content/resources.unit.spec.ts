import { MAPS_HOME, mapsHref } from './resources';

describe('View on Maps', () => {
  it('opens the map at the visitor position when known, else the maps start page', () => {
    expect(mapsHref({ status: 'granted', lat: 53.7996, lng: -1.5491 })).toBe('https://www.google.com/maps/@53.79960,-1.54910,14z');
    expect(mapsHref({ status: 'refused' })).toBe(MAPS_HOME);
    expect(mapsHref({ status: 'unknown' })).toBe(MAPS_HOME);
  });
});
