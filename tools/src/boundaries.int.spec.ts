// Proves the boundary rules of .dependency-cruiser.cjs refuse each kind of bad import issue 42 named (and
// let the allowed ones through): it writes one small probe file per kind into the tree, runs dependency-cruiser
// on the probes with the project's own configuration, and reads which rule refused which probe. The probes are
// removed afterwards, whatever happens.
import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '../..');
const PROBE = '__boundary-probe__';

interface Probe {
  readonly kind: string;
  /** Folder of the probe, inside a project's src/. */
  readonly dir: string;
  readonly source: string;
  /** The rule that must refuse it, or undefined for an import the rules allow. */
  readonly rule: string | undefined;
}

const probes: Probe[] = [
  { kind: 'screen → a server lib', dir: 'apps/account/src', source: "import '@afterwards/cases-server';", rule: 'screens-use-web-libs-contracts-and-domains' },
  { kind: 'screen → an adapter', dir: 'apps/admin-office/src', source: "import '@afterwards/persistence';", rule: 'screens-use-web-libs-contracts-and-domains' },
  { kind: 'screen → server-kit', dir: 'apps/directory/src', source: "import '@afterwards/server-kit';", rule: 'screens-use-web-libs-contracts-and-domains' },
  { kind: 'screen → @prisma/client', dir: 'apps/memories/src', source: "import { PrismaClient } from '@prisma/client';\nexport const p = PrismaClient;", rule: 'screens-use-web-libs-contracts-and-domains' },
  { kind: 'screen → @nestjs/*', dir: 'apps/admin-listings/src', source: "import { Injectable } from '@nestjs/common';\nexport const i = Injectable;", rule: 'screens-use-web-libs-contracts-and-domains' },
  { kind: 'web lib → @nestjs/*', dir: 'libs/web/data/src', source: "import { Injectable } from '@nestjs/common';\nexport const i = Injectable;", rule: 'web-libs-stay-in-the-browser' },
  { kind: 'web lib → a server lib', dir: 'libs/web/ui/src', source: "import '@afterwards/identity-server';", rule: 'web-libs-stay-in-the-browser' },
  { kind: 'web lib → a domain lib', dir: 'libs/web/staff/src', source: "import '@afterwards/directory-domain';", rule: 'web-libs-stay-in-the-browser' },
  { kind: "server lib → another context's server lib, not a port", dir: 'libs/settings/server/src', source: "import '@afterwards/directory-server';", rule: 'server-reaches-other-contexts-through-published-ports' },
  { kind: "server lib → a file inside a published port's lib", dir: 'libs/cases/server/src', source: "import '../../../identity/server/src/tokens';", rule: 'server-reaches-other-contexts-through-published-ports' },
  { kind: "server lib → another context's domain lib", dir: 'libs/settings/server/src', source: "import '@afterwards/cases-domain';", rule: 'server-reaches-other-contexts-through-published-ports' },
  { kind: 'the upward arrow: directory → coverage', dir: 'libs/directory/server/src', source: "import '@afterwards/coverage-domain';", rule: 'server-reaches-other-contexts-through-published-ports' },
  { kind: 'event store → a domain lib', dir: 'libs/event-store/src', source: "import '@afterwards/cases-domain';", rule: 'adapters-know-no-context' },
  { kind: 'an adapter → a server lib', dir: 'libs/jobs/src', source: "import '@afterwards/directory-server';", rule: 'adapters-know-no-context' },
  { kind: 'a domain lib → a server lib', dir: 'libs/promotions/domain/src', source: "import '@afterwards/promotions-server';", rule: 'domains-use-domains-contracts-and-data' },
  { kind: "a family's screen → the staff screens' kit", dir: 'apps/account/src', source: "import '@afterwards/web-staff';", rule: 'family-screens-not-staff-libs' },
  { kind: 'contracts → a domain lib', dir: 'libs/contracts/src', source: "import '@afterwards/cases-domain';", rule: 'contracts-stay-below-domains' },
  { kind: 'product code → a test fixture', dir: 'libs/directory/server/src', source: "import './staff-listings/staff-listings.testing';", rule: 'fixtures-stay-in-tests' },
  { kind: "a lib → Fastify's request type", dir: 'libs/cases/server/src', source: "import type { FastifyRequest } from 'fastify';\nexport type R = FastifyRequest;", rule: 'libs-read-requests-without-the-http-server' },
  { kind: "server-kit → Express's request type", dir: 'libs/server-kit/src/input', source: "import type { Request } from 'express';\nexport type R = Request;", rule: 'libs-read-requests-without-the-http-server' },
  // Allowed on purpose (docs/decisions/0051-boundaries-by-tags.md): none of these may be reported.
  { kind: "screen → a domain lib's pure rules", dir: 'apps/memories/src', source: "import '@afterwards/cases-domain';\nimport '@afterwards/web-ui';", rule: undefined },
  { kind: 'server lib → a published port', dir: 'libs/directory/server/src', source: "import '@afterwards/identity-server';\nimport '@afterwards/settings-server';", rule: undefined },
  { kind: 'a domain lib → region geometry in places', dir: 'libs/coverage/domain/src', source: "import '@afterwards/places/regions';", rule: undefined },
];

const fileOf = (probe: Probe, i: number) => `${probe.dir}/${PROBE}${i}.ts`;

interface Violation {
  readonly from: string;
  readonly rule: { readonly name: string };
}

describe('the boundary rules (.dependency-cruiser.cjs)', () => {
  let violations: Violation[] = [];
  let cruised: string[] = [];

  const read = (stdout: string) => {
    const report = JSON.parse(stdout) as { modules: { source: string }[]; summary: { violations: Violation[] } };
    violations = report.summary.violations;
    cruised = report.modules.map((m) => m.source);
  };

  beforeAll(async () => {
    await Promise.all(
      probes.map(async (probe, i) => {
        await mkdir(path.join(root, probe.dir), { recursive: true });
        await writeFile(path.join(root, fileOf(probe, i)), `${probe.source}\n`);
      }),
    );
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          'node_modules/dependency-cruiser/bin/dependency-cruise.mjs',
          ...probes.map(fileOf),
          '--config',
          '.dependency-cruiser.cjs',
          '--max-depth',
          '1',
          '--output-type',
          'json',
        ],
        { cwd: root, maxBuffer: 64 * 1024 * 1024 },
      );
      read(stdout);
    } catch (error) {
      // dependency-cruiser exits non-zero when it finds violations; the report is still on stdout.
      const stdout = (error as { stdout?: string }).stdout;
      if (!stdout) throw error;
      read(stdout);
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(probes.map((probe, i) => rm(path.join(root, fileOf(probe, i)), { force: true })));
  });

  it.each(probes.map((probe, i) => [probe.kind, probe.rule ?? 'allowed', fileOf(probe, i)] as const))('%s: %s', (_kind, rule, file) => {
    expect(cruised).toContain(file);
    const reported = violations.filter((v) => v.from === file).map((v) => v.rule.name);
    if (rule === 'allowed') expect(reported).toEqual([]);
    else expect(reported).toContain(rule);
  });
});
