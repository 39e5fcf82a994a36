import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { PrismaClient } from '@afterwards/persistence';
import { AccountErasure, ERASURE_ORDER, type ErasedAccount } from '@afterwards/identity-server';
import { PRISMA, ProjectionsService } from '@afterwards/server-kit';
import { ChangeCase, type CaseChangeResult } from '../change-case/change-case.command';
import { memoriesProjection } from '../memories-projection/memories.projection';
import { MemoryNoticesService } from '../memory-notices/memory-notices.service';
import { deleteInvitationsOfPerson } from './invitations';

/**
 * The sharing part of deleting an account: the person leaves every memory shared with them (a
 * `MemberRemoved` naming only their account id, so the others' screens drop them live), and every
 * invitation sent to their address or by them is deleted. Runs before their own memories go.
 */
@Injectable()
export class SharedMembershipsErasure implements OnModuleInit {
  constructor(
    private readonly erasure: AccountErasure,
    private readonly commands: CommandBus,
    private readonly projections: ProjectionsService,
    private readonly notices: MemoryNoticesService,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
  ) {}

  onModuleInit(): void {
    this.erasure.add({ name: 'shared-memberships', order: ERASURE_ORDER.sharedMemberships, erase: (account) => this.erase(account) });
  }

  async erase({ userId, email }: ErasedAccount): Promise<void> {
    const memberships = await this.prisma.caseMember.findMany({ where: { userId }, select: { caseId: true } });
    for (const { caseId } of memberships) {
      const result: CaseChangeResult = await this.commands.execute(
        new ChangeCase({ type: 'RemoveMember', caseId, memberId: userId, actorId: userId, at: new Date().toISOString() }, { actor: userId }),
      );
      if (result.position) {
        await this.projections.waitUntilApplied(memoriesProjection.name, result.position);
        // Each owner is told this person left, by name: it is copied before the account's rows go.
        await this.notices.waitUntilSeen(result.position);
      }
    }
    await deleteInvitationsOfPerson(this.prisma, userId, email);
  }
}
