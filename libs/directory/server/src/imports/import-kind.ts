import type { ImportKind } from '@afterwards/contracts';
import type { ImportRowRef } from '@afterwards/directory-domain';
import { StreamConflictError } from '@afterwards/event-store';
import type { CommandContext, NewStreamOutcome } from '@afterwards/server-kit';

/** One data row judged by a kind's rules: the entry it makes (by id) and what to submit, or its errors. */
export type ImportRowResult<S> = { readonly ok: true; readonly entryId: string; readonly submission: S } | { readonly ok: false; readonly errors: string[] };

/** A row's rules for one check or one run of the job (settings read once). */
export type ImportRowRules<S> = (record: Readonly<Record<string, string>>, row: number) => ImportRowResult<S>;

/** An accepted row on its way in: the entry, what the kind's rules made of it, and where it came from. */
export interface ImportSubmission<S> {
  readonly entryId: string;
  readonly submission: S;
  readonly importRow: ImportRowRef;
}

/** What a submitted row came to: added, already there (a duplicate), or refused by the kind's own decider. */
export type ImportOutcome = 'submitted' | 'exists' | 'refused';

/**
 * The outcomes of a batch of new streams (`createMany`) as the import counts them: a stream the store
 * already had is a duplicate, a kind's domain error (`Refusal`) is a refused row; anything else is thrown,
 * so the job fails and is retried.
 */
export function importOutcomesOf(outcomes: readonly NewStreamOutcome<unknown>[], Refusal: abstract new (...args: never[]) => Error): ImportOutcome[] {
  return outcomes.map((outcome) => {
    if (outcome.ok) return 'submitted';
    if (outcome.error instanceof StreamConflictError) return 'exists';
    if (outcome.error instanceof Refusal) return 'refused';
    throw outcome.error;
  });
}

/**
 * The published import port: what one kind of CSV import brings to the one pipeline (upload, check, job,
 * record). The pipeline reads the file, counts and resumes; the kind says which columns it reads, how a row
 * becomes an entry, where an entry's stream is (a row whose entry exists was imported before) and how its
 * entries are added. The listings' kind is the directory's own; the organisations context registers its
 * kind in ImportKinds.
 */
export interface CsvImportKind<S> {
  readonly kind: ImportKind;
  /** Normalised headers the file must have. */
  readonly requiredHeaders: readonly string[];
  /** Normalised headers it may have besides. */
  readonly optionalHeaders: readonly string[];
  rowRules(): Promise<ImportRowRules<S>>;
  streamId(entryId: string): string;
  /** Adds the rows' entries, only creating streams; one outcome per row, in order. */
  submitMany(rows: readonly ImportSubmission<S>[], context: CommandContext, fileName: string): Promise<ImportOutcome[]>;
}

/** The kinds the pipeline knows, one each. */
export class ImportKinds {
  // Each kind keeps its own submission type; the pipeline only passes a kind's submissions back to it.
  private readonly kinds = new Map<ImportKind, CsvImportKind<unknown>>();

  register<S>(kind: CsvImportKind<S>): this {
    this.kinds.set(kind.kind, kind as CsvImportKind<unknown>);
    return this;
  }

  get(kind: ImportKind): CsvImportKind<unknown> {
    const found = this.kinds.get(kind);
    if (!found) throw new Error(`No CSV import of ${kind} is set up in this process`);
    return found;
  }

  has(kind: ImportKind): boolean {
    return this.kinds.has(kind);
  }
}
