import type { Migration } from '@afterwards/persistence';
import auth from '../migrations/0001_auth.sql';
import userSettings from '../migrations/0002_user_settings.sql';
import admin from '../migrations/0003_admin.sql';
import adminSetupTokens from '../migrations/0004_admin_setup_tokens.sql';
import adminAuditChain from '../migrations/0005_admin_audit_chain.sql';
import staffSessions from '../migrations/0006_staff_sessions.sql';
import signIns from '../migrations/0007_sign_ins.sql';
import auditAccountEmail from '../migrations/0008_audit_account_email.sql';
import userChanged from '../migrations/0009_user_changed.sql';

export const identityMigrations: Migration[] = [
  { id: 'identity/0001_auth', sql: auth },
  { id: 'identity/0002_user_settings', sql: userSettings },
  { id: 'identity/0003_admin', sql: admin },
  { id: 'identity/0004_admin_setup_tokens', sql: adminSetupTokens },
  { id: 'identity/0005_admin_audit_chain', sql: adminAuditChain },
  { id: 'identity/0006_staff_sessions', sql: staffSessions },
  { id: 'identity/0007_sign_ins', sql: signIns },
  { id: 'identity/0008_audit_account_email', sql: auditAccountEmail },
  { id: 'identity/0009_user_changed', sql: userChanged },
];
