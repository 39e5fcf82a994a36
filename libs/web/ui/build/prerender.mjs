// Pages of a host rendered to HTML at build time, so that a visitor reads them before any script has run
// (decision 0032). Two parts: the configuration of a Node bundle of the host's prerender entry, and a
// plugin of the host's own build that loads that bundle, renders each page into the host's HTML page and
// emits it as `pages/<name>.html` (pre-compressed with the rest by PrecompressPlugin).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Beasties from 'beasties';
import { escapeHtml, EXTENSIONS, tsxRule } from './rspack.mjs';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));

/** Where the host's prerender bundle is written: outside `dist`, which the host's build cleans. */
export const prerenderBundleDir = (dir) => path.join(dir, '..', '..', 'node_modules', '.cache', 'afterwards-prerender', path.basename(dir));

/**
 * The Node bundle of `entry`, which must export `PRERENDERED_PAGES` (path → page name) and
 * `renderPage(path)` (the HTML inside the page's root element), `ENTRY_AFTER_PAINT_SCRIPT` and
 * `ENTRY_SCRIPT_ATTRIBUTE` (decision 0034), and may export `renderConsentBanner()` (put
 * after the loading screen of `index.html`, the page sent where there is no prerendered one). Styles are left
 * out (the browser build carries them); the federation runtime is a stand-in that fails, since remotes are
 * fetched in the browser.
 * @returns {import('@rspack/core').Configuration}
 */
export function prerenderConfig({ dir, entry, publicPath }) {
  return {
    name: 'prerender',
    mode: 'production',
    context: dir,
    target: 'node20',
    devtool: false,
    entry: { prerender: entry },
    output: {
      path: prerenderBundleDir(dir),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      // Every lazy page in the one file: the render waits for them, and nothing is fetched.
      asyncChunks: false,
      publicPath,
      // The same file names as the browser build, so an image's address in the HTML is the one it serves.
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: {
      extensions: EXTENSIONS,
      alias: { '@module-federation/enhanced/runtime$': path.join(here, 'prerender-federation-runtime.mjs') },
    },
    // The React the render uses must be the one react-dom/server is: required, not bundled.
    externals: ['react', 'react-dom', 'react-dom/static', 'react/jsx-runtime'].map((m) => ({ [m]: `commonjs ${m}` })),
    module: {
      rules: [
        tsxRule(true),
        { test: /\.css$/, type: 'asset/source' },
        {
          test: /\.svg$/,
          oneOf: [
            { resourceQuery: /inline/, type: 'asset/inline' },
            { type: 'asset/resource', generator: { emit: false } },
          ],
        },
      ],
    },
    optimization: { minimize: false, moduleIds: 'deterministic' },
    stats: 'errors-warnings',
  };
}

/**
 * Critical CSS (decision 0034): the rules a page's HTML uses go inline in its head, and the stylesheet links
 * move to the end of the body, where they no longer hold back the first paint. The stylesheets are read from
 * the build's own assets, not from disk, since they are not written yet. Rules that depend on the mark the
 * head script sets on <html> before the first paint are kept whatever the HTML holds.
 */
class CriticalCss extends Beasties {
  constructor(compilation) {
    super({
      path: compilation.outputOptions.path,
      publicPath: compilation.outputOptions.publicPath,
      preload: 'body',
      // The template's own inline style (the loading screen) stays whole: React draws that screen again later.
      reduceInlineStyles: false,
      allowRules: [/data-consent/],
      logLevel: 'warn',
    });
    this.compilation = compilation;
  }

  /** The page with its critical rules, without the mark Beasties leaves on <html> (it only means "whole page"). */
  async process(html) {
    return (await super.process(html)).replace(' data-beasties-container', '');
  }

  async readFile(filename) {
    const name = path.relative(this.options.path, filename).split(path.sep).join('/');
    const asset = this.compilation.getAsset(name);
    if (!asset) throw new Error(`PrerenderPlugin: no stylesheet ${name} in the build`);
    return asset.source.source().toString();
  }
}

/** Renders the host's pages into its `index.html` after the browser build has written it. */
export class PrerenderPlugin {
  constructor({ dir }) {
    this.bundle = path.join(prerenderBundleDir(dir), 'prerender.cjs');
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrerenderPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise({ name: 'PrerenderPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, async () => {
        const index = compilation.getAsset('index.html');
        if (!index) throw new Error('PrerenderPlugin: the build has no index.html');
        delete require.cache[this.bundle];
        const { PRERENDERED_PAGES, PREPAINT_SCRIPT, ENTRY_AFTER_PAINT_SCRIPT, ENTRY_SCRIPT_ATTRIBUTE, renderPage, pageTitle, renderConsentBanner } = require(this.bundle);
        const template = index.source.source().toString();
        // The loading screen inside the root element goes; so does the no-script notice: the page reads without script,
        // and one that needs it (the sign-in form) says so in its own words.
        const root = /<div id="root">[\s\S]*?<\/div>\s*<\/div>/;
        if (!root.test(template)) throw new Error('PrerenderPlugin: no root element with its loading screen in index.html');
        // The stylesheets every page loads, so the HTML is drawn styled (their rules it uses inline, decision 0034): those of the chunks
        // main.js asks for on every page (the shell's own styles, the design system), not those of the pages
        // it asks for early on their own paths (`./pages/…`). A prerendered page's own chunk has no stylesheet
        // today; one given a stylesheet would be drawn without it until hydrated.
        const stylesheets = new Set();
        for (const group of compilation.chunkGroups) {
          const parents = group.getParents?.() ?? [...(group.parentsIterable ?? [])];
          if (!parents.some((p) => p.name === 'main')) continue;
          if ((group.origins ?? []).some((o) => /(^|\/)pages\//.test(o.request ?? ''))) continue;
          for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.css')) stylesheets.add(file);
        }
        if (stylesheets.size === 0) throw new Error('PrerenderPlugin: found no stylesheet that main.js loads');
        const publicPath = compilation.outputOptions.publicPath;
        const links = [...stylesheets]
          .sort()
          .map((file) => `<link rel="stylesheet" href="${publicPath}${file}">`)
          .join('');
        const critical = new CriticalCss(compilation);
        // The entry script is fetched from the start but run once the page is drawn (decision 0034): a preload
        // link in the head, and the script that adds it last in the body, after the stylesheets, which it waits
        // for as any script in the HTML does.
        if (!ENTRY_AFTER_PAINT_SCRIPT || !ENTRY_SCRIPT_ATTRIBUTE) throw new Error('PrerenderPlugin: the prerender entry exports no ENTRY_AFTER_PAINT_SCRIPT');
        const entry = /<script defer(?:="defer")? src="([^"]+)"><\/script>/;
        if (!entry.test(template)) throw new Error('PrerenderPlugin: no deferred entry script in index.html');
        // The consent mark first in the head, so it has run before anything is drawn. The API's CSP allows it by its hash.
        const withHead = (html) =>
          html
            .replace('<head>', () => (PREPAINT_SCRIPT ? `<head><script>${PREPAINT_SCRIPT}</script>` : '<head>'))
            .replace(entry, (_, src) => `<link rel="preload" as="script" href="${src}" fetchpriority="low" ${ENTRY_SCRIPT_ATTRIBUTE}>`)
            .replace('</head>', () => `${links}</head>`);
        const finish = async (html) => (await critical.process(html)).replace('</body>', () => `<script>${ENTRY_AFTER_PAINT_SCRIPT}</script></body>`);
        for (const [pathname, name] of Object.entries(PRERENDERED_PAGES)) {
          const body = await renderPage(pathname);
          // The template's notice goes before the page goes in: a page that needs script says so itself.
          const html = withHead(template)
            .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
            .replace(root, () => `<div id="root" data-prerendered="${name}">${body}</div>`)
            .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(pageTitle(pathname))}</title>`);
          compilation.emitAsset(`pages/${name}.html`, new sources.RawSource(await finish(html)));
        }
        // The pages drawn by script keep the loading screen, with the consent banner after it for a first
        // visit (decision 0033): React's first render replaces both, drawing its own banner in the same frame.
        if (renderConsentBanner) {
          const banner = await renderConsentBanner();
          const html = withHead(template).replace(root, (loading) => `${loading.replace(/<\/div>$/, '')}${banner}</div>`);
          compilation.updateAsset('index.html', new sources.RawSource(await finish(html)));
        }
      });
    });
  }
}
