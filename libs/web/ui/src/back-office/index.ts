// @afterwards/web-ui/back-office: the design system's pieces only the staff back office uses (a section's
// frame, filters, lists, dialog forms, the live-updates dot), one stylesheet a piece. Each back-office screen imports
// this entry; it is shared like the design system itself, so its styles load once, and no family page
// loads them (decision 0056).
import '../styles/back-office/page.css';
import '../styles/back-office/filters.css';
import '../styles/back-office/list.css';
import '../styles/back-office/table.css';
import '../styles/back-office/form.css';
import '../styles/back-office/csv-import.css';
import '../styles/back-office/live-status.css';

export { ReadOnlyNote } from './ReadOnlyNote';
export { SearchFilters } from './SearchFilters';
export type { SearchFiltersProps } from './SearchFilters';
export { FailedAlert, ListCount, LoadFailed } from './ListStatus';
export { StaffHead } from './StaffHead';
export { StaffFormDialog } from './StaffFormDialog';
export type { StaffFormDialogProps } from './StaffFormDialog';
export { useStaffForm } from './useStaffForm';
export type { CheckedForm, FormProblem, StaffFormOptions } from './useStaffForm';
