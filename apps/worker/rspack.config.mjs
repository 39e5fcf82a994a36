import { nodeAppConfig } from '../../tools/rspack/node-app.config.mjs';

export default nodeAppConfig({ dir: import.meta.dirname, entry: { main: './src/main.ts' } });
