import { loadGazetteer } from './load';
import { Gazetteer } from './gazetteer';

describe('place suggestions', () => {
  const gazetteer = loadGazetteer();
  const labels = (q: string, limit = 8) => gazetteer.suggest(q, limit).map((s) => s.label);

  it('offers the biggest towns first for a prefix', () => {
    expect(labels('Lee')[0]).toBe('Leeds');
    expect(labels('man')[0]).toBe('Manchester');
    expect(labels('b', 1)).toEqual(['Birmingham']);
    expect(labels('Lee', 2)).toEqual(['Leeds', 'Lee']);
  });

  it('puts an exact name before longer names that start with it', () => {
    const york = gazetteer.suggest('York');
    expect(york[0]).toMatchObject({ label: 'York', kind: 'town' });
  });

  it('is case- and accent-insensitive and finds Irish places by their English names', () => {
    expect(labels('CORK')[0]).toBe('Cork');
    expect(gazetteer.suggest('limer')[0]).toMatchObject({ label: 'Limerick', kind: 'town', detail: 'Munster, Ireland' });
    expect(labels('Luimneach')[0]).toBe('Limerick');
    expect(labels('rath luirc')[0]).toBe('Charleville');
    expect(labels('Ráth Luirc')[0]).toBe('Charleville');
  });

  it('labels towns that share a name with their area, and the label resolves to the same place', () => {
    const newports = gazetteer.suggest('Newport', 20).filter((s) => s.label.startsWith('Newport'));
    expect(newports[0]!.label).toBe('Newport');
    expect(newports.map((s) => s.label)).toContain('Newport, Shropshire');
    for (const s of newports) {
      const place = gazetteer.resolve(s.label)!;
      expect(place.latitude).toBeCloseTo(s.latitude, 3);
      expect(place.longitude).toBeCloseTo(s.longitude, 3);
    }
  });

  it('finds villages and short names from the postal places file', () => {
    expect(gazetteer.suggest('Hull')[0]).toMatchObject({ label: 'Hull', kind: 'town' });
    expect(gazetteer.resolve('Hull')).toMatchObject({ kind: 'town' });
    expect(gazetteer.resolve('Hull')!.latitude).toBeCloseTo(53.75, 1);
    const village = gazetteer.suggest('Grassington')[0]!;
    expect(village).toMatchObject({ kind: 'town' });
    expect(gazetteer.resolve(village.label)!.latitude).toBeCloseTo(village.latitude, 3);
  });

  it('suggests postcode districts, full postcodes and Eircodes', () => {
    expect(gazetteer.suggest('M1')[0]).toMatchObject({ label: 'M1', kind: 'district', detail: 'Manchester' });
    expect(labels('m1', 4)).toEqual(['M1', 'M11', 'M12', 'M13']);
    expect(gazetteer.suggest('sw1a')[0]).toMatchObject({ label: 'SW1A', kind: 'district' });
    expect(gazetteer.suggest('sw1a 1aa')[0]).toMatchObject({ label: 'SW1A 1AA', kind: 'postcode' });
    expect(gazetteer.suggest('SW1A1AA')[0]).toMatchObject({ label: 'SW1A 1AA', kind: 'postcode' });
    expect(gazetteer.suggest('SW1A 1')[0]).toMatchObject({ label: 'SW1A', kind: 'district' });
    expect(gazetteer.suggest('t12')[0]).toMatchObject({ label: 'T12', kind: 'district', detail: expect.stringContaining('Ireland') });
    expect(gazetteer.suggest('T12 X8Y2')[0]).toMatchObject({ label: 'T12 X8Y2', kind: 'postcode' });
    for (const q of ['M1', 'SW1A', 'SW1A 1AA', 'T12', 'T12 X8Y2']) {
      const s = gazetteer.suggest(q)[0]!;
      expect(gazetteer.resolve(s.label)).toMatchObject({ latitude: s.latitude, longitude: s.longitude });
    }
  });

  it('respects the limit and returns nothing for nonsense or blank input', () => {
    expect(gazetteer.suggest('a', 3)).toHaveLength(3);
    expect(gazetteer.suggest('zzqx')).toEqual([]);
    expect(gazetteer.suggest('   ')).toEqual([]);
  });

  it('builds from its sources alone, without the postal places file', () => {
    const small = new Gazetteer({
      districtsCsv: 'outcode,latitude,longitude,post_town,active_postcodes,non_geographic\nLS1,53.79,-1.55,LEEDS,100,N\n',
      townsCsv: 'name,alt_names,country,region,county,outcode,latitude,longitude,population\nLeeds,,England,Yorkshire,West Yorkshire,LS1,53.8,-1.55,455123\n',
      eircodesCsv: 'routing_key,place,latitude,longitude\n',
    });
    expect(small.suggest('l').map((s) => s.label)).toEqual(['Leeds', 'LS1']);
  });
});
