import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '@afterwards/persistence';
import { INVITATION_DAYS, type MemberRole } from '@afterwards/contracts';
import { hashToken, newLinkToken } from '../link-tokens';

/**
 * Waiting invitations (cases/0003_sharing). Read and written with the process's own role: the app role
 * has no grant on the table, and every route checks who may see a row before it reads one.
 */
export interface InvitationRow {
  id: string;
  case_id: string;
  invited_by: string;
  email: string;
  role: MemberRole;
  invited_at: Date;
  expires_at: Date;
}

export const INVITATION_SECONDS = INVITATION_DAYS * 86_400;

export async function createInvitation(
  prisma: PrismaClient,
  input: { caseId: string; invitedBy: string; email: string; role: MemberRole; now: Date },
): Promise<{ id: string; token: string }> {
  const id = randomUUID();
  const token = newLinkToken(32);
  const expires = new Date(input.now.getTime() + INVITATION_SECONDS * 1000);
  // A new invitation to the same address replaces the old one (a resend): one link per person at a time.
  await prisma.$transaction([
    prisma.$executeRaw`DELETE FROM memory_invitations WHERE case_id = ${input.caseId}::uuid AND lower(email) = lower(${input.email})`,
    prisma.$executeRaw`
      INSERT INTO memory_invitations (id, case_id, invited_by, email, role, token_hash, invited_at, expires_at)
      VALUES (${id}::uuid, ${input.caseId}::uuid, ${input.invitedBy}, ${input.email}, ${input.role}, ${hashToken(token)}, ${input.now}, ${expires})`,
  ]);
  return { id, token };
}

export function waitingInvitations(prisma: PrismaClient, caseId: string, now: Date): Promise<InvitationRow[]> {
  return prisma.$queryRaw<InvitationRow[]>`
    SELECT id::text, case_id::text, invited_by, email, role, invited_at, expires_at FROM memory_invitations
    WHERE case_id = ${caseId}::uuid AND expires_at > ${now} ORDER BY invited_at, id`;
}

/** The invitation a link opens, while it has not expired. */
export async function invitationByToken(prisma: PrismaClient, token: string, now: Date): Promise<InvitationRow | null> {
  if (token.length < 20 || token.length > 100) return null;
  const rows = await prisma.$queryRaw<InvitationRow[]>`
    SELECT id::text, case_id::text, invited_by, email, role, invited_at, expires_at FROM memory_invitations
    WHERE token_hash = ${hashToken(token)} AND expires_at > ${now}`;
  return rows[0] ?? null;
}

export async function deleteInvitation(prisma: PrismaClient, caseId: string, invitationId: string): Promise<number> {
  return prisma.$executeRaw`DELETE FROM memory_invitations WHERE id = ${invitationId}::uuid AND case_id = ${caseId}::uuid`;
}

/** Delete Forever: no address the owner typed outlives the memory. */
export async function deleteInvitationsOfMemory(prisma: PrismaClient, caseId: string): Promise<void> {
  await prisma.$executeRaw`DELETE FROM memory_invitations WHERE case_id = ${caseId}::uuid`;
}

/** A deleted account: invitations it sent, and invitations sent to its address. */
export async function deleteInvitationsOfPerson(prisma: PrismaClient, userId: string, email: string): Promise<void> {
  await prisma.$executeRaw`DELETE FROM memory_invitations WHERE invited_by = ${userId} OR lower(email) = lower(${email})`;
}
