/**
 * `text` with each `$n` placeholder replaced by the literal `literals[n - 1]`, skipping quoted strings,
 * quoted identifiers and comments: so a read and the statements around it (BEGIN, the settings, COMMIT)
 * travel as one simple-protocol query, one round trip, which takes no parameters. The literals must be
 * quoted by the driver (`escapeLiteral`); a placeholder without a literal is an error, never left in.
 */
export function inlineParams(text: string, literals: readonly string[]): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    const next = text[i + 1];
    let end = i + 1;
    if (ch === "'" || ch === '"') {
      // To the closing quote; a doubled quote is an escaped one.
      end = i + 1;
      for (;;) {
        const close = text.indexOf(ch, end);
        if (close < 0) throw new Error('An unterminated quote in a statement to inline');
        if (text[close + 1] === ch) end = close + 2;
        else {
          end = close + 1;
          break;
        }
      }
    } else if (ch === '-' && next === '-') {
      const eol = text.indexOf('\n', i);
      end = eol < 0 ? text.length : eol;
    } else if (ch === '/' && next === '*') {
      const close = text.indexOf('*/', i + 2);
      if (close < 0) throw new Error('An unterminated comment in a statement to inline');
      end = close + 2;
    } else if (ch === '$' && next !== undefined && /[0-9]/.test(next)) {
      const digits = /^[0-9]+/.exec(text.slice(i + 1))![0];
      const literal = literals[Number(digits) - 1];
      if (literal === undefined) throw new Error(`No value for $${digits}`);
      out += literal;
      i += 1 + digits.length;
      continue;
    } else if (ch === '$') {
      // A dollar-quoted string ($tag$ … $tag$) would need a parser of its own: the statements inlined have none.
      if (/^\$[A-Za-z_]*\$/.test(text.slice(i))) throw new Error('Dollar-quoted strings are not supported in a statement to inline');
    }
    out += text.slice(i, end);
    i = end;
  }
  return out;
}
