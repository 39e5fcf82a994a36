import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RecordInteractionsRequestSchema, type RecordInteractionsRequest, type RecordInteractionsResponse } from '@afterwards/contracts';
import { clientAddressOf, headerOf, setAnswerHeader, type HttpReply, type HttpRequest } from '@afterwards/server-kit';
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
  async record(@Body() body: unknown, @Req() req: HttpRequest, @Res({ passthrough: true }) reply: HttpReply): Promise<RecordInteractionsResponse> {
    const request = RecordInteractionsRequestSchema.parse(body);
    try {
      return await this.execute(request, req);
    } catch (error) {
      if (error instanceof InteractionsRateLimited) setAnswerHeader(reply, 'Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
  }

  private execute(request: RecordInteractionsRequest, req: HttpRequest): Promise<RecordInteractionsResponse> {
    return this.commands.execute(
      new RecordInteractions(request, {
        // The adapter resolves X-Forwarded-For only from trusted proxies (the API trusts loopback).
        clientAddress: clientAddressOf(req),
        userAgent: headerOf(req, 'user-agent') ?? undefined,
        // Either spelling, `Referrer` first, as Express's `req.get('referer')` read it.
        referrer: headerOf(req, 'referrer') || headerOf(req, 'referer'),
      }),
    );
  }
}
