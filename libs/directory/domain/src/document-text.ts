/**
 * A document's text as the extraction rules read it: one line per paragraph. A PDF keeps the lines the
 * page was set in (a sentence wraps over two or three), a .docx or .doc gives one line per paragraph, a
 * .txt either. Joining the lines a wrap made, and only those, lets the rules find the same sentence
 * whichever file carried it. Pure: applied to every extractor's text (see extractBusiness).
 */

/** Ends a sentence or a label: the next line starts something new. */
const ENDS_SENTENCE = /[.!?:;]["'’”)\]]*$/u;
/** 'Phone: …', 'Opening hours:': a field of its own. */
const LABEL = /^\p{Lu}[\p{L} &/'’()-]{0,30}:(?:\s|$)/u;
/** '- Burials', '• Cremations', '2. Our fees': an item of a list. */
const LIST_ITEM = /^(?:[-–—•*·▪◦]|\d{1,2}[.)])\s/u;
/** A line that is an address for the web or for mail. */
const LINK_OR_MAIL = /^(?:www\.|https?:\/\/|[^\s@]+@[^\s@]+\.\S+(?:\s|$))/iu;
/** A word broken at the line's end by hyphenation: 'special-' then 'ist'. */
const HYPHENATED = /\p{Ll}-$/u;
const STARTS_LOWER = /^\p{Ll}/u;
/** The last word starts in lower case (a sentence does not end on 'for', 'the', 'across' or a comma). */
const ENDS_MID_SENTENCE = /(?:^|\s)\p{Ll}[\p{L}\p{N}'’-]*,?$/u;
const STARTS_WORD = /^[\p{Lu}\p{N}£(]/u;
/**
 * A paragraph this long or longer so far was cut by the width of the page, not ended by its writer: a
 * wrap before a capitalised word or a figure joins only after such a line (a heading or a name above a
 * sentence is short).
 */
export const SOFT_WRAP_MIN_CHARACTERS = 40;

/** How `next` follows `line` in one paragraph: joined with a space, joined where a hyphen broke a word, or not at all. */
export function wrapBetween(line: string, next: string): 'space' | 'hyphen' | null {
  if (!line || !next) return null;
  if (LIST_ITEM.test(next) || LABEL.test(next) || LINK_OR_MAIL.test(next)) return null;
  if (HYPHENATED.test(line) && STARTS_LOWER.test(next)) return 'hyphen';
  if (ENDS_SENTENCE.test(line)) return null;
  if (STARTS_LOWER.test(next)) return 'space';
  if (STARTS_WORD.test(next) && line.length >= SOFT_WRAP_MIN_CHARACTERS && ENDS_MID_SENTENCE.test(line)) return 'space';
  return null;
}

/**
 * Each paragraph on one line: line ends normalised, runs of spaces and tabs collapsed, each line trimmed,
 * then every line a wrap made joined to the one before it (a hyphenated word made whole). Blank lines
 * (paragraph breaks) and lines that start something new (a label, a list item, a sentence after a full
 * stop) stay as they are.
 */
export function joinWrappedLines(text: string): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .replace(/[\t\f\v\u00a0 ]+/g, ' ')
    .split('\n')
    .map((l) => l.trim());
  const out: string[] = [];
  for (const line of lines) {
    // Against the paragraph so far, so that joining again changes nothing.
    const wrap = out.length > 0 ? wrapBetween(out[out.length - 1]!, line) : null;
    if (wrap === 'space') out[out.length - 1] += ` ${line}`;
    else if (wrap === 'hyphen') out[out.length - 1] = `${out[out.length - 1]!.slice(0, -1)}${line}`;
    else out.push(line);
  }
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
