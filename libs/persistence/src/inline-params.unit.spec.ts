import { inlineParams } from './inline-params';

describe('inlining parameters into a statement', () => {
  it('replaces each placeholder with its literal, as often as it appears', () => {
    expect(inlineParams('SELECT * FROM cases WHERE user_id = $1 OR owner = $1 AND id = $2::uuid', ["'u1'", "'c2'"])).toBe(
      "SELECT * FROM cases WHERE user_id = 'u1' OR owner = 'u1' AND id = 'c2'::uuid",
    );
    expect(inlineParams('SELECT $10, $1', ['1', '2', '3', '4', '5', '6', '7', '8', '9', "'ten'"])).toBe("SELECT 'ten', 1");
  });

  it('leaves placeholders inside strings, quoted names and comments alone', () => {
    const text = `SELECT '$1', 'it''s $2', "col$1", x -- $1 here
      /* and $2 */ FROM t WHERE a = $1`;
    expect(inlineParams(text, ["'v'", "'w'"])).toBe(`SELECT '$1', 'it''s $2', "col$1", x -- $1 here
      /* and $2 */ FROM t WHERE a = 'v'`);
  });

  it('refuses a placeholder without a value, an unterminated quote and dollar quoting', () => {
    expect(() => inlineParams('SELECT $2', ["'a'"])).toThrow('No value for $2');
    expect(() => inlineParams("SELECT 'open", [])).toThrow(/unterminated quote/);
    expect(() => inlineParams('SELECT $$x$$', [])).toThrow(/Dollar-quoted/);
    expect(() => inlineParams('SELECT /* open', [])).toThrow(/unterminated comment/);
  });

  it('keeps a literal that itself holds a placeholder-like text as it is', () => {
    expect(inlineParams('SELECT $1, $2', ["'$2'", "'b'"])).toBe("SELECT '$2', 'b'");
  });
});
