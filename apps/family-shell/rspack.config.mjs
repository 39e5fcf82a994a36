import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { federatedAppConfig } from '../../libs/web/ui/build/rspack.mjs';
import { prerenderConfig, PrerenderPlugin } from '../../libs/web/ui/build/prerender.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

const app = federatedAppConfig({
  dir,
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

// The public pages as HTML (decision 0032): their Node bundle first, then the browser build renders them.
export default [
  prerenderConfig({ dir, entry: './src/prerender.tsx', publicPath: '/' }),
  { ...app, name: 'browser', dependencies: ['prerender'], plugins: [...app.plugins, new PrerenderPlugin({ dir })] },
];
