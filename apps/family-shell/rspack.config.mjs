import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { federatedAppConfig } from '../../libs/web/ui/build/rspack.mjs';

export default federatedAppConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'family_shell',
  publicPath: '/',
  remotes: {
    // Relative URL: the same origin serves the shell, the remotes and the API.
    directory: 'directory@/remotes/directory/mf-manifest.json',
    account: 'account@/remotes/account/mf-manifest.json',
    memories: 'memories@/remotes/memories/mf-manifest.json',
  },
  html: {
    title: 'Afterwards · Guidance through difficult times',
    description:
      'Afterwards helps families and executors in the UK and Ireland with the tasks, documents and local services needed after someone dies.',
  },
});
