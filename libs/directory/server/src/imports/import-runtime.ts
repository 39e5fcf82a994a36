import { createHash } from 'node:crypto';
import type { CommandBus } from '@nestjs/cqrs';
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
import { executeCommand, toDomainEvent, type CommandContext, type Decider } from '@afterwards/server-kit';

/** What the import routes and the import job share, wired by Nest in the product and by hand in benches. */
export interface ImportRuntime {
  readonly store: EventStore;
  readonly prisma: PrismaClient;
  readonly commands: Pick<CommandBus, 'execute'>;
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

export async function loadCsvImport(store: EventStore, importId: string): Promise<CsvImportState> {
  const history = await store.readStream(importStreamId(importId));
  return history.reduce((s, e) => evolveCsvImport(s, toDomainEvent<CsvImportEvent>(e)), initialCsvImportState);
}

export async function runCsvImportCommand(store: EventStore, importId: string, command: CsvImportCommand, context: CommandContext): Promise<Position | undefined> {
  const result = await executeCommand(store, importStreamId(importId), csvImportDecider, command, context);
  return result.position;
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
