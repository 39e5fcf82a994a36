// Modules provided at run time by Module Federation remotes (types are not generated: dts is off).
declare module 'admin_access/SignIn' {
  import type { ComponentType } from 'react';
  export interface SignInProps {
    /** Called with the server's answer after a real, successful sign-in. */
    onSignedIn?: (session: unknown) => void;
    /** Epoch ms until which the server has locked sign-in from here (found on load). */
    lockedUntil?: number;
    /** A message to show on arrival (e.g. why a session was refused). */
    notice?: string;
  }
  const SignIn: ComponentType<SignInProps>;
  export default SignIn;
}

declare module 'admin_office/Dashboard' {
  import type { ComponentType } from 'react';
  import type { AdminUser } from '@afterwards/contracts';
  export type DashboardTarget = 'businesses' | 'promotions' | 'coverage' | 'settings' | 'audit';
  export interface DashboardProps {
    admin: AdminUser;
    onNavigate: (section: DashboardTarget) => void;
  }
  const Dashboard: ComponentType<DashboardProps>;
  export default Dashboard;
}

declare module 'admin_office/Settings' {
  import type { ComponentType } from 'react';
  import type { AdminUser } from '@afterwards/contracts';
  export interface SettingsProps {
    admin: AdminUser;
    /** Told whenever the form gains or loses unsaved edits. */
    onDirtyChange?: (dirty: boolean) => void;
  }
  const Settings: ComponentType<SettingsProps>;
  export default Settings;
}

declare module 'admin_office/AuditLog' {
  import type { ComponentType } from 'react';
  import type { AdminUser } from '@afterwards/contracts';
  export interface AuditLogProps {
    admin: AdminUser;
  }
  const AuditLog: ComponentType<AuditLogProps>;
  export default AuditLog;
}

declare module 'admin_office/RealtimeIndicator' {
  import type { ComponentType } from 'react';
  const RealtimeIndicator: ComponentType;
  export default RealtimeIndicator;
}

declare module 'admin_listings/LocalBusinesses' {
  import type { ComponentType } from 'react';
  import type { AdminUser } from '@afterwards/contracts';
  export interface LocalBusinessesProps {
    admin: AdminUser;
    /** Jumps to another back-office section; to Promotions with a business to create for or to show. */
    onNavigate?: (section: string, start?: { create: string } | { listingId: string }) => void;
    /** Open the Add New Business form on arrival (the Dashboard's 'Add New Business' quick action). */
    startWith?: 'add';
  }
  const LocalBusinesses: ComponentType<LocalBusinessesProps>;
  export default LocalBusinesses;
}

declare module 'admin_promotions/Promotions' {
  import type { ComponentType } from 'react';
  import type { AdminUser } from '@afterwards/contracts';
  export interface PromotionsProps {
    admin: AdminUser;
    /** 'create': Create Promotion on arrival; `{ create }` for one business; `{ listingId }`: its promotions. */
    startWith?: 'create' | { create: string } | { listingId: string };
  }
  const Promotions: ComponentType<PromotionsProps>;
  export default Promotions;
}

declare module 'admin_organisations/Organisations' {
  import type { ComponentType } from 'react';
  import type { AdminUser } from '@afterwards/contracts';
  export interface OrganisationsProps {
    admin: AdminUser;
  }
  const Organisations: ComponentType<OrganisationsProps>;
  export default Organisations;
}

declare module 'admin_coverage/Coverage' {
  import type { ComponentType } from 'react';
  import type { AdminUser } from '@afterwards/contracts';
  export interface CoverageProps {
    admin: AdminUser;
    /** Jumps to another back-office section ('businesses', to place listings without coordinates). */
    onNavigate?: (section: string) => void;
  }
  const Coverage: ComponentType<CoverageProps>;
  export default Coverage;
}

declare module 'admin_documents/Documents' {
  import type { ComponentType } from 'react';
  import type { AdminUser } from '@afterwards/contracts';
  export interface DocumentsProps {
    admin: AdminUser;
  }
  const Documents: ComponentType<DocumentsProps>;
  export default Documents;
}

declare module 'admin_history/History' {
  import type { ComponentType } from 'react';
  import type { AdminUser } from '@afterwards/contracts';
  export interface HistoryProps {
    admin: AdminUser;
  }
  const History: ComponentType<HistoryProps>;
  export default History;
}
