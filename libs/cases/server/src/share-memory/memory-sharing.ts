import { Inject, Injectable } from '@nestjs/common';
import {
  MEMORY_PEOPLE_MAX,
  type AcceptInvitationResponse,
  type InvitationPreview,
  type InviteToMemoryRequest,
  type MemberRole,
  type MemoryRole,
  type MemorySharing,
} from '@afterwards/contracts';
import type { PrismaClient } from '@afterwards/persistence';
import { memoryInvitationEmail, type Mailer } from '@afterwards/mail';
import { APP_CONFIG, PRISMA, ProblemError, withUser, type AppConfig, type HttpRequest } from '@afterwards/server-kit';
import { MAILER, type CurrentUser } from '@afterwards/identity-server';
import { CASE_MESSAGES } from '@afterwards/cases-domain';
import { MemoryCommands } from '../memory-commands/memory-commands';
import { memoryNotFound } from '../get-memory/get-memory.handler';
import { isUuid } from '../read-model/memory.queries';
import { createInvitation, deleteInvitation, INVITATION_SECONDS, invitationByToken, waitingInvitations } from './invitations';

interface PersonRow {
  user_id: string;
  role: MemoryRole;
  name: string;
  email: string;
  added_at: Date | null;
}

export const SHARING_MESSAGES = {
  alreadyOnMemory: (email: string) => `${email} can already see this memory.`,
  peopleLimit: `A memory can be shared with up to ${MEMORY_PEOPLE_MAX} people.`,
  invitationNotFound: 'This invitation has expired or has already been used. Please ask the person who invited you to send a new one.',
  anotherAddress: (email: string) => `This invitation was sent to ${email}. Please sign in with that email address to accept it.`,
  notSent: 'We could not send the invitation email just now. Please try again in a few minutes.',
} as const;

const ownerOnly = () => new ProblemError(403, 'CASE_OWNER_ONLY', CASE_MESSAGES.ownerOnly);

/**
 * Sharing a memory: invitations (a table, since they hold an address that must be deletable) and the
 * membership commands of the Case aggregate. Only the owner shares; anyone on a memory may leave it.
 */
@Injectable()
export class MemorySharingService {
  constructor(
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly memories: MemoryCommands,
  ) {}

  /** The people on a memory as `userId` may see them (row-level security): nobody when it is not theirs. */
  private people(userId: string, caseId: string): Promise<PersonRow[]> {
    if (!isUuid(caseId)) return Promise.resolve([]);
    return withUser(
      this.prisma,
      userId,
      (tx) => tx.$queryRaw<PersonRow[]>`
        SELECT user_id, role, name, email, added_at FROM app_case_people(${caseId}::uuid) p
        ORDER BY CASE p.role WHEN 'owner' THEN 0 ELSE 1 END, p.added_at, p.user_id`,
    );
  }

  /** 404 for a memory that is not the person's, 403 for one shared with them: only its owner shares it. */
  private async ownersPeople(userId: string, caseId: string): Promise<PersonRow[]> {
    const people = await this.people(userId, caseId);
    const me = people.find((p) => p.user_id === userId);
    if (!me) throw memoryNotFound();
    if (me.role !== 'owner') throw ownerOnly();
    return people;
  }

  async sharing(userId: string, caseId: string): Promise<MemorySharing> {
    return this.present(caseId, await this.ownersPeople(userId, caseId));
  }

  private async present(caseId: string, people: PersonRow[]): Promise<MemorySharing> {
    const invitations = await waitingInvitations(this.prisma, caseId, new Date());
    return {
      people: people.map((p) => ({ id: p.user_id, name: p.name, email: p.email, role: p.role, addedAt: p.added_at ? p.added_at.toISOString() : null })),
      invitations: invitations.map((i) => ({ id: i.id, email: i.email, role: i.role, invitedAt: i.invited_at.toISOString(), expiresAt: i.expires_at.toISOString() })),
    };
  }

  async invite(user: CurrentUser, caseId: string, request: InviteToMemoryRequest): Promise<MemorySharing> {
    const people = await this.ownersPeople(user.id, caseId);
    const email = request.email.trim();
    const same = (a: string) => a.toLowerCase() === email.toLowerCase();
    if (same(user.email)) throw new ProblemError(409, 'ALREADY_OWNER', CASE_MESSAGES.alreadyOwner);
    if (people.some((p) => same(p.email))) throw new ProblemError(409, 'MEMBER_EXISTS', SHARING_MESSAGES.alreadyOnMemory(email));
    const now = new Date();
    const waiting = (await waitingInvitations(this.prisma, caseId, now)).filter((i) => !same(i.email));
    if (people.length - 1 + waiting.length >= MEMORY_PEOPLE_MAX) throw new ProblemError(409, 'MEMORY_PEOPLE_LIMIT', SHARING_MESSAGES.peopleLimit);

    const invitation = await createInvitation(this.prisma, { caseId, invitedBy: user.id, email, role: request.role, now });
    const memory = await this.prisma.case.findUnique({ where: { id: caseId }, select: { deceasedName: true } });
    const url = `${this.config.publicUrl}/invitation?token=${encodeURIComponent(invitation.token)}`;
    try {
      await this.mailer.send(
        memoryInvitationEmail({
          to: email,
          invitedBy: people.find((p) => p.role === 'owner')?.name || user.email,
          deceasedName: memory?.deceasedName ?? 'someone',
          role: request.role,
          url,
          expiresInSeconds: INVITATION_SECONDS,
          supportEmail: this.config.supportEmail,
        }),
      );
    } catch {
      // No link went out, so no invitation waits: the owner is told and can simply try again.
      await deleteInvitation(this.prisma, caseId, invitation.id);
      throw new ProblemError(502, 'INVITATION_NOT_SENT', SHARING_MESSAGES.notSent);
    }
    return this.present(caseId, people);
  }

  async cancelInvitation(user: CurrentUser, caseId: string, invitationId: string): Promise<MemorySharing> {
    const people = await this.ownersPeople(user.id, caseId);
    if (isUuid(invitationId)) await deleteInvitation(this.prisma, caseId, invitationId);
    return this.present(caseId, people);
  }

  async changeRole(user: CurrentUser, req: HttpRequest, caseId: string, memberId: string, role: MemberRole): Promise<MemorySharing> {
    await this.ownersPeople(user.id, caseId);
    await this.memories.settled(await this.memories.run(user, req, { type: 'ChangeMemberRole', caseId, memberId, role }));
    return this.sharing(user.id, caseId);
  }

  /** The owner removes someone, or someone leaves; the domain says who may. */
  async removeMember(user: CurrentUser, req: HttpRequest, caseId: string, memberId: string): Promise<void> {
    if (!isUuid(caseId)) throw memoryNotFound();
    await this.memories.settled(await this.memories.run(user, req, { type: 'RemoveMember', caseId, memberId }));
  }

  async preview(token: string): Promise<InvitationPreview> {
    const invitation = await invitationByToken(this.prisma, token, new Date());
    if (!invitation) throw new ProblemError(404, 'INVITATION_NOT_FOUND', SHARING_MESSAGES.invitationNotFound);
    const [memory, inviter] = await Promise.all([
      this.prisma.case.findUnique({ where: { id: invitation.case_id }, select: { name: true, deceasedName: true } }),
      this.prisma.$queryRaw<{ name: string }[]>`SELECT app_person_name(${invitation.invited_by}) AS name`,
    ]);
    if (!memory) throw new ProblemError(404, 'INVITATION_NOT_FOUND', SHARING_MESSAGES.invitationNotFound);
    return {
      memoryName: memory.name,
      deceasedName: memory.deceasedName,
      invitedBy: inviter[0]?.name || 'Someone',
      role: invitation.role,
      email: invitation.email,
      expiresAt: invitation.expires_at.toISOString(),
    };
  }

  /** Only the account of the invited address can accept; the link is used once. */
  async accept(user: CurrentUser, req: HttpRequest, token: string): Promise<AcceptInvitationResponse> {
    const invitation = await invitationByToken(this.prisma, token, new Date());
    if (!invitation) throw new ProblemError(404, 'INVITATION_NOT_FOUND', SHARING_MESSAGES.invitationNotFound);
    if (invitation.email.toLowerCase() !== user.email.toLowerCase()) {
      throw new ProblemError(403, 'INVITATION_FOR_ANOTHER_ADDRESS', SHARING_MESSAGES.anotherAddress(invitation.email));
    }
    const result = await this.memories.run(user, req, { type: 'JoinCase', caseId: invitation.case_id, invitationId: invitation.id, role: invitation.role });
    await deleteInvitation(this.prisma, invitation.case_id, invitation.id);
    await this.memories.settled(result);
    return { memoryId: invitation.case_id };
  }
}
