import fc from 'fast-check';
import { extractBusiness } from './document-extraction';
import { SOFT_WRAP_MIN_CHARACTERS, joinWrappedLines } from './document-text';

/** Greedy wrap of `words` at `width` characters, as a page sets a paragraph. */
function wrap(words: readonly string[], width: number): string[] {
  const lines: string[] = [];
  for (const word of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

const lowerWord = fc.stringMatching(/^[a-z]{1,10}$/);
/** A word in a sentence: lower case, capitalised (a place name), or with a comma after it. */
const sentenceWord = fc.oneof(lowerWord, lowerWord.map((w) => `${w[0]!.toUpperCase()}${w.slice(1)}`), lowerWord.map((w) => `${w},`));
/** A sentence whose last word on any line starts in lower case: 'We … for families across the Dales.' */
const sentence = fc
  .array(fc.tuple(sentenceWord, lowerWord), { minLength: 4, maxLength: 30 })
  .map((pairs) => {
    const words = pairs.flat();
    return `We ${words.join(' ')}.`;
  });

describe('joinWrappedLines: a paragraph on one line, whichever way the file set it', () => {
  it('given a sentence wrapped at any page width, when joined, then it is the sentence on one line', () => {
    fc.assert(
      fc.property(sentence, fc.integer({ min: SOFT_WRAP_MIN_CHARACTERS + 10, max: 120 }), (text, width) => {
        const lines = wrap(text.split(' '), width);
        expect(joinWrappedLines(lines.join('\n'))).toBe(text);
        expect(joinWrappedLines(lines.join('\r\n'))).toBe(text);
      }),
    );
  });

  it('given lower-case words wrapped at any width, even a narrow one, when joined, then they are one line', () => {
    fc.assert(
      fc.property(fc.array(lowerWord, { minLength: 2, maxLength: 40 }), fc.integer({ min: 8, max: 60 }), (words, width) => {
        const text = `Our ${words.join(' ')}.`;
        expect(joinWrappedLines(wrap(text.split(' '), width).join('\n'))).toBe(text);
      }),
    );
  });

  it('given a word hyphenated at the end of a line, when joined, then the word is whole again', () => {
    fc.assert(
      fc.property(fc.array(lowerWord, { minLength: 1, maxLength: 8 }), fc.stringMatching(/^[a-z]{2,6}$/), fc.stringMatching(/^[a-z]{2,6}$/), (before, head, tail) => {
        const text = `We ${before.join(' ')} ${head}-\n${tail} services.`;
        expect(joinWrappedLines(text)).toBe(`We ${before.join(' ')} ${head}${tail} services.`);
      }),
    );
  });

  it('keeps paragraph breaks, labelled fields, list items and lines after a full stop on lines of their own', () => {
    fc.assert(
      fc.property(fc.array(sentence, { minLength: 1, maxLength: 5 }), (paragraphs) => {
        // Blank lines between paragraphs stay one blank line.
        expect(joinWrappedLines(paragraphs.join('\n\n\n'))).toBe(paragraphs.join('\n\n'));
        // Each sentence ends with a full stop: the next one starts a line of its own.
        expect(joinWrappedLines(paragraphs.join('\n'))).toBe(paragraphs.join('\n'));
      }),
    );
    const fields = ['Hope & Sons Funeral Directors Ltd', 'Address: 12 Park Row', 'Leeds LS1 5HN', 'Phone: 0113 496 0000', 'Email: info@hopeandsons.example', 'www.hopeandsons.example', '- Burials', '- Cremations'];
    expect(joinWrappedLines(fields.join('\n'))).toBe(fields.join('\n'));
    // A heading is short: the sentence under it is not joined to it.
    expect(joinWrappedLines('Our services\nWe provide funerals.')).toBe('Our services\nWe provide funerals.');
  });

  it('is idempotent: joining joined text changes nothing', () => {
    const line = fc.oneof(sentenceWord, fc.constantFrom('', 'Phone: 0113 496 0000', '- Burials', 'special-', 'Leeds LS1 5HN', 'info@x.example'));
    fc.assert(
      fc.property(fc.array(fc.array(line, { minLength: 1, maxLength: 8 }).map((ws) => ws.join(' ')), { maxLength: 20 }), (lines) => {
        const once = joinWrappedLines(lines.join('\n'));
        expect(joinWrappedLines(once)).toBe(once);
      }),
    );
  });
});

describe('the extraction rules read a wrapped description as the same sentence on one line', () => {
  const description = 'We provide caring funeral services for families across West Yorkshire and the Dales.';
  it.each([
    ['on one line (a .docx paragraph)', description],
    ['wrapped as a PDF sets it', 'We provide caring funeral services for\nfamilies across West Yorkshire and the Dales.'],
    ['wrapped before a place name, Windows line ends', 'We provide caring funeral services for families across\r\nWest Yorkshire and the Dales.'],
    ['hyphenated at a line end', 'We provide caring funeral ser-\nvices for families across West Yorkshire and the Dales.'],
  ])('finds the description %s', (_name, text) => {
    const { data } = extractBusiness(`Hope & Sons Funeral Directors Ltd\n${text}\nPhone: 0113 496 0000`, 'hope.pdf');
    expect(data.description).toBe(description);
    expect(data.phone).toBe('0113 496 0000');
    expect(data.businessName).toBe('Hope & Sons Funeral Directors Ltd');
  });
});
