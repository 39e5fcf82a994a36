import { PreparedReadNames, readLiteral, readSettings, readStatement } from './prepared-reads';

describe('prepared reads', () => {
  it('quotes text as the driver does, keeps numbers and refuses anything else', () => {
    expect(readLiteral("Ann's")).toBe("'Ann''s'");
    expect(readLiteral('back\\slash')).toBe(" E'back\\\\slash'");
    expect(readLiteral(42)).toBe('42');
    expect(() => readLiteral(null)).toThrow(/text and numbers only/);
    expect(() => readLiteral(Number.NaN)).toThrow(/text and numbers only/);
  });

  it('sets each setting for the transaction only', () => {
    expect(readSettings({ role: 'afterwards_app', 'app.user_id': "u'1" })).toBe("set_config('role', 'afterwards_app', true), set_config('app.user_id', 'u''1', true)");
  });

  it('prepares the first time on a connection, then executes, and inlines a read it may not prepare', () => {
    const text = 'SELECT * FROM cases WHERE id = $1::uuid';
    expect(readStatement(text, ["'c1'"], 'afterwards_read_x', true)).toBe(`PREPARE afterwards_read_x AS ${text}; EXECUTE afterwards_read_x('c1')`);
    expect(readStatement(text, ["'c1'"], 'afterwards_read_x', false)).toBe("EXECUTE afterwards_read_x('c1')");
    expect(readStatement('SELECT 1', [], 'afterwards_read_y', false)).toBe('EXECUTE afterwards_read_y');
    expect(readStatement(text, ["'c1'"], undefined, false)).toBe("SELECT * FROM cases WHERE id = 'c1'::uuid");
  });

  it('names each text once and the same way every time, and never again one it was told not to prepare', () => {
    const names = new PreparedReadNames();
    const a = names.nameOf('SELECT 1');
    expect(a).toMatch(/^afterwards_read_[0-9a-f]{16}$/);
    expect(names.nameOf('SELECT 1')).toBe(a);
    expect(new PreparedReadNames().nameOf('SELECT 1')).toBe(a);
    expect(names.nameOf('SELECT 2')).not.toBe(a);
    names.neverPrepare('SELECT $1');
    expect(names.nameOf('SELECT $1')).toBeUndefined();
  });

  it('stops naming new texts past its bound, so a stream of distinct texts cannot fill a connection', () => {
    const names = new PreparedReadNames();
    const named = Array.from({ length: 100 }, (_, i) => names.nameOf(`SELECT ${i}`));
    expect(named.filter(Boolean)).toHaveLength(64);
    expect(names.nameOf('SELECT 0')).toBeDefined();
  });
});
