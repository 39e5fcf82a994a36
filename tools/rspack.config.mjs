import { nodeAppConfig } from './rspack/node-app.config.mjs';

export default nodeAppConfig({ dir: import.meta.dirname, entry: { cli: './src/cli.ts' } });
