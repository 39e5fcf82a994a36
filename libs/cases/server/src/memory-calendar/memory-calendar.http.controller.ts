import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import type { MemoryDetail } from '@afterwards/contracts';
import { APP_CONFIG, type AppConfig } from '@afterwards/server-kit';
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
  async calendar(@Req() req: Request, @Res() res: Response, @Param('id') id: string): Promise<void> {
    const user = await this.sessions.requireUser(req);
    const detail: MemoryDetail = await this.queries.execute(new GetMemory(user.id, id));
    const body = memoryCalendar(detail, { dashboardUrl: `${this.config.publicUrl}/dashboard`, createdAt: new Date() });
    res.setHeader('content-type', CALENDAR_CONTENT_TYPE);
    res.setHeader('content-disposition', `attachment; filename="${calendarFileName(detail.memory.name)}"`);
    res.send(body);
  }
}
