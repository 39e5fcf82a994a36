import { PackedStrings } from './packed-strings';

describe('packed strings', () => {
  it('gives back each string as it was, empty ones and non-Latin ones included', () => {
    const values = ['leeds', '', 'Dún Laoghaire', 'a', '', 'Baile Átha Cliath', ''];
    const packed = new PackedStrings(values);
    expect(packed.length).toBe(values.length);
    expect(values.map((_, i) => packed.at(i))).toEqual(values);
  });

  it('finds where a value is, or would go, among sorted strings', () => {
    const packed = new PackedStrings(['ab', 'abc', 'abc', 'b', 'ba']);
    expect(packed.lowerBound('a')).toBe(0);
    expect(packed.lowerBound('abc')).toBe(1);
    expect(packed.lowerBound('abd')).toBe(3);
    expect(packed.lowerBound('b')).toBe(3);
    expect(packed.lowerBound('c')).toBe(5);
    expect(packed.lowerBound('b', 4)).toBe(4);
    expect(new PackedStrings([]).lowerBound('a')).toBe(0);
  });

  it('tells whether a string starts with or is a value without cutting it out', () => {
    const packed = new PackedStrings(['leeds', '', 'lee']);
    expect([packed.startsWith(0, 'lee'), packed.startsWith(0, 'leeds'), packed.startsWith(0, 'leedsx'), packed.startsWith(1, 'l'), packed.startsWith(2, 'lee')]).toEqual([true, true, false, false, true]);
    expect([packed.equals(0, 'lee'), packed.equals(2, 'lee'), packed.equals(1, ''), packed.equals(2, 'leeds')]).toEqual([false, true, true, false]);
  });

  it('orders as the string comparison does, whatever the characters', () => {
    const values = ['a', 'B', 'b', 'é', 'e', 'ab', '', 'Á', 'z', '\u{1F600}', 'aa'].sort();
    const packed = new PackedStrings(values);
    for (const probe of ['', 'a', 'aa', 'ac', 'C', 'é', 'ê', 'zz', '\u{1F601}']) {
      expect(packed.lowerBound(probe)).toBe(values.filter((v) => v < probe).length);
    }
  });
});
