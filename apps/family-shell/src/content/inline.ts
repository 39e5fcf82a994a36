// Splits policy text with [text](href) links into pieces (pure; unit-tested).

export type InlinePiece = { text: string } | { text: string; href: string; external: boolean };

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

export function parseInline(source: string): InlinePiece[] {
  const pieces: InlinePiece[] = [];
  let last = 0;
  for (const match of source.matchAll(LINK)) {
    const index = match.index ?? 0;
    if (index > last) pieces.push({ text: source.slice(last, index) });
    const href = match[2]!;
    pieces.push({ text: match[1]!, href, external: /^https?:\/\//i.test(href) });
    last = index + match[0].length;
  }
  if (last < source.length) pieces.push({ text: source.slice(last) });
  return pieces;
}
