import tasks20261121 from '../templates/2026-11-21.tasks.json' with { type: 'json' };
import documents20261121 from '../templates/2026-11-21.documents.json' with { type: 'json' };
import tasks20261127 from '../templates/2026-11-27.tasks.json' with { type: 'json' };
import documents20261127 from '../templates/2026-11-27.documents.json' with { type: 'json' };
import {
  DocumentTemplateFileSchema,
  TaskTemplateFileSchema,
  type DocumentTemplateFile,
  type TaskTemplateFile,
} from './template.schema';

export interface TemplateSet {
  version: string;
  tasks: TaskTemplateFile;
  documents: DocumentTemplateFile;
}

function set(rawTasks: unknown, rawDocuments: unknown): TemplateSet {
  const tasks = TaskTemplateFileSchema.parse(rawTasks);
  const documents = DocumentTemplateFileSchema.parse(rawDocuments);
  if (tasks.version !== documents.version) {
    throw new Error(`Template versions differ: tasks ${tasks.version}, documents ${documents.version}`);
  }
  return { version: tasks.version, tasks, documents };
}

/**
 * Every published template version. Add a new pair of files under templates/ and a line here; never edit a
 * published version in place once memories were generated from it (their events carry the version, and
 * each task's deadline rule is read from it: see `deadlineRuleOf`).
 */
export const TEMPLATE_SETS: ReadonlyMap<string, TemplateSet> = new Map(
  [set(tasks20261121, documents20261121), set(tasks20261127, documents20261127)].map((s) => [s.version, s]),
);

/** Every published version, newest first (versions are ISO dates, so they sort as text). */
export const TEMPLATE_VERSIONS_NEWEST_FIRST: readonly string[] = [...TEMPLATE_SETS.keys()].sort().reverse();

export const LATEST_TEMPLATE_VERSION: string = TEMPLATE_VERSIONS_NEWEST_FIRST[0]!;
