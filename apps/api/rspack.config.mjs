import { nodeAppConfig } from '../../tools/rspack/node-app.config.mjs';

export default nodeAppConfig({
  dir: import.meta.dirname,
  entry: {
    main: './src/main.ts',
    // Document text is read in a worker thread with its own heap limit (decision 0037): its entry is
    // built beside main.js, where extractionWorkerFile() looks for it.
    'extract-text.worker': '../../libs/directory/server/src/import-documents/extract-text.worker.ts',
  },
});
