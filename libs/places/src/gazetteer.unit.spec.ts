import { loadGazetteer } from './load';
import { parseCsv } from './csv';

describe('gazetteer', () => {
  const gazetteer = loadGazetteer();

  it.each([
    ['SW1A 1AA', 'postcode', 51.502, -0.134],
    ['sw1a1aa', 'postcode', 51.502, -0.134],
    ['M1', 'district', 53.478, -2.237],
    ['EH1', 'district', 55.952, -3.192],
    ['BT1', 'district', 54.6, -5.928],
    ['Leeds', 'town', 53.796, -1.548],
    ['cork', 'town', 51.898, -8.471],
    ['Limerick', 'town', 52.665, -8.623],
    ['T12 X8Y2', 'postcode', 51.9, -8.47],
  ])('resolves %s', (input, kind, lat, lng) => {
    const place = gazetteer.resolve(input);
    expect(place).toMatchObject({ kind });
    expect(place!.latitude).toBeCloseTo(lat, 1);
    expect(place!.longitude).toBeCloseTo(lng, 1);
  });

  it('prefers the most populous of towns sharing a name, and reads "Town, County"', () => {
    expect(gazetteer.resolve('Newport')!.label).toMatch(/Newport/);
    expect(gazetteer.resolve('Leeds, West Yorkshire')).toMatchObject({ kind: 'town' });
  });

  it("never labels a place with its own name twice ('Belfast, Belfast')", () => {
    expect(gazetteer.resolve('Belfast')!.label).toBe('Belfast, Northern Ireland');
    for (const town of ['Glasgow', 'Cardiff', 'Leeds', 'Derry', 'Cork', 'Newport']) {
      const [name, area] = gazetteer.resolve(town)!.label.split(', ');
      expect(area?.toLowerCase()).not.toBe(name!.toLowerCase());
    }
  });

  it('returns null for what it does not know', () => {
    expect(gazetteer.resolve('Atlantis')).toBeNull();
    expect(gazetteer.resolve('ZZ9')).toBeNull();
    expect(gazetteer.resolve('   ')).toBeNull();
  });

  it('parses quoted CSV fields', () => {
    expect(parseCsv('a,b\n"x, y","say ""hi"""\n')).toEqual([{ a: 'x, y', b: 'say "hi"' }]);
  });
});
