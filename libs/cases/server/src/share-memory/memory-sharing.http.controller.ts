import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import { ChangeMemberRoleRequestSchema, InviteToMemoryRequestSchema, type AcceptInvitationResponse, type InvitationPreview, type MemorySharing } from '@afterwards/contracts';
import { SessionCache } from '@afterwards/identity-server';
import { MemorySharingService } from './memory-sharing';

/** Who can see a memory: the owner's sharing panel, and leaving a memory shared with you. */
@Controller('api/memories')
export class MemorySharingController {
  constructor(
    private readonly sessions: SessionCache,
    private readonly sharing: MemorySharingService,
  ) {}

  @Get(':id/sharing')
  async get(@Req() req: HttpRequest, @Param('id') id: string): Promise<MemorySharing> {
    const user = await this.sessions.requireUser(req);
    return this.sharing.sharing(user.id, id);
  }

  @Post(':id/invitations')
  @HttpCode(201)
  async invite(@Req() req: HttpRequest, @Param('id') id: string, @Body() body: unknown): Promise<MemorySharing> {
    const user = await this.sessions.requireUser(req);
    return this.sharing.invite(user, id, InviteToMemoryRequestSchema.parse(body ?? {}));
  }

  @Delete(':id/invitations/:invitationId')
  async cancel(@Req() req: HttpRequest, @Param('id') id: string, @Param('invitationId') invitationId: string): Promise<MemorySharing> {
    const user = await this.sessions.requireUser(req);
    return this.sharing.cancelInvitation(user, id, invitationId);
  }

  @Put(':id/members/:userId')
  async changeRole(@Req() req: HttpRequest, @Param('id') id: string, @Param('userId') memberId: string, @Body() body: unknown): Promise<MemorySharing> {
    const user = await this.sessions.requireUser(req);
    const { role } = ChangeMemberRoleRequestSchema.parse(body ?? {});
    return this.sharing.changeRole(user, req, id, memberId, role);
  }

  /** `me` as the person: leaving a memory shared with you, without needing to know your own id. */
  @Delete(':id/members/:userId')
  @HttpCode(204)
  async remove(@Req() req: HttpRequest, @Param('id') id: string, @Param('userId') memberId: string): Promise<void> {
    const user = await this.sessions.requireUser(req);
    await this.sharing.removeMember(user, req, id, memberId === 'me' ? user.id : memberId);
  }
}

/** An invitation link: what it is for (anyone holding it), and accepting it (the invited address only). */
@Controller('api/invitations')
export class InvitationsController {
  constructor(
    private readonly sessions: SessionCache,
    private readonly sharing: MemorySharingService,
  ) {}

  @Get(':token')
  preview(@Param('token') token: string): Promise<InvitationPreview> {
    return this.sharing.preview(token);
  }

  @Post(':token/accept')
  @HttpCode(200)
  async accept(@Req() req: HttpRequest, @Param('token') token: string): Promise<AcceptInvitationResponse> {
    const user = await this.sessions.requireUser(req);
    return this.sharing.accept(user, req, token);
  }
}
