export type ChecklistErrorCode = 'CHECKLIST_TEMPLATE_VERSION_UNKNOWN' | 'CHECKLIST_JURISDICTION_UNKNOWN';

export class ChecklistError extends Error {
  constructor(
    readonly code: ChecklistErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ChecklistError';
  }
}
