import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { RecordInteractionsRequestSchema, type RecordInteractionsRequest, type RecordInteractionsResponse } from '@afterwards/contracts';
import { RecordInteractions } from './record-interactions.command';
import { InteractionsRateLimited } from './record-interactions.handler';

@Controller('api/directory')
export class RecordInteractionsController {
  constructor(private readonly commands: CommandBus) {}

  /**
   * Public: views and contact actions on listing cards. 202: stored for the counters job; what the
   * limits refuse, or what is not an Active listing, comes back as `dropped`.
   */
  @Post('interactions')
  @HttpCode(202)
  async record(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<RecordInteractionsResponse> {
    const request = RecordInteractionsRequestSchema.parse(body);
    try {
      return await this.execute(request, req);
    } catch (error) {
      if (error instanceof InteractionsRateLimited) res.setHeader('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
  }

  private execute(request: RecordInteractionsRequest, req: Request): Promise<RecordInteractionsResponse> {
    return this.commands.execute(
      new RecordInteractions(request, {
        // Express resolves X-Forwarded-For only from trusted proxies (the API trusts loopback).
        clientAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown',
        userAgent: req.get('user-agent') ?? undefined,
        referrer: req.get('referer') ?? undefined,
      }),
    );
  }
}
