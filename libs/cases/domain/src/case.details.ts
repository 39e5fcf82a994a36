// Details: opening a memory, editing what the owner said about it, and its photo.
import { generateChecklist, isIsoDate, isoDateIn } from '@afterwards/checklist-domain';
import { JurisdictionSchema, MEMORY_DATE_MESSAGES, RelationshipSchema, type FieldError } from '@afterwards/contracts';
import { CASE_MESSAGES, CaseError } from './case.errors';
import type { CaseDetails, CaseDetailsEdited, CaseEvent, CaseOpened, CasePhoto, CasePhotoChanged, EditableCaseDetails } from './case.events';
import { startedOn, withDueDates } from './case.checklist';
import { optionalText, type CaseDetailsInput, type CaseState, type CommandOf } from './case.state';
import { MAX_TEXT_LENGTH, type Relationship } from './limits';
import { photoProblem } from './photo';

function invalid(errors: FieldError[]): never {
  throw new CaseError('CASE_INVALID', errors[0]!.message, errors);
}

function checkLength(errors: FieldError[], path: string, label: string, value: string | null): void {
  if (value && value.length > MAX_TEXT_LENGTH) errors.push({ path, message: CASE_MESSAGES.tooLong(label, MAX_TEXT_LENGTH) });
}

function checkDates(errors: FieldError[], details: Pick<CaseDetails, 'dateOfDeath' | 'dateOfBirth'>, at: string): void {
  for (const path of ['dateOfDeath', 'dateOfBirth'] as const) {
    const value = details[path];
    if (value !== null && !isIsoDate(value)) errors.push({ path, message: CASE_MESSAGES.date });
  }
  if (errors.length) return;
  const today = isoDateIn(new Date(at));
  if (details.dateOfDeath && details.dateOfDeath > today) errors.push({ path: 'dateOfDeath', message: CASE_MESSAGES.futureDeath });
  // The same rule and words as the contract's schema (the form's check), here on the memory as it will be.
  if (details.dateOfBirth && details.dateOfBirth > today) errors.push({ path: 'dateOfBirth', message: MEMORY_DATE_MESSAGES.birthInFuture });
  else if (details.dateOfBirth && details.dateOfDeath && details.dateOfBirth > details.dateOfDeath) {
    errors.push({ path: 'dateOfBirth', message: MEMORY_DATE_MESSAGES.birthAfterDeath });
  }
}

// The lists are the contract's schemas (the same the screens offer); the messages are the spec's.
function checkRelationship(errors: FieldError[], value: string | null): Relationship | null {
  if (value === null) return null;
  if (!RelationshipSchema.safeParse(value).success) errors.push({ path: 'relationship', message: CASE_MESSAGES.relationship });
  return value as Relationship;
}

/** Create memory: name, deceased name and jurisdiction are required. */
export function parseCaseDetails(input: CaseDetailsInput, at: string): CaseDetails {
  const name = optionalText(input.name);
  const deceasedName = optionalText(input.deceasedName);
  const jurisdiction = optionalText(input.jurisdiction);
  const missing: FieldError[] = [];
  if (!name) missing.push({ path: 'name', message: CASE_MESSAGES.requiredFields });
  if (!deceasedName) missing.push({ path: 'deceasedName', message: CASE_MESSAGES.requiredFields });
  if (!jurisdiction) missing.push({ path: 'jurisdiction', message: CASE_MESSAGES.requiredFields });
  if (missing.length) invalid(missing);

  const errors: FieldError[] = [];
  if (!JurisdictionSchema.safeParse(jurisdiction).success) errors.push({ path: 'jurisdiction', message: CASE_MESSAGES.jurisdiction });
  const details = {
    name: name!,
    deceasedName: deceasedName!,
    jurisdiction: jurisdiction as CaseDetails['jurisdiction'],
    relationship: checkRelationship(errors, optionalText(input.relationship)),
    dateOfDeath: optionalText(input.dateOfDeath),
    dateOfBirth: optionalText(input.dateOfBirth),
    placeOfDeath: optionalText(input.placeOfDeath),
  };
  checkLength(errors, 'name', 'Memory name', details.name);
  checkLength(errors, 'deceasedName', "Deceased person's name", details.deceasedName);
  checkLength(errors, 'placeOfDeath', 'Place of death', details.placeOfDeath);
  checkDates(errors, details, at);
  if (errors.length) invalid(errors);
  return details;
}

function parseEdit(current: CaseDetails, input: Partial<Record<keyof EditableCaseDetails, string | null>>, at: string): Partial<EditableCaseDetails> {
  const next: EditableCaseDetails = { ...current };
  const has = (key: keyof EditableCaseDetails) => Object.prototype.hasOwnProperty.call(input, key) && input[key] !== undefined;
  for (const key of ['name', 'deceasedName'] as const) {
    if (has(key)) {
      const value = optionalText(input[key]);
      if (!value) invalid([{ path: key, message: CASE_MESSAGES.editRequired }]);
      next[key] = value;
    }
  }
  const errors: FieldError[] = [];
  if (has('relationship')) next.relationship = checkRelationship(errors, optionalText(input.relationship));
  for (const key of ['dateOfDeath', 'dateOfBirth', 'placeOfDeath'] as const) {
    if (has(key)) next[key] = optionalText(input[key]);
  }
  checkLength(errors, 'name', 'Memory name', next.name);
  checkLength(errors, 'deceasedName', "Deceased person's name", next.deceasedName);
  checkLength(errors, 'placeOfDeath', 'Place of death', next.placeOfDeath);
  checkDates(errors, next, at);
  if (errors.length) invalid(errors);
  const changes: Partial<EditableCaseDetails> = {};
  for (const key of Object.keys(next) as (keyof EditableCaseDetails)[]) {
    if (next[key] !== current[key]) (changes as Record<string, unknown>)[key] = next[key];
  }
  return changes;
}

function checkPhoto(photo: CasePhoto | null | undefined): CasePhoto | null {
  if (!photo) return null;
  const problem = photoProblem(photo);
  if (problem) throw problem;
  return photo;
}

/** Opening decides the memory and its checklist together: a memory never exists without one. */
export function decideOpen(command: CommandOf<'OpenCase'>, state: CaseState): CaseEvent[] {
  const { caseId, at } = command;
  if (state.exists) throw new CaseError('CASE_ALREADY_EXISTS', `Case ${caseId} already exists`);
  const details = parseCaseDetails(command.details, at);
  const photo = checkPhoto(command.photo);
  const checklist = generateChecklist(
    {
      jurisdiction: details.jurisdiction,
      deceasedName: details.deceasedName,
      dateOfDeath: details.dateOfDeath,
      // Suggested timings count from the day the memory is started when that is after the death.
      startedOn: startedOn(at),
      ...(command.templateVersion ? { templateVersion: command.templateVersion } : {}),
    },
    command.ids,
  );
  return [
    { type: 'CaseOpened', data: { caseId, ownerId: command.actorId, details, photo, openedAt: at } },
    { type: 'ChecklistGenerated', data: { caseId, ...checklist, generatedAt: at } },
  ];
}

/** Edits and the photo, on a memory the actor owns. */
export function decideDetails(command: CommandOf<'EditCaseDetails' | 'ChangeCasePhoto'>, state: CaseState): CaseEvent[] {
  const { caseId, at } = command;
  if (command.type === 'EditCaseDetails') {
    if (command.expectedDetailsVersion !== undefined && command.expectedDetailsVersion !== state.detailsVersion) {
      throw new CaseError('CASE_CHANGED', CASE_MESSAGES.caseChanged);
    }
    const changes = parseEdit(state.details!, command.changes, at);
    if (Object.keys(changes).length === 0) return [];
    return [{ type: 'CaseDetailsEdited', data: { caseId, changes, editedAt: at } }];
  }
  const photo = checkPhoto(command.photo);
  const previousFileId = state.photo?.fileId ?? null;
  if (photo === null && previousFileId === null) return [];
  if (photo !== null && photo.fileId === previousFileId) return [];
  return [{ type: 'CasePhotoChanged', data: { caseId, photo, previousFileId, changedAt: at } }];
}

export function evolveDetails(state: CaseState, event: CaseOpened | CaseDetailsEdited | CasePhotoChanged): CaseState {
  switch (event.type) {
    case 'CaseOpened': {
      const { caseId, ownerId, details, photo, openedAt } = event.data;
      return { ...state, exists: true, caseId, ownerId, details, photo, openedAt, updatedAt: openedAt };
    }
    case 'CaseDetailsEdited': {
      const details = { ...state.details!, ...event.data.changes };
      // A new date of death moves every due date.
      const tasks = event.data.changes.dateOfDeath !== undefined ? withDueDates(state, details) : state.tasks;
      return { ...state, details, detailsVersion: state.detailsVersion + 1, tasks, updatedAt: event.data.editedAt };
    }
    case 'CasePhotoChanged':
      return { ...state, photo: event.data.photo, updatedAt: event.data.changedAt };
  }
}
