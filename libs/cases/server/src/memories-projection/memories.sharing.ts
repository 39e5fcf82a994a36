// The people a memory is shared with.
import type { CaseEvent } from '@afterwards/cases-domain';
import type { AreaApplier } from './memory-batch';

type SharingEvent = Extract<CaseEvent, { type: 'MemberJoined' | 'MemberRoleChanged' | 'MemberRemoved' }>;

export const applySharing: AreaApplier<SharingEvent> = async (event, { tx, caseId }) => {
  switch (event.type) {
    case 'MemberJoined': {
      const { memberId, role, joinedAt } = event.data;
      await tx.caseMember.upsert({
        where: { caseId_userId: { caseId, userId: memberId } },
        create: { caseId, userId: memberId, role, addedAt: new Date(joinedAt) },
        update: { role },
      });
      return;
    }
    case 'MemberRoleChanged':
      await tx.caseMember.updateMany({ where: { caseId, userId: event.data.memberId }, data: { role: event.data.role } });
      return;
    case 'MemberRemoved':
      await tx.caseMember.deleteMany({ where: { caseId, userId: event.data.memberId } });
      return;
  }
};
