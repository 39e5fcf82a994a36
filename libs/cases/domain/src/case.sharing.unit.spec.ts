import { describe, expect, it } from '@jest/globals';
import { CASE_MESSAGES } from './case.errors';
import { CASE, cmd, given, LATER, opened, OWNER, stateAfter } from './case.testing';
import { roleOf } from './case';
import { LEAST_ROLE, memoryMay } from '@afterwards/contracts';
import { COMMAND_ACTIONS, type CaseCommand } from './case.state';

const EDITOR = 'user-2';
const VIEWER = 'user-3';
const STRANGER = 'user-9';

/** Ben joined as an editor and Cara as a viewer. */
function shared() {
  return stateAfter(
    opened(),
    cmd('JoinCase', { actorId: EDITOR, invitationId: 'inv-1', role: 'editor' }),
    cmd('JoinCase', { actorId: VIEWER, invitationId: 'inv-2', role: 'viewer' }),
  ).events;
}
const as = (actorId: string, command: CaseCommand): CaseCommand => ({ ...command, actorId });

describe('sharing a memory', () => {
  it('someone with an invitation joins in the role it gives, once', () => {
    const when = given(...opened()).when(cmd('JoinCase', { actorId: EDITOR, invitationId: 'inv-1', role: 'editor' }));
    when.then([{ type: 'MemberJoined', data: { caseId: CASE, memberId: EDITOR, role: 'editor', invitationId: 'inv-1', joinedAt: LATER } }]);
    expect(roleOf(when.thenState(), EDITOR)).toBe('editor');
    given(...shared())
      .when(cmd('JoinCase', { actorId: EDITOR, invitationId: 'inv-3', role: 'viewer' }))
      .thenNothing();
  });
  it('the owner cannot join their own memory, and nobody joins a deleted one', () => {
    given(...opened())
      .when(cmd('JoinCase', { invitationId: 'inv-1', role: 'editor' }))
      .thenRefused('ALREADY_OWNER', CASE_MESSAGES.alreadyOwner);
    const { events } = stateAfter(opened(), cmd('DeleteCase', {}));
    given(...events)
      .when(cmd('JoinCase', { actorId: EDITOR, invitationId: 'inv-1', role: 'editor' }))
      .thenRefused('CASE_NOT_FOUND');
  });
  it('an editor ticks tasks, collects documents and writes notes', () => {
    const state = given(...shared());
    expect(
      state
        .when(as(EDITOR, cmd('CompleteTask', { taskId: 'item-1' })))
        .decided()
        .map((e) => e.type),
    ).toEqual(['TaskCompleted']);
    expect(
      state
        .when(as(EDITOR, cmd('CollectDocument', { documentId: 'item-13' })))
        .decided()
        .map((e) => e.type),
    ).toEqual(['DocumentCollected']);
    expect(
      state
        .when(as(EDITOR, cmd('AddNote', { noteId: 'n1', title: 'Bank', content: 'Rang them' })))
        .decided()
        .map((e) => e.type),
    ).toEqual(['NoteAdded']);
  });
  it('only the owner edits the details, shares or deletes forever', () => {
    const state = given(...shared());
    for (const command of [
      cmd('EditCaseDetails', { changes: { name: 'Dad' } }),
      cmd('DeleteCase', {}),
      cmd('ChangeMemberRole', { memberId: VIEWER, role: 'editor' }),
      // Removing someone else (here the owner); removing yourself is leaving, allowed below.
      cmd('RemoveMember', { memberId: OWNER }),
    ]) {
      state.when(as(EDITOR, command)).thenRefused('CASE_OWNER_ONLY', CASE_MESSAGES.ownerOnly);
      state.when(as(VIEWER, command)).thenRefused('CASE_OWNER_ONLY');
    }
  });
  it('a viewer changes nothing, and a stranger (or a removed person) finds nothing', () => {
    const state = given(...shared());
    state.when(as(VIEWER, cmd('CompleteTask', { taskId: 'item-1' }))).thenRefused('CASE_READ_ONLY', CASE_MESSAGES.readOnly);
    state.when(as(VIEWER, cmd('AddNote', { noteId: 'n1', title: 'x', content: 'y' }))).thenRefused('CASE_READ_ONLY');
    state.when(as(STRANGER, cmd('CompleteTask', { taskId: 'item-1' }))).thenRefused('CASE_NOT_FOUND');
    const { events } = stateAfter(shared(), cmd('RemoveMember', { memberId: EDITOR }));
    given(...events)
      .when(as(EDITOR, cmd('CompleteTask', { taskId: 'item-1' })))
      .thenRefused('CASE_NOT_FOUND');
  });
  it('refuses exactly what the shared rule (memoryMay, which the screens use) does not allow', () => {
    const state = given(...shared());
    const commands: CaseCommand[] = [
      cmd('EditCaseDetails', { changes: { name: 'Dad' } }),
      cmd('ChangeCasePhoto', { photo: null }),
      cmd('DeleteCase', {}),
      cmd('ChangeMemberRole', { memberId: VIEWER, role: 'editor' }),
      cmd('RemoveMember', { memberId: OWNER }),
      cmd('CompleteTask', { taskId: 'item-1' }),
      cmd('SettleTask', { taskId: 'item-1', kind: 'not_needed' }),
      cmd('CollectDocument', { documentId: 'item-13' }),
      cmd('AddNote', { noteId: 'n1', title: 'x', content: 'y' }),
    ];
    for (const command of commands) {
      const action = COMMAND_ACTIONS[command.type as keyof typeof COMMAND_ACTIONS];
      for (const [actor, role] of [
        [EDITOR, 'editor'],
        [VIEWER, 'viewer'],
      ] as const) {
        const when = state.when(as(actor, command));
        if (memoryMay(role, action)) expect(() => when.thenState()).not.toThrow();
        else when.thenRefused(LEAST_ROLE[action] === 'owner' ? 'CASE_OWNER_ONLY' : 'CASE_READ_ONLY');
      }
    }
  });
  it('the owner changes a role and removes a person; anyone on the memory may leave it', () => {
    given(...shared())
      .when(cmd('ChangeMemberRole', { memberId: VIEWER, role: 'editor' }))
      .then([{ type: 'MemberRoleChanged', data: { caseId: CASE, memberId: VIEWER, role: 'editor', changedAt: LATER } }]);
    given(...shared())
      .when(cmd('ChangeMemberRole', { memberId: VIEWER, role: 'viewer' }))
      .thenNothing();
    given(...shared())
      .when(cmd('ChangeMemberRole', { memberId: STRANGER, role: 'viewer' }))
      .thenRefused('MEMBER_NOT_FOUND');
    given(...shared())
      .when(cmd('RemoveMember', { memberId: EDITOR }))
      .then([{ type: 'MemberRemoved', data: { caseId: CASE, memberId: EDITOR, left: false, removedAt: LATER } }]);
    const leave = given(...shared()).when(as(VIEWER, cmd('RemoveMember', { memberId: VIEWER })));
    leave.then([{ type: 'MemberRemoved', data: { caseId: CASE, memberId: VIEWER, left: true, removedAt: LATER } }]);
    expect(roleOf(leave.thenState(), VIEWER)).toBeNull();
    expect(roleOf(leave.thenState(), OWNER)).toBe('owner');
  });
  it('Delete Forever leaves nobody on the memory', () => {
    const { state } = stateAfter(shared(), cmd('DeleteCase', {}));
    expect(state.members).toEqual([]);
    expect(roleOf(state, EDITOR)).toBeNull();
  });
});
