// Pure form logic of the create and edit dialogs: what is sent, and which field an error belongs to.
import { CASE_MESSAGES } from '@afterwards/cases-domain';
import { DEFAULT_JURISDICTION } from '@afterwards/checklist-domain';
import { textFieldsOf } from '@afterwards/web-ui/forms';
import { memoryDateProblems, type CreateMemoryRequest, type EditMemoryRequest, type MemorySummary } from '@afterwards/contracts';

export interface MemoryForm {
  name: string;
  deceasedName: string;
  jurisdiction: string;
  relationship: string;
  dateOfDeath: string;
  dateOfBirth: string;
  placeOfDeath: string;
}

export type MemoryField = keyof MemoryForm;

export const EMPTY_FORM: MemoryForm = {
  name: '',
  deceasedName: '',
  jurisdiction: DEFAULT_JURISDICTION,
  relationship: '',
  dateOfDeath: '',
  dateOfBirth: '',
  placeOfDeath: '',
};

const FIELDS: readonly MemoryField[] = ['name', 'deceasedName', 'jurisdiction', 'relationship', 'dateOfDeath', 'dateOfBirth', 'placeOfDeath'];

/** The form as a memory holds it (edit dialog). */
export function formFromMemory(memory: MemorySummary): MemoryForm {
  return textFieldsOf(memory, FIELDS);
}

const optional = (value: string): string | null => value.trim() || null;

/** Create: the spec's required fields, else its message; fields trimmed, blank optional ones left out. */
export function createRequestFrom(form: MemoryForm): { request: CreateMemoryRequest } | { error: string } {
  const name = form.name.trim();
  const deceasedName = form.deceasedName.trim();
  const jurisdiction = form.jurisdiction.trim();
  if (!name || !deceasedName || !jurisdiction) return { error: CASE_MESSAGES.requiredFields };
  const request: CreateMemoryRequest = { name, deceasedName, jurisdiction };
  const relationship = optional(form.relationship);
  const dateOfDeath = optional(form.dateOfDeath);
  const placeOfDeath = optional(form.placeOfDeath);
  if (relationship) request.relationship = relationship;
  if (dateOfDeath) request.dateOfDeath = dateOfDeath;
  if (placeOfDeath) request.placeOfDeath = placeOfDeath;
  return { request };
}

/**
 * Edit: name and deceased name required (spec message). Filled fields are sent trimmed; a field the user
 * emptied is sent as null so it is really cleared; untouched empty ones are left out. The form's
 * detailsVersion goes along so an edit made elsewhere in between is refused rather than overwritten.
 */
export function editRequestFrom(form: MemoryForm, memory: MemorySummary): { request: EditMemoryRequest } | { error: string; errors?: Partial<Record<MemoryField, string>> } {
  const name = form.name.trim();
  const deceasedName = form.deceasedName.trim();
  if (!name || !deceasedName) return { error: CASE_MESSAGES.editRequired };
  // The contract's date rule, the one the API applies too: said beside the field before anything is sent.
  const [datesWrong] = memoryDateProblems({ dateOfBirth: form.dateOfBirth, dateOfDeath: form.dateOfDeath });
  if (datesWrong) return { error: datesWrong.message, errors: { [datesWrong.path]: datesWrong.message } };
  const request: EditMemoryRequest = { name, deceasedName, expectedDetailsVersion: memory.detailsVersion };
  const was = formFromMemory(memory);
  for (const field of ['relationship', 'dateOfDeath', 'dateOfBirth', 'placeOfDeath'] as const) {
    const value = optional(form[field]);
    if (value) request[field] = value;
    else if (was[field]) request[field] = null;
  }
  return { request };
}

/** Server field errors (problem details `errors[].path`) by form field; unknown paths are left out. */
export function fieldErrors(errors: readonly { path: string; message: string }[]): Partial<Record<MemoryField, string>> {
  const out: Partial<Record<MemoryField, string>> = {};
  for (const e of errors) {
    const key = e.path.replace(/^\/?(body[./])?/, '').split(/[./]/)[0] as MemoryField;
    if (FIELDS.includes(key) && !out[key]) out[key] = e.message;
  }
  return out;
}
