export { CasesModule } from './cases.module';
export { casesMigrations } from './cases.migrations';
export { memoriesProjection } from './memories-projection/memories.projection';
export { ChangeCase, type CaseChangeResult } from './change-case/change-case.command';
export { caseDecider } from './change-case/change-case.handler';
export { FILE_STORE } from './tokens';
export { FILE_PURGE } from './file-purge/file-purge.reactor';
export { memoryExportJobProcessors } from './export-memory/export-memory.jobs';
export { fileJobProcessors } from './file-purge/clear-stale-partials.job';
export { reminderJobProcessors } from './send-reminders/reminder-jobs';
export { memoryNoticeJobProcessors } from './memory-notices/send-memory-notice.job';
// The hot reads themselves, for `bench reads` to measure them with no framework around them.
export { getMemoryDetail, listMemories } from './read-model/memory.queries';
// For contexts that keep things beside a memory (its organisations): who may do what on it, who sees its
// changes live, and where their part of its download and of its Delete Forever goes.
export { memoryForPerson, peopleOnMemory, type MemoryForPerson } from './memory-access/memory-for-person';
export { MemoryParts, type MemoryExportFile, type MemoryExportPart } from './memory-parts/memory-parts';
