// Shared Rspack configuration for the Afterwards web apps (hosts and remotes).
// It lives next to the design system because it carries the rules the design system needs
// (global CSS, the dove SVG as a file and as a data: URI) and the Module Federation sharing
// contract every app must agree on.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { PrecompressPlugin } from './precompress.mjs';
import { createRequire } from 'node:module';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/**
 * The federation runtime as ES modules. The federation plugin points its bundler runtime, runtime
 * plugins and `@module-federation/runtime` at their CommonJS builds, which cannot be tree-shaken: the
 * host's main.js carried all of `@module-federation/sdk` and every remote entry again (remoteEntry
 * 13.5 KB brotli, 7.5 KB as ES modules; the host's main.js 28.9 KB, 25 KB). The ES module builds beside
 * them are the same code. All of them or none: a mix puts both builds of a package on the page. The
 * plugin keeps an alias for `@module-federation/runtime$` it finds already set.
 */
const federationEsm = (pkg) => require.resolve(pkg).replace(/\.cjs$/, '.js'); // "require" gives dist/index.cjs
const federationRuntimeEsm = {
  [require.resolve('@module-federation/webpack-bundler-runtime')]: federationEsm('@module-federation/webpack-bundler-runtime'),
  [require.resolve('@module-federation/inject-external-runtime-core-plugin')]: federationEsm('@module-federation/inject-external-runtime-core-plugin'),
  '@module-federation/runtime$': federationEsm('@module-federation/runtime'),
  '@module-federation/runtime-tools$': federationEsm('@module-federation/runtime-tools'),
};

const contractsZodMini = path.resolve(here, '../../../contracts/src/zod-mini.ts');
const zodVersion = JSON.parse(readFileSync(require.resolve('zod/package.json'), 'utf8')).version;

const doveSvg = readFileSync(path.join(here, '../assets/dove.svg'), 'utf8');
const doveDataUri = `data:image/svg+xml,${encodeURIComponent(doveSvg.replace(/\s+/g, ' ').trim())}`;

/**
 * Modules shared between hosts and remotes. React must be one instance on the page; the design
 * system is shared so its styles load once and its React contexts (toasts) reach remotes.
 * `loaded-first` means a host does not fetch any remote until that remote is actually used.
 * `requiredVersion: false`: hosts and remotes are built from one lockfile and deployed together, so there is
 * no version to negotiate, and the runtime's semver checks were about a sixth of the signed-in dashboard's
 * longest start-up task in Lighthouse's mobile trace (decision 0068).
 */
const one = { singleton: true, requiredVersion: false };
export const shared = {
  react: one,
  'react-dom': one,
  '@afterwards/web-ui': one,
  // The back office's pieces of the design system (decision 0056): every staff remote imports them, once.
  '@afterwards/web-ui/back-office': one,
  // The back office's one socket and its connection state: both staff remotes must share them.
  '@afterwards/web-staff': one,
  // The zod/mini functions the contracts of the public pages are built with (decision 0024): the shell
  // loads them for its own start-up, and the finder uses that copy instead of sending zod's core again.
  // Shared by its path (contracts import it relatively), under a name of its own.
  [contractsZodMini]: { ...one, shareKey: '@afterwards/contracts/zod-mini', version: zodVersion },
};

export const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The HTML page of a host: static loading screen (replaced by React), inline favicon, no external assets. */
function hostHtml({ title, description, loadingMessage = 'Loading Afterwards...', noindex = false }) {
  return `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(title)}</title>
    <meta name="description" content="${escapeHtml(description)}" />
    ${noindex ? '<meta name="robots" content="noindex, nofollow" />' : ''}
    <meta name="theme-color" content="#faf7f2" />
    <link rel="icon" type="image/svg+xml" href="${doveDataUri}" />
    <style>
      html,body{margin:0;background:#faf7f2;color:#2b2620;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans','Liberation Sans',sans-serif;line-height:1.65}
      .aw-boot{position:fixed;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:1.5rem;padding:1.5rem;text-align:center;background:radial-gradient(circle at 50% 35%,#fff 0%,#faf7f2 55%,#f3ede4 100%)}
      .aw-boot p{margin:0;font-size:1.25rem;color:#5b5249;font-weight:500}
      .aw-boot-spin{width:2.5rem;height:2.5rem;border-radius:50%;border:3px solid #e4eeeb;border-top-color:#2e5e5a;animation:aw-boot-spin .9s linear infinite}
      @keyframes aw-boot-spin{to{transform:rotate(360deg)}}
      @media (prefers-reduced-motion:reduce){.aw-boot-spin{animation:none}}
    </style>
  </head>
  <body>
    <div id="root">
      <div class="aw-boot" role="status">
        <img src="${doveDataUri}" width="112" height="112" alt="" />
        <span class="aw-boot-spin" aria-hidden="true"></span>
        <p>${escapeHtml(loadingMessage)}</p>
      </div>
    </div>
    <noscript>
      <p style="position:fixed;bottom:0;left:0;right:0;margin:0;padding:1rem;background:#fff;text-align:center">
        Afterwards needs JavaScript to run. Please turn it on in your browser settings and reload the page.
      </p>
    </noscript>
  </body>
</html>`;
}

/** The source extensions every web build resolves. */
export const EXTENSIONS = ['.tsx', '.ts', '.mjs', '.js', '.json'];

/** TypeScript and TSX through Rspack's SWC, React's automatic runtime. */
export const tsxRule = (production) => ({
  test: /\.[cm]?tsx?$/,
  loader: 'builtin:swc-loader',
  options: {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic', development: !production } },
    },
  },
  type: 'javascript/auto',
});

/**
 * @param {object} options
 * @param {string} options.dir            absolute path of the app (where package.json is)
 * @param {string} options.name           Module Federation name (e.g. 'family_shell')
 * @param {string} options.publicPath     URL path the app is served from, with trailing slash
 * @param {Record<string,string>} [options.exposes]   remote: modules to expose
 * @param {Record<string,string>} [options.remotes]   host: name -> relative manifest URL
 * @param {{ title: string, description: string, loadingMessage?: string, noindex?: boolean }} [options.html]  host page
 * @returns {import('@rspack/core').Configuration}
 */
export function federatedAppConfig({ dir, name, publicPath, exposes, remotes, html }) {
  const isHost = Boolean(html);
  const production = process.env.NODE_ENV !== 'development';

  return {
    mode: production ? 'production' : 'development',
    context: dir,
    target: ['web', 'es2022'],
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    entry: isHost ? { main: './src/index.ts' } : {},
    output: {
      path: path.join(dir, 'dist'),
      publicPath,
      uniqueName: name,
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      cssFilename: '[name].[contenthash:8].css',
      cssChunkFilename: '[name].[contenthash:8].css',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: {
      extensions: EXTENSIONS,
      alias: federationRuntimeEsm,
    },
    module: {
      rules: [
        // What the federation runtime requires from its own packages, as ES modules too (see federationRuntimeEsm).
        { test: /node_modules[\\/]@module-federation[\\/]/, resolve: { conditionNames: ['import', 'module', 'browser', 'default'] } },
        tsxRule(production),
        { test: /\.css$/, type: 'css' },
        {
          test: /\.svg$/,
          oneOf: [{ resourceQuery: /inline/, type: 'asset/inline' }, { type: 'asset/resource' }],
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(exposes ? { exposes, filename: 'remoteEntry.[contenthash:8].js' } : {}),
        ...(remotes ? { remotes } : {}),
        shared,
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: true,
        // One federation runtime on the page: the host provides it, remotes use the host's instead of each
        // sending their own copy in remoteEntry (~25 KB brotli each). Every remote is loaded by a host.
        // `target: 'web'` lets the runtime drop its Node-only loading code (main.js 97.5 → 92.3 KB before compression).
        experiments: { ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: true }), optimization: { target: 'web' } },
      }),
      ...(isHost
        ? [
            new rspack.HtmlRspackPlugin({
              templateContent: hostHtml(html),
              filename: 'index.html',
              inject: 'head',
              scriptLoading: 'defer',
              minify: production,
            }),
          ]
        : []),
      ...(production ? [new PrecompressPlugin()] : []),
    ],
    optimization: {
      // Stable ids keep content hashes stable between identical builds.
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
    },
    stats: 'errors-warnings',
  };
}
