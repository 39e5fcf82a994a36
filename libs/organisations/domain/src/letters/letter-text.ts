import type { LetterDetails } from '@afterwards/contracts';
import { grantName, kindWords } from './asks';

/** The words of one letter. The PDF and the e-mail lay them out; the family may replace the body. */
export interface LetterText {
  subject: string;
  paragraphs: string[];
  asks: string[];
  enclosures: string[];
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** '2026-03-04' as '4 March 2026'; anything else as it came (the family's own words stay theirs). */
export function longDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  if (!m || !month) return iso;
  return `${Number(m[3])} ${month} ${m[1]}`;
}

const NOT_KNOWN = 'Not known';
export const NO_ADDRESS_NOTE = 'Address: please use the one on their bereavement page';

/** Who the letter is about, as labelled lines: the part every letter keeps, whatever the family writes. */
export function letterFacts(details: LetterDetails): { label: string; value: string }[] {
  const { deceased } = details;
  return [
    { label: 'Full name', value: deceased.fullName },
    { label: 'Date of birth', value: deceased.dateOfBirth ? longDate(deceased.dateOfBirth) : NOT_KNOWN },
    { label: 'Date of death', value: deceased.dateOfDeath ? longDate(deceased.dateOfDeath) : NOT_KNOWN },
    { label: 'Last address', value: deceased.lastAddress.length > 0 ? deceased.lastAddress.join(', ') : NOT_KNOWN },
    ...details.references.map((r) => ({ label: r.label, value: r.value })),
  ];
}

function subjectOf(details: LetterDetails): string {
  const first = details.references[0];
  return `The death of ${details.deceased.fullName}` + (first ? `: ${first.label} ${first.value}` : '');
}

function preparedText(details: LetterDetails): Omit<LetterText, 'subject'> {
  const { deceased, organisation } = details;
  const words = kindWords(organisation.kind, organisation.name);
  const grant = grantName(details.jurisdiction);
  const died = deceased.dateOfDeath ? ` on ${longDate(deceased.dateOfDeath)}` : '';
  const paragraphs = [
    `I am writing to tell you that ${deceased.fullName}, who ${words.relationship}, died${died}. ` +
      'I am helping to deal with their affairs. Their details and any reference numbers I have are above.',
  ];
  const asks = [
    ...words.asks.map((a) => a.replace('{grant}', grant)),
    `Please send any letters about ${deceased.fullName}'s affairs to me at the address above, and tell me if you need anything else from me.`,
  ];
  const enclosures = ['A certified copy of the death certificate'];
  if (words.mayNeedGrant) enclosures.push(`A copy of the ${grant}, if it has been issued (I can send it later if you need it)`);
  return { paragraphs, asks, enclosures };
}

/** The family's own text, split into paragraphs at blank lines; nothing else is added to it. */
function ownText(body: string): Omit<LetterText, 'subject'> {
  const paragraphs = body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  return { paragraphs, asks: [], enclosures: [] };
}

/**
 * The letter to one organisation: the prepared words for its kind (what is asked, what is enclosed), or
 * the family's own body when they edited it. The subject and the facts about the person who died are kept
 * either way, so every letter names them, their dates and the references.
 */
export function letterText(details: LetterDetails): LetterText {
  const body = details.body?.trim() ? ownText(details.body) : preparedText(details);
  return { subject: subjectOf(details), ...body };
}

const CLOSING = 'Thank you for your help.';

/** The body as plain text, the form the family edits: paragraphs, then the asks and enclosures as lists. */
export function letterPlainText(details: LetterDetails): string {
  if (details.body?.trim()) return ownText(details.body).paragraphs.join('\n\n');
  const { paragraphs, asks, enclosures } = preparedText(details);
  return [...paragraphs, asks.map((a) => `- ${a}`).join('\n'), `I enclose:\n${enclosures.map((e) => `- ${e}`).join('\n')}`, CLOSING].join('\n\n');
}

/** The letter's body laid out for print: prepared letters gain their lists and closing line here. */
export function letterBlocks(details: LetterDetails): { paragraphs: string[]; asks: string[]; enclosures: string[]; closing: string | null } {
  const text = letterText(details);
  const own = Boolean(details.body?.trim());
  return { paragraphs: text.paragraphs, asks: text.asks, enclosures: text.enclosures, closing: own ? null : CLOSING };
}

/** The e-mail version, for organisations that take e-mail: the same words, with the facts as lines. */
export function letterEmail(details: LetterDetails): { subject: string; body: string } {
  const facts = letterFacts(details)
    .map((f) => `${f.label}: ${f.value}`)
    .join('\n');
  const signature = [details.sender.name, ...details.sender.address, details.sender.phone ?? '', details.sender.email ?? '']
    .filter((l) => l.trim().length > 0)
    .join('\n');
  // An e-mail attaches what a posted letter encloses.
  const text = details.body?.trim() ? letterPlainText(details) : letterPlainText(details).replace('I enclose:', 'I attach:');
  const body = ['Dear Sir or Madam,', facts, text, `Yours faithfully,\n${signature}`].join('\n\n');
  return { subject: subjectOf(details), body };
}
