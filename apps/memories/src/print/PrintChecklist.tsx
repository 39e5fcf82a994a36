// Placeholder (helper A): helper B replaces this file with the printable checklist.
export function PrintChecklist(_props: { memoryId: string }) {
  return null;
}
