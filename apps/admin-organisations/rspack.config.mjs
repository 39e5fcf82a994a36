import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { federatedAppConfig } from '../../libs/web/ui/build/rspack.mjs';

export default federatedAppConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'admin_organisations',
  publicPath: '/remotes/admin-organisations/',
  exposes: {
    './Organisations': './src/Organisations.tsx',
  },
});
