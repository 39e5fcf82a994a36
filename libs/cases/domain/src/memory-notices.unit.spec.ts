import { describe, expect, it } from '@jest/globals';
import { accountDeletionEffects, isFreshEnoughToTell, listOfNames, noticesFor, type NoticeSubject } from './memory-notices';

const subject: NoticeSubject = { caseId: 'case-1', ownerId: 'ann', deceasedName: 'Margaret Jones', memberIds: ['ben', 'cara'] };
const about = { caseId: 'case-1', deceasedName: 'Margaret Jones' };

describe('who is told when someone loses a memory', () => {
  it('Delete Forever: every editor and viewer is told the owner deleted it; the owner is not told of their own act', () => {
    expect(noticesFor({ type: 'CaseDeleted', data: { caseId: 'case-1', deletedAt: 'now', fileIds: [] } }, subject)).toEqual([
      { recipientId: 'ben', kind: 'memory-deleted', actorId: 'ann', ...about },
      { recipientId: 'cara', kind: 'memory-deleted', actorId: 'ann', ...about },
    ]);
  });

  it('the owner deletes their account: the people on each memory are told it went with the account', () => {
    const told = noticesFor({ type: 'CaseDeleted', data: { caseId: 'case-1', deletedAt: 'now', fileIds: [], because: 'account-deleted' } }, subject);
    expect(told.map((n) => [n.recipientId, n.kind])).toEqual([
      ['ben', 'owner-account-deleted'],
      ['cara', 'owner-account-deleted'],
    ]);
  });

  it('a memory nobody else could see tells nobody', () => {
    expect(noticesFor({ type: 'CaseDeleted', data: { caseId: 'case-1', deletedAt: 'now', fileIds: [] } }, { ...subject, memberIds: [] })).toEqual([]);
  });

  it('the owner removes someone: that person is told, nobody else', () => {
    expect(noticesFor({ type: 'MemberRemoved', data: { caseId: 'case-1', memberId: 'ben', left: false, removedAt: 'now' } }, subject)).toEqual([
      { recipientId: 'ben', kind: 'removed', actorId: 'ann', ...about },
    ]);
  });

  it('someone leaves (or deletes their own account): the owner is told, and the memory stays with them', () => {
    expect(noticesFor({ type: 'MemberRemoved', data: { caseId: 'case-1', memberId: 'cara', left: true, removedAt: 'now' } }, subject)).toEqual([
      { recipientId: 'ann', kind: 'member-left', actorId: 'cara', ...about },
    ]);
  });

  it('a replay that finds no memory (only its tombstone is left) or a person already off it tells nobody again', () => {
    expect(noticesFor({ type: 'CaseDeleted', data: { caseId: 'case-1', deletedAt: 'now', fileIds: [] } }, null)).toEqual([]);
    expect(noticesFor({ type: 'MemberRemoved', data: { caseId: 'case-1', memberId: 'dan', left: false, removedAt: 'now' } }, subject)).toEqual([]);
  });
});

describe('facts already history', () => {
  it('a removal older than a day (a new reactor reading the log from its start) is not told today', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(isFreshEnoughToTell('2026-11-27T11:59:00Z', now)).toBe(true);
    expect(isFreshEnoughToTell('2026-11-26T12:00:00Z', now)).toBe(true);
    expect(isFreshEnoughToTell('2026-11-26T11:59:59Z', now)).toBe(false);
  });
});

describe('what a person deleting their account is told first', () => {
  it('names who loses access to each memory they own, and which shared memories stay with their owner', () => {
    const effects = accountDeletionEffects([
      {
        name: "Mum's affairs",
        deceasedName: 'Margaret Jones',
        role: 'owner',
        ownerName: null,
        people: [
          { name: 'Ann Jones', role: 'owner' },
          { name: 'Ben Jones', role: 'editor' },
          { name: '', role: 'viewer' },
        ],
      },
      { name: 'Only mine', deceasedName: 'Peter Jones', role: 'owner', ownerName: null, people: [{ name: 'Ann Jones', role: 'owner' }] },
      { name: "Dad's", deceasedName: 'Tom Smith', role: 'viewer', ownerName: 'Cara Smith', people: [] },
    ]);
    expect(effects).toEqual({
      losingAccess: [{ memoryName: "Mum's affairs", deceasedName: 'Margaret Jones', people: ['Ben Jones', 'someone'] }],
      staying: [{ deceasedName: 'Tom Smith', ownerName: 'Cara Smith' }],
    });
  });

  it('lists names as a sentence would', () => {
    expect(listOfNames(['Ben'])).toBe('Ben');
    expect(listOfNames(['Ben', 'Cara'])).toBe('Ben and Cara');
    expect(listOfNames(['Ben', 'Cara', 'Dan'])).toBe('Ben, Cara and Dan');
  });
});
