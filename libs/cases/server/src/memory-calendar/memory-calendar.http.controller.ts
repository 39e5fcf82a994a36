import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { MemoryDetail } from '@afterwards/contracts';
import { APP_CONFIG, setAnswerHeader, type AppConfig, type HttpReply, type HttpRequest } from '@afterwards/server-kit';
import { SessionCache } from '@afterwards/identity-server';
import { GetMemory } from '../get-memory/get-memory.query';
import { CALENDAR_CONTENT_TYPE, calendarFileName, memoryCalendar } from './memory-calendar';

/** 'Add to calendar': the memory's open, dated tasks as an .ics file, for its owner only (404 for anyone else). */
@Controller('api/memories')
export class MemoryCalendarController {
  constructor(
    private readonly sessions: SessionCache,
    private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':id/calendar.ics')
  async calendar(@Req() req: HttpRequest, @Res({ passthrough: true }) reply: HttpReply, @Param('id') id: string): Promise<string> {
    const user = await this.sessions.requireUser(req);
    const detail: MemoryDetail = await this.queries.execute(new GetMemory(user.id, id));
    const body = memoryCalendar(detail, { dashboardUrl: `${this.config.publicUrl}/dashboard`, createdAt: new Date() });
    setAnswerHeader(reply, 'content-type', CALENDAR_CONTENT_TYPE);
    setAnswerHeader(reply, 'content-disposition', `attachment; filename="${calendarFileName(detail.memory.name)}"`);
    return body;
  }
}
