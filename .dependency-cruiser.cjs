// The dependency rules that keep the layers apart (`npm run lint`, and a step of `npm test`). See
// docs/ARCHITECTURE.md for the layers. Each rule fails the build; an exception is written here with why.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-stays-pure',
      comment:
        'A domain lib is pure TypeScript: no framework, no persistence, no network or file I/O. Time, ids and ' +
        'stored state come in as inputs. Its tests may read fixtures from disk.',
      severity: 'error',
      from: { path: '^libs/[^/]+/domain/src/', pathNot: '\\.spec\\.tsx?$' },
      to: {
        path: [
          '(^|/)node_modules/(@nestjs|express|@prisma|prisma|@electric-sql|pg|bullmq|ioredis|socket\\.io|@kurrent|nodemailer|react|react-dom)(/|$)',
          '^libs/(persistence|event-store|file-store|jobs|mail|server-kit|testing|web)/',
          '^libs/[^/]+/server/',
          '^apps/',
        ],
      },
    },
    {
      name: 'domain-no-node-io',
      comment: 'No file system, network, process or worker modules in a domain lib (outside its tests).',
      severity: 'error',
      from: { path: '^libs/[^/]+/domain/src/', pathNot: '\\.spec\\.tsx?$' },
      to: {
        dependencyTypes: ['core'],
        path: '^(node:)?(fs|fs/promises|net|http|https|http2|dgram|dns|tls|child_process|cluster|worker_threads|process)$',
      },
    },
    {
      name: 'contracts-stay-below-domains',
      comment: 'Contracts are the shared vocabulary: domains import contracts, never the other way round.',
      severity: 'error',
      from: { path: '^libs/contracts/' },
      to: { path: ['^libs/[^/]+/(domain|server)/', '^apps/'] },
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
