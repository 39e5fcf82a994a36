// Shared Rspack configuration for the Node processes (api, worker, tools): TypeScript with Nest's
// decorator metadata, workspace libraries bundled from source, every npm package left external.
import path from 'node:path';

export function nodeAppConfig({ dir, entry }) {
  return {
    mode: 'production',
    target: 'node20',
    context: dir,
    entry,
    devtool: 'source-map',
    output: {
      path: path.join(dir, 'dist'),
      filename: '[name].js',
      module: true,
      chunkFormat: 'module',
      library: { type: 'module' },
      clean: true,
    },
    experiments: { outputModule: true },
    optimization: { minimize: false, splitChunks: false },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    externalsType: 'module',
    externals: [
      ({ request }, callback) => {
        if (!request || request.startsWith('.') || path.isAbsolute(request) || request.startsWith('@afterwards/')) {
          return callback();
        }
        return callback(null, request);
      },
    ],
    externalsPresets: { node: true },
    module: {
      // Keep import.meta as it is: code locates files next to the built bundle at run time.
      parser: { javascript: { importMeta: false } },
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              target: 'es2022',
              parser: { syntax: 'typescript', decorators: true },
              transform: { legacyDecorator: true, decoratorMetadata: true },
              keepClassNames: true,
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.(sql|csv)$/, type: 'asset/source' },
      ],
    },
    stats: 'errors-warnings',
  };
}
