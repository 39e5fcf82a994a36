// Nobody loses a memory silently: who is told what when a memory is deleted, its owner's account goes, or
// someone is taken off it (decision 0045). Pure rules over the facts and who was on the memory just before.
import type { CaseDeleted, MemberRemoved } from './case.events';

/**
 * What happened, as the person told sees it:
 * - `memory-deleted`: the owner deleted the memory (Delete Forever);
 * - `owner-account-deleted`: the memory went with its owner's account;
 * - `removed`: the owner took this person off the memory;
 * - `member-left`: told to the owner: someone left the memory (or deleted their account, which leaves it).
 */
export const MEMORY_NOTICE_KINDS = ['memory-deleted', 'owner-account-deleted', 'removed', 'member-left'] as const;
export type MemoryNoticeKind = (typeof MEMORY_NOTICE_KINDS)[number];

/** Who was on a memory just before the fact, and whom it is about: the notices' reactor keeps this per memory. */
export interface NoticeSubject {
  readonly caseId: string;
  readonly ownerId: string;
  readonly deceasedName: string;
  /** Editors and viewers, by account id. */
  readonly memberIds: readonly string[];
}

/** One person to tell: `actorId` made the change (the owner, or the person who left). */
export interface MemoryNotice {
  readonly recipientId: string;
  readonly kind: MemoryNoticeKind;
  readonly caseId: string;
  readonly deceasedName: string;
  readonly actorId: string;
}

type NoticeFact = Pick<CaseDeleted, 'type' | 'data'> | Pick<MemberRemoved, 'type' | 'data'>;

/**
 * The people to tell about `fact`, given who was on the memory just before it (none when the reactor never
 * saw the memory: a replay after Delete Forever finds only its tombstone, and must tell nobody again).
 * - Delete Forever or the owner's account going: every editor and viewer loses the memory, and is told.
 * - The owner removes someone: that person is told; the others lose nothing (they see the change live).
 * - Someone leaves, or deletes their own account: the owner is told; the memory stays with the owner.
 * Nobody is told about their own act.
 */
export function noticesFor(fact: NoticeFact, subject: NoticeSubject | null): MemoryNotice[] {
  if (!subject) return [];
  const about = { caseId: subject.caseId, deceasedName: subject.deceasedName };
  if (fact.type === 'CaseDeleted') {
    const kind: MemoryNoticeKind = fact.data.because === 'account-deleted' ? 'owner-account-deleted' : 'memory-deleted';
    return subject.memberIds.filter((id) => id !== subject.ownerId).map((recipientId) => ({ recipientId, kind, ...about, actorId: subject.ownerId }));
  }
  const { memberId, left } = fact.data;
  if (!subject.memberIds.includes(memberId)) return [];
  if (left) return [{ recipientId: subject.ownerId, kind: 'member-left', ...about, actorId: memberId }];
  return [{ recipientId: memberId, kind: 'removed', ...about, actorId: subject.ownerId }];
}

/**
 * A fact older than this is history when the reactor first reads it (a new reactor reads the log from the
 * start): nobody is e-mailed today about someone removed months ago.
 */
export const NOTICE_FRESH_MS = 24 * 60 * 60 * 1000;
export const isFreshEnoughToTell = (occurredAt: string, now: Date): boolean => now.getTime() - new Date(occurredAt).getTime() <= NOTICE_FRESH_MS;

/**
 * What a person deleting their own account should know first, from the memories they can see: who loses
 * access to each memory they own, and, for each memory shared with them, that it stays with its owner.
 */
export interface AccountDeletionMemory {
  readonly name: string;
  readonly deceasedName: string;
  readonly role: 'owner' | 'editor' | 'viewer';
  /** The owner's name, for a memory shared with this person. */
  readonly ownerName: string | null;
  /** Everyone on the memory, owner first. */
  readonly people: readonly { readonly name: string; readonly role: 'owner' | 'editor' | 'viewer' }[];
}

export interface AccountDeletionEffects {
  /** Memories this person owns that others can see: deleted, and these people lose access (and are told). */
  readonly losingAccess: { memoryName: string; deceasedName: string; people: string[] }[];
  /** Memories others share with this person: they stay with their owner (who is told this person left). */
  readonly staying: { deceasedName: string; ownerName: string }[];
}

/** A name for someone whose name is not known (an account without one). */
const SOMEONE = 'someone';

export function accountDeletionEffects(memories: readonly AccountDeletionMemory[]): AccountDeletionEffects {
  const losingAccess = memories
    .filter((m) => m.role === 'owner')
    .map((m) => ({ memoryName: m.name, deceasedName: m.deceasedName, people: m.people.filter((p) => p.role !== 'owner').map((p) => p.name || SOMEONE) }))
    .filter((m) => m.people.length > 0);
  const staying = memories.filter((m) => m.role !== 'owner').map((m) => ({ deceasedName: m.deceasedName, ownerName: m.ownerName || SOMEONE }));
  return { losingAccess, staying };
}

/** Names in a sentence: 'Ben', 'Ben and Cara', 'Ben, Cara and Dan'. */
export function listOfNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** "Margaret Jones's" (en-GB: an apostrophe and s, also after a final s). */
export const possessive = (name: string): string => `${name}'s`;
