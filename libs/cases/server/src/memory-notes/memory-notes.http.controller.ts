import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import { EditNoteRequestSchema, NoteRequestSchema, type MemoryDetail } from '@afterwards/contracts';
import { MemoryCommands } from '../memory-commands/memory-commands';

/** Notes on a memory: add, edit (refused when another tab edited first), delete. */
@Controller('api/memories')
export class MemoryNotesController {
  constructor(private readonly memories: MemoryCommands) {}

  @Post(':id/notes')
  @HttpCode(201)
  add(@Req() req: HttpRequest, @Param('id') id: string, @Body() body: unknown): Promise<MemoryDetail> {
    return this.memories.runAndReadForCaller(req, () => {
      const note = NoteRequestSchema.parse(body ?? {});
      return { type: 'AddNote', caseId: id, noteId: randomUUID(), ...note };
    });
  }

  @Put(':id/notes/:noteId')
  edit(@Req() req: HttpRequest, @Param('id') id: string, @Param('noteId') noteId: string, @Body() body: unknown): Promise<MemoryDetail> {
    return this.memories.runAndReadForCaller(req, () => {
      const { expectedVersion, ...note } = EditNoteRequestSchema.parse(body ?? {});
      return {
        type: 'EditNote',
        caseId: id,
        noteId,
        ...note,
        ...(expectedVersion !== undefined ? { expectedVersion } : {}),
      };
    });
  }

  @Delete(':id/notes/:noteId')
  delete(@Req() req: HttpRequest, @Param('id') id: string, @Param('noteId') noteId: string): Promise<MemoryDetail> {
    return this.memories.runAndReadForCaller(req, { type: 'DeleteNote', caseId: id, noteId });
  }
}
