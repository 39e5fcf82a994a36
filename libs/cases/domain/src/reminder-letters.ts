// Letters waiting for a reply in the daily reminder e-mail (issue 43): a letter sent to an organisation and not
// acknowledged after its usual time is mentioned in the one e-mail of the day. The waiting rule and the words
// are the organisations domain's, so the e-mail and the Organisations screen say the same.
import { addDays, daysBetween } from '@afterwards/checklist-domain';
import { DEFAULT_REPLY_DAYS, isWaiting, waitingLine } from '@afterwards/organisations-domain';

/** A letter sent to one of the memory's organisations and not yet acknowledged. */
export interface DigestLetter {
  readonly entryId: string;
  /** The organisation's name. */
  readonly name: string;
  readonly sentOn: string;
  readonly usualReplyDays: number;
}

export interface DigestLetterItem {
  readonly entryId: string;
  /** 'Nationwide has not replied to your letter of 3 November' */
  readonly line: string;
}

/** Days between two mentions of the same waiting letter in e-mails that go only because of it. */
export const WAITING_LETTER_EVERY_DAYS = 7;

/**
 * Whether `day`'s e-mail mentions the letter: never before it is waiting; in any e-mail that goes that day
 * anyway (`goingAnyway`: something else is due); on its own, on the day it starts waiting and once a week
 * after, so a letter nobody answers is a weekly nudge rather than a daily one.
 */
export function letterOn(letter: DigestLetter, day: string, goingAnyway: boolean): DigestLetterItem | null {
  if (!isWaiting({ status: 'letter-sent', sentOn: letter.sentOn, usualReplyDays: letter.usualReplyDays }, day)) return null;
  const waitingFrom = addDays(letter.sentOn, letter.usualReplyDays > 0 ? letter.usualReplyDays : DEFAULT_REPLY_DAYS);
  if (!goingAnyway && daysBetween(waitingFrom, day) % WAITING_LETTER_EVERY_DAYS !== 0) return null;
  return { entryId: letter.entryId, line: waitingLine(letter) };
}

/** What to do about waiting letters: mark them acknowledged, or (a viewer) where to see them. */
export function lettersNote(canChange: boolean, ownerName: string, count: number): string {
  if (canChange) {
    return `When ${count === 1 ? 'they reply' : 'each replies'}, mark the letter acknowledged in the memory's Organisations and we will not mention it again.`;
  }
  return `${ownerName.trim() || 'The person who shared this memory'} can see ${count === 1 ? 'this' : 'these'} in the memory's Organisations.`;
}
