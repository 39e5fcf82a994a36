// Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text asset of a production build, so the
// API sends static files compressed at the best level without compressing them per request.
// A few lines on Node's zlib rather than compression-webpack-plugin, whose webpack peer dependency would
// install all of webpack beside Rspack (decision 0015).
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const TEXT = /\.(js|mjs|css|html|json|svg|txt)$/;

export class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After every other plugin has written its assets (the HTML page, the federation manifest).
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        async () => {
          const assets = compilation.getAssets().filter((a) => TEXT.test(a.name));
          await Promise.all(
            assets.map(async ({ name, source }) => {
              const input = Buffer.from(source.buffer());
              const [br, gz] = await Promise.all([
                brotli(input, {
                  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length },
                }),
                gzip(input, { level: zlib.constants.Z_BEST_COMPRESSION }),
              ]);
              // A copy no smaller than the file is useless: the file is sent as it is.
              if (br.length < input.length) compilation.emitAsset(`${name}.br`, new sources.RawSource(br));
              if (gz.length < input.length) compilation.emitAsset(`${name}.gz`, new sources.RawSource(gz));
            }),
          );
        },
      );
    });
  }
}
