import type { MemoryOrganisationStatus } from '@afterwards/contracts';
import { addDays, formatDateEnGB } from '@afterwards/checklist-domain';
import { DEFAULT_REPLY_DAYS } from './memory-organisations';

/**
 * A letter sent and not acknowledged after the organisation's usual time to reply (21 days when it gives
 * none): from that day on it is waiting. `today` is a UK date (YYYY-MM-DD), so the rule is pure.
 */
export function isWaiting(entry: { status: MemoryOrganisationStatus; sentOn: string | null; usualReplyDays: number | null }, today: string): boolean {
  if (entry.status !== 'letter-sent' || !entry.sentOn) return false;
  return today >= addDays(entry.sentOn, entry.usualReplyDays && entry.usualReplyDays > 0 ? entry.usualReplyDays : DEFAULT_REPLY_DAYS);
}

/** The reminder e-mail's line: 'Nationwide has not replied to your letter of 3 November'. */
export function waitingLine(letter: { name: string; sentOn: string }): string {
  // formatDateEnGB gives '3 November 2026'; within a year the year says nothing.
  const [day, month] = formatDateEnGB(letter.sentOn).split(' ');
  return `${letter.name} has not replied to your letter of ${day} ${month}`;
}
