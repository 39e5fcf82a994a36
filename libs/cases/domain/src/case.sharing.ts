// Sharing: the owner lets other people work on a memory as editors or read it as viewers. Who may send which
// command is decided in case.state.ts (mustBeAllowed); this area decides who is on the memory.
import { CASE_MESSAGES, CaseError } from './case.errors';
import type { CaseEvent, MemberJoined, MemberRemoved, MemberRoleChanged } from './case.events';
import type { CaseMember, CaseState, CommandOf } from './case.state';

export type SharingCommand = CommandOf<'JoinCase' | 'ChangeMemberRole' | 'RemoveMember'>;

function findMember(state: CaseState, memberId: string): CaseMember {
  const member = state.members.find((m) => m.userId === memberId);
  if (!member) throw new CaseError('MEMBER_NOT_FOUND', CASE_MESSAGES.memberNotFound);
  return member;
}

/** Intents: joining again, or giving the role a person already has, decides nothing. */
export function decideSharing(command: SharingCommand, state: CaseState): CaseEvent[] {
  const { caseId, at } = command;
  switch (command.type) {
    case 'JoinCase': {
      if (!state.exists || state.deleted) throw new CaseError('CASE_NOT_FOUND', CASE_MESSAGES.notFound);
      if (state.ownerId === command.actorId) throw new CaseError('ALREADY_OWNER', CASE_MESSAGES.alreadyOwner);
      const current = state.members.find((m) => m.userId === command.actorId);
      // An invitation is accepted once; a second one for the same person changes nothing they have.
      if (current) return [];
      return [{ type: 'MemberJoined', data: { caseId, memberId: command.actorId, role: command.role, invitationId: command.invitationId, joinedAt: at } }];
    }
    case 'ChangeMemberRole': {
      const member = findMember(state, command.memberId);
      if (member.role === command.role) return [];
      return [{ type: 'MemberRoleChanged', data: { caseId, memberId: member.userId, role: command.role, changedAt: at } }];
    }
    case 'RemoveMember': {
      if (!state.members.some((m) => m.userId === command.memberId)) return [];
      return [{ type: 'MemberRemoved', data: { caseId, memberId: command.memberId, left: command.memberId === command.actorId, removedAt: at } }];
    }
  }
}

export function evolveSharing(state: CaseState, event: MemberJoined | MemberRoleChanged | MemberRemoved): CaseState {
  switch (event.type) {
    case 'MemberJoined':
      return { ...state, members: [...state.members, { userId: event.data.memberId, role: event.data.role }] };
    case 'MemberRoleChanged':
      return { ...state, members: state.members.map((m) => (m.userId === event.data.memberId ? { ...m, role: event.data.role } : m)) };
    case 'MemberRemoved':
      return { ...state, members: state.members.filter((m) => m.userId !== event.data.memberId) };
  }
}
