// The dependency rules that keep the layers apart (`npm run lint`, and a step of `npm test`). See
// docs/ARCHITECTURE.md for the layers and docs/decisions/0051-boundaries-by-tags.md for why the rules are
// these. Each rule fails the build; an exception is written here with why.
//
// Who may import whom is said by each project's Nx tags (the "nx" section of its package.json): a `type:`
// tag (screen, process, server, domain, contracts, web, adapter, data, testing, tools) and a `scope:` tag
// (a context, or family, staff, shared). The tag rules below are the ones Nx's enforce-module-boundaries
// would check (its ESLint plugin lags behind the Nx version here), written as dependency-cruiser rules
// over the paths the tags name. tools/src/boundaries.int.spec.ts writes one bad import of each kind into
// the tree and proves the rule that should refuse it does.
const { readdirSync, readFileSync, existsSync } = require('node:fs');
const path = require('node:path');

/** Every project of the workspace with its root (relative to the repository) and its Nx tags. */
const projects = (() => {
  const roots = ['tools'];
  for (const group of ['apps', 'libs']) {
    for (const name of readdirSync(path.join(__dirname, group))) {
      const root = `${group}/${name}`;
      if (existsSync(path.join(__dirname, root, 'package.json'))) roots.push(root);
      else if (group === 'libs' && existsSync(path.join(__dirname, root)))
        for (const inner of readdirSync(path.join(__dirname, root))) if (existsSync(path.join(__dirname, root, inner, 'package.json'))) roots.push(`${root}/${inner}`);
    }
  }
  return roots.map((root) => {
    const pkg = JSON.parse(readFileSync(path.join(__dirname, root, 'package.json'), 'utf8'));
    const tags = (pkg.nx && pkg.nx.tags) || [];
    if (!tags.some((t) => t.startsWith('type:')) || !tags.some((t) => t.startsWith('scope:')))
      throw new Error(`${root}/package.json needs a type: and a scope: tag in its "nx" section (docs/ARCHITECTURE.md)`);
    return { root, name: pkg.name, tags };
  });
})();

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A path pattern matching the roots of the projects that carry any of `tags`. */
const rootsTagged = (...tags) => {
  const roots = projects.filter((p) => p.tags.some((t) => tags.includes(t))).map((p) => escape(p.root));
  return roots.length ? `^(${roots.join('|')})/` : '^$never';
};
/** The roots of every project that carries none of `tags`. */
const rootsNotTagged = (...tags) => {
  const roots = projects.filter((p) => !p.tags.some((t) => tags.includes(t))).map((p) => escape(p.root));
  return roots.length ? `^(${roots.join('|')})/` : '^$never';
};
const rootOf = (name) => {
  const project = projects.find((p) => p.name === name);
  if (!project) throw new Error(`No project named ${name}`);
  return project.root;
};

/** Tests, and the fixtures only tests import (`<name>.testing.ts`): they may start the product and reach anything. */
const SPEC = '\\.(spec|testing)\\.tsx?$';
/** Packages that only run on the server: none of them belongs in a browser bundle. */
const SERVER_PACKAGES = '(^|/)node_modules/(@nestjs|@prisma|prisma|@electric-sql|pg|bullmq|ioredis|@kurrent|nodemailer|express|fastify|@fastify)/|^(@nestjs|@prisma)/';

/**
 * The tag rules: a project of the first tag imports, of our projects, only those with the listed tags.
 * Its own tests (*.spec.ts) may use more: they start the product and look at what it stored.
 */
const TAG_RULES = [
  {
    name: 'screens-use-web-libs-contracts-and-domains',
    source: 'type:screen',
    allow: ['type:screen', 'type:web', 'type:contracts', 'type:domain'],
    comment:
      'A screen (apps/* but api and worker) talks to the API through libs/web/data and shows libs/web/ui; it ' +
      'never imports a server lib, an adapter (persistence, event store, jobs, mail, files) or the API. It may ' +
      "use a domain lib's pure rules (they are checked to stay pure), so the screen and the server answer alike.",
    packages: true,
  },
  {
    name: 'web-libs-stay-in-the-browser',
    source: 'type:web',
    allow: ['type:web', 'type:contracts'],
    comment: 'libs/web/* is what every screen shares: contracts and other web libs only, no Nest, no Prisma, no server lib.',
    packages: true,
  },
  {
    name: 'adapters-know-no-context',
    source: 'type:adapter',
    allow: ['type:adapter', 'type:contracts'],
    comment:
      'The ports and adapters (event store, persistence, jobs, mail, file store, server-kit) serve every context ' +
      'and know none: no domain, no server lib. A context hands them its types through generics and callbacks.',
  },
  {
    name: 'domains-use-domains-contracts-and-data',
    source: 'type:domain',
    allow: ['type:domain', 'type:contracts', 'type:data'],
    comment: 'A domain lib builds on contracts, shared data (libs/places) and other domains; never on a server lib or an adapter.',
  },
  {
    name: 'data-libs-use-contracts-only',
    source: 'type:data',
    allow: ['type:data', 'type:contracts'],
    comment: 'libs/places sits under the domains (coverage places listings in regions with it): contracts only.',
  },
  {
    name: 'contracts-stay-below-domains',
    source: 'type:contracts',
    allow: ['type:contracts'],
    comment: 'Contracts are the shared vocabulary: domains import contracts, never the other way round.',
  },
  {
    name: 'servers-use-domains-adapters-and-contracts',
    source: 'type:server',
    allow: ['type:server', 'type:domain', 'type:adapter', 'type:contracts', 'type:data'],
    comment:
      'A context server lib is wired from its domain, the adapters and contracts. Another context reaches it only ' +
      'through a published port (server-reaches-other-contexts-through-published-ports).',
  },
];

/**
 * Where one context's server lib may use another context's lib, always through the package's index (its
 * public API), never a file inside it. Anything not listed here is refused. Written as it stands on
 * purpose: a new arrow between contexts is a decision to write down here first.
 */
const PUBLISHED_PORTS = [
  {
    to: '@afterwards/identity-server',
    from: ['cases', 'directory', 'history', 'organisations', 'promotions', 'settings'],
    why:
      'who is asking and what they did: SessionCache, staffOf and staffContext, AuditTrail, AuditRecordNames, ' +
      'changedValues, verifyAuditChain, clientIp; deleting an account: AccountErasure, ERASURE_ORDER; MAILER',
  },
  {
    to: '@afterwards/settings-server',
    from: ['directory', 'promotions', 'coverage'],
    why: 'the limits staff set: SettingsService (and settingsProjection, which the promotion reactors wait on)',
  },
  {
    to: '@afterwards/directory-server',
    from: ['promotions', 'coverage', 'organisations'],
    why:
      'foldAllInteractions: the interaction counts that promotion figures and coverage weeks fold; ListingCommands: ' +
      "the directory's command API, through which the promotions' placement reactor sets a listing's featured place; " +
      'the CSV import port (IMPORT_RUNTIME, CsvImportKind, ImportKinds): organisations register their kind of the one ' +
      'import pipeline (upload, check, job, record; decision 0060). The directory never imports organisations.',
  },
  {
    to: '@afterwards/checklist-domain',
    from: ['cases', 'promotions', 'organisations'],
    why: "a memory's checklist is made from the checklist templates and deadlines; promotions and organisations use its dates module (the one date module)",
  },
  {
    to: '@afterwards/directory-domain',
    from: ['promotions', 'history'],
    why:
      'listing events and command types: the promotion notices and the placement reactor read listing events ' +
      '(the reactor sends its commands through ListingCommands), history replays them',
  },
  {
    to: '@afterwards/cases-domain',
    from: ['history', 'organisations'],
    why: "history replays every aggregate to show its state at an event; a memory's organisations are erased when the memory is (CaseDeleted)",
  },
  {
    to: '@afterwards/cases-server',
    from: ['organisations'],
    why:
      "a memory's organisations live beside the memory: memoryForPerson (the person's role, for memoryMay, and the " +
      'details letters quote), memoryAudience (who sees a change live), MemoryCommands.context (who acts), MemoryParts ' +
      '(their part of Download everything and of Delete Forever). Cases never imports organisations.',
  },
  { to: '@afterwards/promotions-domain', from: ['history'], why: 'history replays every aggregate' },
  { to: '@afterwards/settings-domain', from: ['history'], why: 'history replays every aggregate' },
  {
    to: '@afterwards/organisations-domain',
    from: ['history'],
    why: "history replays every aggregate (the organisation directory), and withholds the values of a memory's organisations' streams",
  },
];

const tagRules = TAG_RULES.map(({ name, source, allow, comment, packages }) => ({
  name,
  comment,
  severity: 'error',
  from: { path: rootsTagged(source), pathNot: SPEC },
  to: { path: packages ? [rootsNotTagged(...allow), SERVER_PACKAGES] : rootsNotTagged(...allow) },
}));

const contextServers = projects.filter((p) => p.tags.includes('type:server'));
const contextRoots = projects.filter((p) => p.tags.includes('type:server') || p.tags.includes('type:domain'));
const portRules = contextServers.map((server) => {
  const scope = server.tags.find((t) => t.startsWith('scope:')).slice('scope:'.length);
  const published = PUBLISHED_PORTS.filter((p) => p.from.includes(scope)).map((p) => `^${escape(rootOf(p.to))}/src/index\\.ts$`);
  const own = contextRoots.filter((p) => p.tags.includes(`scope:${scope}`)).map((p) => `^${escape(p.root)}/`);
  return {
    name: 'server-reaches-other-contexts-through-published-ports',
    comment: `${server.root} uses another context's server or domain lib only through a port listed in PUBLISHED_PORTS ` + '(.dependency-cruiser.cjs), and only through its index.',
    severity: 'error',
    from: { path: `^${escape(server.root)}/`, pathNot: SPEC },
    to: { path: `^(${contextRoots.map((p) => escape(p.root)).join('|')})/`, pathNot: [...own, ...published] },
  };
});

/**
 * The libs' files that may still import Express, until the Fastify move (decision 0064): the HTTP wiring, which
 * is rewritten for Fastify, and the routes that write their own answer through Express's response (`@Res()`).
 * Everything else in libs/ reads a request through server-kit's HttpRequest and its helpers.
 */
// Where a lib meets the HTTP server itself: better-auth's handler is mounted on it.
const HTTP_SERVER_MOUNTS = ['libs/identity/server/src/auth/mount.ts'].map((file) => `^${escape(file)}$`);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...tagRules,
    ...portRules,
    {
      name: 'family-screens-not-staff-libs',
      comment:
        "The scope tags: a family's screen never loads what is the back office's (scope:staff: libs/web/staff, " +
        'with the staff socket and the audit chain, and the admin apps).',
      severity: 'error',
      from: { path: rootsTagged('scope:family'), pathNot: SPEC },
      to: { path: rootsTagged('scope:staff') },
    },
    {
      name: 'domain-stays-pure',
      comment:
        'A domain lib is pure TypeScript: no framework, no persistence, no network or file I/O. Time, ids and ' +
        'stored state come in as inputs. Its tests may read fixtures from disk. The same holds for libs/places ' +
        '(type:data), which domains and the coverage screen build on.',
      severity: 'error',
      from: { path: rootsTagged('type:domain', 'type:data').replace(/\/$/, '/src/'), pathNot: SPEC },
      to: {
        path: [
          '(^|/)node_modules/(@nestjs|express|fastify|@fastify|@prisma|prisma|@electric-sql|pg|bullmq|ioredis|socket\\.io|@kurrent|nodemailer|react|react-dom)(/|$)',
          '^libs/(persistence|event-store|file-store|jobs|mail|server-kit|testing|web)/',
          '^libs/[^/]+/server/',
          '^apps/',
        ],
      },
    },
    {
      name: 'domain-no-node-io',
      comment: 'No file system, network, process or worker modules in a domain or data lib (outside its tests).',
      severity: 'error',
      from: { path: rootsTagged('type:domain', 'type:data').replace(/\/$/, '/src/'), pathNot: SPEC },
      to: {
        dependencyTypes: ['core'],
        path: '^(node:)?(fs|fs/promises|net|http|https|http2|dgram|dns|tls|child_process|cluster|worker_threads|process)$',
      },
    },
    {
      name: 'libs-read-requests-without-the-http-server',
      comment:
        "A lib reads a request through server-kit's HttpRequest and its helpers (headerOf, pathOf, rawRequestOf, …) and " +
        "answers through Nest (return values, StreamableFile, setAnswerHeader), never the HTTP server's own types " +
        '(Fastify, or Express before it: decision 0064). The one exception mounts better-auth on the server (HTTP_SERVER_MOUNTS); ' +
        'tests may start a server.',
      severity: 'error',
      from: { path: '^libs/', pathNot: [...HTTP_SERVER_MOUNTS, '\\.spec\\.tsx?$'] },
      to: { path: '(^|/)(node_modules/)?(@types/)?(express|express-serve-static-core|fastify|@fastify/[^/]+|@nestjs/platform-(express|fastify))(/|$)' },
    },
    {
      name: 'no-app-imports-another-app',
      comment:
        'Apps are deployables; what two apps share lives in a lib. Two exceptions, both the same process on ' +
        'another profile: the worker boots the API module tree without HTTP (apps/worker → apps/api app-module), ' +
        'and tools run the same modules for seed, replay and bench.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/', pathNot: '\\.spec\\.tsx?$' },
      to: {
        path: '^apps/',
        pathNot: ['^apps/$1/', '^apps/api/src/app[.-]module\\.ts$'],
      },
    },
    {
      name: 'libs-stay-below-apps',
      comment: 'A lib is shared by apps; it never reaches up into one. Tests may start a built app (libs/testing).',
      severity: 'error',
      from: { path: '^libs/', pathNot: ['\\.spec\\.tsx?$', '^libs/testing/'] },
      to: { path: '^apps/' },
    },
    {
      name: 'fixtures-stay-in-tests',
      comment: 'A test fixture (`<name>.testing.ts`) may reach anything, so only tests import it, never the product.',
      severity: 'error',
      from: { pathNot: SPEC },
      to: { path: '\\.testing\\.tsx?$' },
    },
    {
      name: 'no-cycles',
      comment: 'An import cycle hides which part depends on which; break it by moving the shared piece down.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|generated)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
