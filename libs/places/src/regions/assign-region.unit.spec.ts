import { geoContains } from 'd3-geo';
import { loadGazetteer } from '@afterwards/places';
import { assignRegion, regionFeatures, regionOf } from './index';

describe('assignRegion', () => {
  it.each([
    // Cities the issue names.
    ['Belfast', 54.59682, -5.92541, 'Northern Ireland'],
    ['Dublin', 53.34399, -6.26719, 'Ireland'],
    ['Cork', 51.89797, -8.47061, 'Ireland'],
    // Islands: the Isle of Wight is in the South East, Anglesey in Wales, the Scilly Isles in the South West.
    ['Newport, Isle of Wight', 50.70114, -1.29178, 'South East'],
    ['Ventnor, Isle of Wight', 50.59404, -1.20738, 'South East'],
    ['Holyhead, Anglesey', 53.30918, -4.63316, 'Wales'],
    ['Llangefni, Anglesey', 53.25575, -4.31050, 'Wales'],
    ['St Mary’s, Isles of Scilly', 49.9147, -6.3107, 'South West'],
    ['Lerwick, Shetland', 60.15444, -1.14494, 'Scotland'],
    // Either side of borders.
    ['Berwick-upon-Tweed', 55.77039, -2.00490, 'North East'],
    ['Gretna', 54.99484, -3.06222, 'Scotland'],
    ['Carlisle', 54.8951, -2.9382, 'North West'],
    ['Chepstow', 51.64151, -2.67367, 'Wales'],
    ['Tutshill (across the Wye from Chepstow)', 51.65356, -2.65870, 'South West'],
    ['Strabane', 54.82373, -7.46916, 'Northern Ireland'],
    ['Lifford (across the Foyle from Strabane)', 54.83194, -7.48361, 'Ireland'],
    ['Newry', 54.1751, -6.3402, 'Northern Ireland'],
    ['Dundalk', 54.0, -6.41667, 'Ireland'],
    ['Watford', 51.65531, -0.39602, 'East of England'],
    ['Romford', 51.57515, 0.18582, 'London'],
    ['Buxton', 53.25, -1.91667, 'East Midlands'],
    ['Milton Keynes', 52.04172, -0.75583, 'South East'],
  ])('%s (%f, %f) is in %s', (_name, lat, lng, region) => {
    expect(regionOf(lat, lng)).toBe(region);
  });

  it('takes a point just off the generalised coast to the nearest region', () => {
    // The end of Brighton Palace Pier, out at sea on the boundary's coastline.
    expect(assignRegion(50.8145, -0.1367)).toEqual({ region: 'South East', method: 'nearest' });
  });

  it("puts listings without coordinates, and points far from every region, in 'Other'", () => {
    expect(assignRegion(null, null)).toEqual({ region: 'Other', method: 'no-coordinates' });
    expect(assignRegion(53.4, undefined)).toEqual({ region: 'Other', method: 'no-coordinates' });
    expect(assignRegion(49.186, -2.106)).toEqual({ region: 'Other', method: 'outside' }); // St Helier, Jersey
    expect(assignRegion(54.15, -4.48)).toEqual({ region: 'Other', method: 'outside' }); // Douglas, Isle of Man
    expect(assignRegion(0, 0)).toEqual({ region: 'Other', method: 'outside' });
  });

  it('agrees with the region of every town in the places data (placed there by the full-detail boundaries)', () => {
    const towns = loadGazetteer().towns;
    const expected = (t: { country: string; region: string }) => (t.country === 'England' ? t.region : t.country);
    const disagree = towns.filter((t) => regionOf(t.latitude, t.longitude) !== expected(t)).map((t) => t.name);
    // Llancillo, a hamlet on the Welsh border with no population, is the one GeoNames puts in England.
    expect(disagree).toEqual(['Llancillo']);
  });

  it('answers as d3-geo’s spherical test does for points inside a boundary', () => {
    const features = regionFeatures();
    const towns = loadGazetteer().towns.filter((_, i) => i % 20 === 0);
    let inside = 0;
    for (const t of towns) {
      const a = assignRegion(t.latitude, t.longitude);
      if (a.method !== 'inside') continue;
      inside++;
      const containing = features.filter((f) => geoContains(f, [t.longitude, t.latitude])).map((f) => f.properties.name);
      expect(containing).toEqual([a.region]);
    }
    expect(inside).toBeGreaterThan(200);
  });
});
