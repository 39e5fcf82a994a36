import type { ReactNode } from 'react';
import { ReadOnlyNote } from './ReadOnlyNote';

/** A staff section's head: what the section is for, then its actions, or the read-only note for a role that may only look. */
export function StaffHead({ lead, readOnly, children }: { lead: ReactNode; readOnly: boolean; children: ReactNode }) {
  return (
    <div className="aw-staff-head">
      <p className="aw-staff-lead">{lead}</p>
      {readOnly ? <ReadOnlyNote /> : children}
    </div>
  );
}
