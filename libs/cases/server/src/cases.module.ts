import { Module } from '@nestjs/common';
import { APP_CONFIG, JOB_QUEUE, PRISMA, registerErrorCodes, SQL_CLIENT, type AppConfig } from '@afterwards/server-kit';
import type { JobQueue } from '@afterwards/jobs';
import type { PrismaClient, SqlClient } from '@afterwards/persistence';
import { createFileStore, FILE_STORE_ERROR_STATUSES, type EncryptedFileStore } from '@afterwards/file-store';
import { AUTH, SessionCache, type Auth } from '@afterwards/identity-server';
import { ChangeCaseHandler } from './change-case/change-case.handler';
import { CasePipeline } from './change-case/case-pipeline';
import { MemoryCommands } from './memory-commands/memory-commands';
import { GetMemoryHandler } from './get-memory/get-memory.handler';
import { ListMemoriesHandler } from './list-memories/list-memories.handler';
import { FilePurgeService } from './file-purge/file-purge.service';
import { FILE_STORE } from './tokens';
import { ListMemoriesController } from './list-memories/list-memories.http.controller';
import { GetMemoryController } from './get-memory/get-memory.http.controller';
import { OpenMemoryController } from './open-memory/open-memory.http.controller';
import { EditMemoryController } from './edit-memory/edit-memory.http.controller';
import { DeleteMemoryController } from './delete-memory/delete-memory.http.controller';
import { TaskStatusController } from './task-status/task-status.http.controller';
import { SettleItemController } from './settle-item/settle-item.http.controller';
import { MemoryCalendarController } from './memory-calendar/memory-calendar.http.controller';
import { DocumentCollectedController } from './document-collected/document-collected.http.controller';
import { DocumentFilesController } from './document-files/document-files.http.controller';
import { AdditionalDocumentsController } from './additional-documents/additional-documents.http.controller';
import { MemoryPhotoController } from './memory-photo/memory-photo.http.controller';
import { DownloadFileController } from './download-file/download-file.http.controller';
import { MemoryNotesController } from './memory-notes/memory-notes.http.controller';
import { ChecklistPreviewController } from './checklist-preview/checklist-preview.http.controller';
import { InvitationsController, MemorySharingController } from './share-memory/memory-sharing.http.controller';
import { MemorySharingService } from './share-memory/memory-sharing';
import { ExportMemoryController } from './export-memory/export-memory.http.controller';
import { EXPORT_RUNTIME, type ExportRuntime } from './export-memory/export-runtime';
import { MemoryExportsStore } from './export-memory/memory-exports.store';
import { MEMORY_EXPORT_ERROR_STATUSES } from './export-memory/memory-export.errors';
import { OwnedMemoriesErasure } from './erase-owned-memories/owned-memories.erasure';
import { SharedMembershipsErasure } from './share-memory/shared-memberships.erasure';
import { RemindersErasure } from './send-reminders/reminders.erasure';
import { MemoryRemindersController } from './memory-reminders/memory-reminders.http.controller';
import { PreviewRemindersController } from './preview-reminders/preview-reminders.http.controller';
import { UnsubscribeRemindersController, REMINDER_LINK_NOT_FOUND } from './unsubscribe-reminders/unsubscribe-reminders.http.controller';
import { CALENDAR_LINK_NOT_FOUND, CALENDAR_LINK_REVOKED, CalendarSubscriptionController } from './calendar-subscription/calendar-subscription.http.controller';
import { REMINDER_CLOCK, reminderClock } from './send-reminders/reminder-clock';
import { MemoryNoticesService } from './memory-notices/memory-notices.service';
import { MemoryParts } from './memory-parts/memory-parts';

registerErrorCodes({
  ...FILE_STORE_ERROR_STATUSES,
  ...MEMORY_EXPORT_ERROR_STATUSES,
  CASE_INVALID: 400,
  CASE_NOT_FOUND: 404,
  CASE_ALREADY_EXISTS: 409,
  CASE_CHANGED: 409,
  TASK_NOT_FOUND: 404,
  DOCUMENT_NOT_FOUND: 404,
  DOCUMENT_NOT_ADDITIONAL: 409,
  FILE_LIMIT_REACHED: 409,
  FILE_TOO_LARGE: 413,
  FILE_TYPE_NOT_ALLOWED: 415,
  FILE_INDEX_INVALID: 400,
  PHOTO_TOO_LARGE: 413,
  PHOTO_TYPE_NOT_ALLOWED: 415,
  NOTE_INVALID: 400,
  NOTE_NOT_FOUND: 404,
  NOTE_CHANGED: 409,
  ITEM_ALREADY_DONE: 409,
  DOCUMENT_NOT_SETTLEABLE: 409,
  CASE_OWNER_ONLY: 403,
  CASE_READ_ONLY: 403,
  MEMBER_NOT_FOUND: 404,
  ALREADY_OWNER: 409,
  MEMBER_EXISTS: 409,
  MEMORY_PEOPLE_LIMIT: 409,
  INVITATION_NOT_FOUND: 404,
  INVITATION_FOR_ANOTHER_ADDRESS: 403,
  INVITATION_NOT_SENT: 502,
  [REMINDER_LINK_NOT_FOUND]: 404,
  [CALENDAR_LINK_NOT_FOUND]: 404,
  [CALENDAR_LINK_REVOKED]: 410,
});

/** Memories: the Case aggregate, its checklist, files and notes, for their owner and the people they share it with. */
@Module({})
export class CasesModule {
  static forRoot(role: 'api' | 'worker' | 'tools') {
    return {
      module: CasesModule,
      // Contexts that keep things beside a memory (its organisations) add their parts to MemoryParts.
      global: true,
      controllers:
        role === 'api'
          ? [
              ListMemoriesController,
              OpenMemoryController,
              GetMemoryController,
              EditMemoryController,
              DeleteMemoryController,
              TaskStatusController,
              SettleItemController,
              MemoryCalendarController,
              DocumentCollectedController,
              DocumentFilesController,
              AdditionalDocumentsController,
              MemoryPhotoController,
              DownloadFileController,
              MemoryNotesController,
              ChecklistPreviewController,
              MemorySharingController,
              InvitationsController,
              ExportMemoryController,
              MemoryRemindersController,
              PreviewRemindersController,
              UnsubscribeRemindersController,
              CalendarSubscriptionController,
            ]
          : [],
      providers: [
        CasePipeline,
        MemoryParts,
        ChangeCaseHandler,
        GetMemoryHandler,
        ListMemoriesHandler,
        MemoryCommands,
        MemorySharingService,
        // The reminders' time: real time, or a test's (AFTERWARDS_TEST_CLOCK_FILE, never in production).
        { provide: REMINDER_CLOCK, useFactory: (config: AppConfig) => reminderClock(config), inject: [APP_CONFIG] },
        {
          provide: SessionCache,
          // Told by the database of sessions that end and accounts that change, on every replica.
          useFactory: async (auth: Auth, sql: SqlClient) => {
            const cache = new SessionCache(auth);
            await cache.listen((channel, onNotify, onMissed) => sql.listen(channel, onNotify, onMissed));
            return cache;
          },
          inject: [AUTH, SQL_CLIENT],
        },
        {
          // The export routes (API) and jobs (the worker, or the API when embedded): the file store opens on first use.
          provide: EXPORT_RUNTIME,
          useFactory: (config: AppConfig, sql: SqlClient, prisma: PrismaClient, jobs: JobQueue, parts: MemoryParts): ExportRuntime => {
            let files: EncryptedFileStore | undefined;
            return { sql, prisma, jobs, exports: new MemoryExportsStore(sql), files: () => (files ??= createFileStore(config)), now: () => new Date(), parts };
          },
          inject: [APP_CONFIG, SQL_CLIENT, PRISMA, JOB_QUEUE, MemoryParts],
        },
        // Only the API touches files (it serves them and runs the purge beside the projections).
        ...(role === 'api'
          ? [
              { provide: FILE_STORE, useFactory: (config: AppConfig) => createFileStore(config), inject: [APP_CONFIG] },
              FilePurgeService,
              MemoryNoticesService,
              OwnedMemoriesErasure,
              SharedMembershipsErasure,
              RemindersErasure,
            ]
          : []),
      ],
      exports: [MemoryCommands, MemorySharingService, EXPORT_RUNTIME, MemoryParts, SessionCache],
    };
  }
}
