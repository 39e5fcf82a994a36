import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { federatedAppConfig } from '../../libs/web/ui/build/rspack.mjs';

export default federatedAppConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'admin_shell',
  publicPath: '/admin/',
  remotes: {
    admin_access: 'admin_access@/remotes/admin-access/mf-manifest.json',
    admin_office: 'admin_office@/remotes/admin-office/mf-manifest.json',
    admin_listings: 'admin_listings@/remotes/admin-listings/mf-manifest.json',
    admin_promotions: 'admin_promotions@/remotes/admin-promotions/mf-manifest.json',
    admin_coverage: 'admin_coverage@/remotes/admin-coverage/mf-manifest.json',
    admin_documents: 'admin_documents@/remotes/admin-documents/mf-manifest.json',
    admin_history: 'admin_history@/remotes/admin-history/mf-manifest.json',
    admin_organisations: 'admin_organisations@/remotes/admin-organisations/mf-manifest.json',
  },
  html: {
    title: 'Staff area · Afterwards',
    description: 'Afterwards staff area.',
    noindex: true,
  },
});
