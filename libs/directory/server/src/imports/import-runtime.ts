import { createHash } from 'node:crypto';
import type { AdminSettings } from '@afterwards/contracts';
import {
  decideCsvImport,
  evolveCsvImport,
  importStreamId,
  initialCsvImportState,
  type CsvImportCommand,
  type CsvImportEvent,
  type CsvImportState,
} from '@afterwards/directory-domain';
import type { EventStore, Position } from '@afterwards/event-store';
import type { EncryptedFileStore } from '@afterwards/file-store';
import type { JobQueue } from '@afterwards/jobs';
import type { PrismaClient } from '@afterwards/persistence';
import { CommandPipeline, toDomainEvent, type AggregateCommands, type CommandContext, type Decider } from '@afterwards/server-kit';
import type { ImportKinds } from './import-kind';

/** What the import routes and the import job share, wired by Nest in the product and by hand in benches. */
export interface ImportRuntime {
  readonly store: EventStore;
  readonly prisma: PrismaClient;
  /** What CSV imports add: listings (the directory's own), and kinds other contexts register (organisations). */
  readonly kinds: ImportKinds;
  /** The imports' own aggregate (`import-<id>`): checked, started, progress, completed or failed. */
  readonly imports: CommandPipeline<CsvImportCommand, CsvImportEvent, CsvImportState>;
  readonly jobs: JobQueue;
  /** Opened on first use: only a process that handles an import needs the file store's key. */
  readonly files: () => EncryptedFileStore;
  readonly settings: () => Promise<AdminSettings>;
}

export const IMPORT_RUNTIME = Symbol('IMPORT_RUNTIME');

export const csvImportDecider: Decider<CsvImportCommand, CsvImportEvent, CsvImportState> = {
  initialState: initialCsvImportState,
  decide: decideCsvImport,
  evolve: evolveCsvImport,
};

export const csvImportCommands: AggregateCommands<CsvImportCommand, CsvImportEvent, CsvImportState> = { streamId: importStreamId, decider: csvImportDecider };

export async function loadCsvImport(store: EventStore, importId: string): Promise<CsvImportState> {
  const history = await store.readStream(importStreamId(importId));
  return history.reduce((s, e) => evolveCsvImport(s, toDomainEvent<CsvImportEvent>(e)), initialCsvImportState);
}

export async function runCsvImportCommand(rt: Pick<ImportRuntime, 'imports'>, importId: string, command: CsvImportCommand, context: CommandContext): Promise<Position | undefined> {
  return (await rt.imports.run(importId, command, context)).position;
}

/**
 * A UUID (version 8: made by the product) from a name: the same row or document always names the same
 * listing, so submitting it again is refused as already existing instead of making a duplicate.
 */
export function uuidFromName(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  const variant = ((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}
