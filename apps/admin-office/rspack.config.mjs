import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { federatedAppConfig } from '../../libs/web/ui/build/rspack.mjs';

export default federatedAppConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'admin_office',
  publicPath: '/remotes/admin-office/',
  exposes: {
    './Dashboard': './src/Dashboard.tsx',
    './Settings': './src/Settings.tsx',
    './AuditLog': './src/AuditLog.tsx',
    './RealtimeIndicator': './src/RealtimeIndicator.tsx',
  },
});
