// Modules provided at run time by Module Federation remotes (types are not generated: dts is off).
declare module 'directory/Finder' {
  import type { ComponentType } from 'react';
  export interface FinderProps {
    /** Heading level of the finder's title, to fit the page outline (default 2). */
    headingLevel?: 2 | 3;
    /** Where the finder is shown, recorded with each listing interaction. */
    page: 'resources' | 'dashboard-resources';
  }
  const Finder: ComponentType<FinderProps>;
  export default Finder;
}

declare module 'account/Settings' {
  import type { ComponentType } from 'react';
  export interface SettingsProps {
    /** Signs out through the shell (toast, then the home page). */
    onSignOut: () => void;
    /** Switches the dashboard to its resources tab. */
    onViewResources: () => void;
    /** Address for the Contact Support mail link. */
    supportEmail: string;
    /** Called after the profile is saved, so the shell can refresh its greeting. */
    onProfileSaved?: () => void;
  }
  const Settings: ComponentType<SettingsProps>;
  export default Settings;
}

declare module 'memories/MemoriesDashboard' {
  import type { ComponentType } from 'react';
  export type MemoriesTab = 'overview' | 'cases' | 'case-details' | 'tasks' | 'documents' | 'notes' | 'organisations';
  export interface MemoriesDashboardProps {
    /** The dashboard's current tab; the shell's own tabs (resources, settings) render nothing. */
    tab: string;
    /** The memory the current tab is about (case-details, or a focus on the tasks/documents/notes/organisations tabs). */
    memoryId?: string;
    /** Switches the dashboard's tab. */
    onNavigate: (tab: MemoriesTab | 'resources', memoryId?: string) => void;
  }
  const MemoriesDashboard: ComponentType<MemoriesDashboardProps>;
  export default MemoriesDashboard;
}

declare module 'memories/SyncIndicator' {
  import type { ComponentType } from 'react';
  /** The header's manual sync button and sync state (syncing, synced, error, last-synced time). */
  const SyncIndicator: ComponentType<Record<string, never>>;
  export default SyncIndicator;
}
