import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import { EditNoteRequestSchema, NoteRequestSchema, type MemoryDetail } from '@afterwards/contracts';
import { SessionCache } from '@afterwards/identity-server';
import { MemoryCommands } from '../memory-commands/memory-commands';

/** Notes on a memory: add, edit (refused when another tab edited first), delete. */
@Controller('api/memories')
export class MemoryNotesController {
  constructor(
    private readonly sessions: SessionCache,
    private readonly memories: MemoryCommands,
  ) {}

  @Post(':id/notes')
  @HttpCode(201)
  async add(@Req() req: Request, @Param('id') id: string, @Body() body: unknown): Promise<MemoryDetail> {
    const user = await this.sessions.requireUser(req);
    const note = NoteRequestSchema.parse(body ?? {});
    return this.memories.runAndRead(user, req, { type: 'AddNote', caseId: id, noteId: randomUUID(), ...note });
  }

  @Put(':id/notes/:noteId')
  async edit(@Req() req: Request, @Param('id') id: string, @Param('noteId') noteId: string, @Body() body: unknown): Promise<MemoryDetail> {
    const user = await this.sessions.requireUser(req);
    const { expectedVersion, ...note } = EditNoteRequestSchema.parse(body ?? {});
    return this.memories.runAndRead(user, req, {
      type: 'EditNote',
      caseId: id,
      noteId,
      ...note,
      ...(expectedVersion !== undefined ? { expectedVersion } : {}),
    });
  }

  @Delete(':id/notes/:noteId')
  async delete(@Req() req: Request, @Param('id') id: string, @Param('noteId') noteId: string): Promise<MemoryDetail> {
    const user = await this.sessions.requireUser(req);
    return this.memories.runAndRead(user, req, { type: 'DeleteNote', caseId: id, noteId });
  }
}
