import { loadGazetteer } from '@afterwards/places';
import { ConfigError, listParkedEvents, retryParkedEvents, EVENT_STORE, PRISMA, SQL_CLIENT } from '@afterwards/server-kit';
import type { SqlClient } from '@afterwards/persistence';
import { projections } from '@afterwards/api/app-module';
import { benchEventStore } from './bench/event-store.bench';
import { rerunWithApiFlags } from './bench/bench-events';
import { benchSearch } from './bench/search.bench';
import { benchInteractions } from './bench/interactions.bench';
import { parseFlags, withApp } from './cli-support';
import { LISTING_USAGE, listingCommand } from './listing/listing.command';
import { seed } from './seed/seed.command';
import { CREATE_ADMIN_USAGE, createAdminCommand } from './admin/create-admin.command';
import { benchSignIn } from './bench/sign-in.bench';
import { benchMemories } from './bench/memories.bench';
import { benchReads } from './bench/reads.bench';
import { summariseNewestCpuProfile } from './bench/cpu-profile';
import { benchPlaces } from './bench/places.bench';
import { runReadFloor } from './bench/read-floor';
import { benchStaffListings } from './bench/staff-listings.bench';
import { benchCoverage } from './bench/coverage.bench';
import { benchFirstLoad } from './bench/first-load.bench';
import { benchLighthouse } from './bench/lighthouse.bench';
import { benchScaleOut } from './bench/scale-out.bench';
import { fuzzCommand } from './bench/fuzz.command';
import { benchHistory } from './bench/history.bench';
import { benchPromotionExpiry, runPromotionExpiryWorker } from './bench/promotion-expiry.bench';
import { VERIFY_USAGE, auditVerifyCommand, eventsVerifyCommand } from './verify/verify.command';
import { benchImports } from './bench/imports.bench';
import { rebuildCommand } from './rebuild/rebuild.command';
import { benchRebuild } from './bench/rebuild.bench';
import { benchLetters } from './bench/letters.bench';

const USAGE = `Afterwards operator tools: node tools/dist/cli.js <command>

  seed [--count 600] [--seed 42] [--if-empty]   load a realistic directory through listing commands
  ${LISTING_USAGE.split('\n').join('\n  ')}
  ${CREATE_ADMIN_USAGE}
  ${VERIFY_USAGE.split('\n').join('\n  ')}
  fuzz [--runs 200] [--seed N]                  requests generated from the contracts against every route of the built API: no 5xx, problem details, nothing changed by a refusal
  projections parked [--projection <name>]      events a projection set aside with their error (it went on with later ones)
  projections retry [--projection <name>]       apply parked events again after a fix; exit 1 if any still fails
  rebuild [--keep]                              replay the log into a shadow copy of every read model beside the running API and compare it with the live one (progress on stderr); exit 1 if any differs
  bench events [--target pglite|postgres|both] [--writers 20] [--seconds 5] [--lag-rate 500] [--rounds 3]   append rate against a raw INSERT (interleaved rounds, medians), then projection lag (--lag-rate 0: append only)
  bench search [--listings 100000] [--searches 500] [--seed 7] [--writers 32] [--keep] [--database <url of a kept run>]
  bench interactions [--clients 200] [--seconds 10] [--rate 2000] [--batch 10]
  bench sign-in [--users 50] [--rounds 10]      p50/p99 of a sign-in request against the built API on PostgreSQL
  bench memories [--users 50] [--memories 10] [--shared 3] [--rounds 20] [--think 500] [--replicas 1] [--node-flags '<v8 flags without their dashes>']   p50/p99 of the dashboard and of opening a memory
  bench reads [--users 50] [--memories 10] [--shared 3] [--connections 50] [--seconds 10] [--rounds 3] [--warm-up 10] [--cpu-prof <dir>] [--node-flags '<v8 flags without their dashes>'] [--keep] [--only dashboard|memory]   dashboard and open-a-memory saturated, against a bare server sending the same bytes
  bench cpu-profile --dir <folder> [--top 12]   where the CPU of the newest .cpuprofile in the folder went (self time by owner and function)
  bench scale-out [--rounds 3] [--clients 8] [--seconds 15]   writes/s of one API replica and of two (interleaved), and the takeover time when the leader is killed
  bench rebuild [--events 1000000] [--seed 7] [--keep] [--database <url of a kept run>]   a realistic log written to a fresh PostgreSQL database, projected by the API (above 100,000 events seeded from a first rebuild), then \`rebuild\` beside the running API: time, events/s, every model equal
  bench imports [--rows 50000]                  a CSV imported end to end through the built API: rows/s and peak API memory
  bench promotion-expiry [--promotions 10000] [--workers 2] [--concurrency 16]   10,000 promotions ending in one minute, expired by two workers
  bench staff-listings [--listings 100000] [--rounds 40] [--concurrency 4] [--bulk 1000] [--seed 7] [--writers 32] [--keep] [--database <url of a kept run>]
                                                staff list p50/p99 over HTTP and one bulk status change, at 100,000 listings
  bench coverage [--listings 100000] [--rounds 200] [--seed 7] [--writers 32] [--keep] [--database <url of a kept run>]   coverage p50/p99 and the screen's gzip size
  bench first-load [--embedded]                 JavaScript per public page as sent (brotli), duplicate requests, console errors, in Chromium
  budget first-load                             the same on the embedded profile (no database server); the last step of npm run build
  bench lighthouse [--runs 3] [--reports <dir> (reports and traces)] [--pages /,/login,/resources,/dashboard] [--cpu-slowdown 4]   Lighthouse (mobile) scores of the public pages and the signed-in dashboard
  bench places                                  the gazetteer's heap, its share of a full collection, suggest and resolve p50/p99
  bench letters [--rounds 7]                    one organisation's letter PDF and a pack of 30, median time against the goals (< 1 s, < 5 s)
  bench history [--stream-events 1000] [--log-events 1000000] [--audit-rows 1000000] [--rounds 200]   history state and global log p50/p99, tools audit verify time, tools events verify through a signed checkpoint

Configuration comes from the same environment variables as the API (see README).`;

/** `--node-flags 'max-old-space-size=256 trace-gc'`: V8 flags for a bench's API, written without their dashes. */
const nodeFlagsOf = (flags: Record<string, string>): string[] | undefined =>
  flags['node-flags']
    ?.split(' ')
    .filter(Boolean)
    .map((f) => `--${f}`);

/** The families the memory benches read: `--users`, `--memories` each, `--shared` with the next person. */
const familiesOf = (flags: Record<string, string>) => ({
  users: Number(flags.users ?? 50),
  memories: Number(flags.memories ?? 10),
  shared: Number(flags.shared ?? 3),
});

/** The options of every bench over a generated directory: its size and seed, the writers, the database. */
const directoryOf = (flags: Record<string, string>) => ({
  listings: Number(flags.listings ?? 100_000),
  seed: Number(flags.seed ?? 7),
  writers: Number(flags.writers ?? 32),
  keep: flags.keep === 'true',
  database: flags.database,
});

/** Prints what a check or bench found; the exit code says whether it met its targets. */
const reported = (result: { report: string; ok: boolean }): number => {
  console.log(result.report);
  return result.ok ? 0 : 1;
};

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { positional, flags } = parseFlags(rest);
  // `--help` anywhere prints the usage instead of running the command (a benchmark takes minutes).
  if (flags.help !== undefined || command === '--help') {
    console.log(USAGE);
    return 0;
  }
  switch (command) {
    case 'seed': {
      const count = Number(flags.count ?? 600);
      const result = await withApp((app, config) =>
        seed(app, config, { count, seed: Number(flags.seed ?? 42), ifEmpty: flags['if-empty'] === 'true' }),
      );
      console.log(result.skipped ? 'The directory already has listings; seed skipped.' : `Seeded ${result.created} listings.`);
      return 0;
    }
    case 'listing':
      console.log(await withApp((app, config) => listingCommand(app, config, positional, flags)));
      return 0;
    case 'create-admin':
      console.log(await withApp((app) => createAdminCommand(app, flags)));
      return 0;
    case 'audit':
    case 'events': {
      if (positional[0] !== 'verify') break;
      const result = await withApp((app, config) => (command === 'audit' ? auditVerifyCommand : eventsVerifyCommand)(app.get<SqlClient>(SQL_CLIENT), config));
      console.log(result.text);
      return result.ok ? 0 : 1;
    }
    case 'rebuild': {
      const reports = await withApp((app) => rebuildCommand(app.get(EVENT_STORE), app.get(PRISMA), projections, { keep: flags.keep === 'true' }));
      return reports.every((r) => r.equal) ? 0 : 1;
    }
    case 'fuzz': {
      return reported(await fuzzCommand({ runs: Number(flags.runs ?? 200), seed: Number(flags.seed ?? Date.now() % 1_000_000) }));
    }
    case 'projections': {
      const only = typeof flags.projection === 'string' ? flags.projection : undefined;
      if (positional[0] === 'parked') {
        const parked = await withApp((app) => listParkedEvents(app.get(PRISMA), only, 10_000));
        if (parked.length === 0) console.log('No parked events.');
        for (const p of parked) console.log(`${p.projection} ${p.position} ${p.type} ${p.streamId}@${p.revision} parked ${p.parkedAt}, ${p.attempts} attempt(s): ${p.error}`);
        return 0;
      }
      if (positional[0] === 'retry') {
        const reports = await withApp((app) => retryParkedEvents(app.get(EVENT_STORE), app.get(PRISMA), projections, only));
        if (reports.length === 0) console.log('No parked events.');
        for (const r of reports) console.log(`${r.projection} ${r.position} ${r.type}: ${r.applied ? 'applied' : `still parked: ${r.error}`}`);
        return reports.every((r) => r.applied) ? 0 : 1;
      }
      break;
    }
    case 'bench': {
      if (positional[0] === 'places') {
        console.log(benchPlaces());
        return 0;
      }
      if (positional[0] === 'letters') {
        console.log(await benchLetters({ rounds: Number(flags.rounds ?? 7) }));
        return 0;
      }
      if (positional[0] === 'search') {
        console.log(
          await benchSearch({ ...directoryOf(flags), searches: Number(flags.searches ?? 500) }),
        );
        return 0;
      }
      if (positional[0] === 'staff-listings') {
        return reported(
          await benchStaffListings({ ...directoryOf(flags), rounds: Number(flags.rounds ?? 40), concurrency: Number(flags.concurrency ?? 4), bulk: Number(flags.bulk ?? 1_000) }),
        );
      }
      if (positional[0] === 'coverage') {
        return reported(await benchCoverage({ ...directoryOf(flags), rounds: Number(flags.rounds ?? 200) }));
      }
      if (positional[0] === 'first-load') {
        return reported(await benchFirstLoad({ embedded: flags.embedded === 'true' }));
      }
      if (positional[0] === 'lighthouse') {
        return reported(await benchLighthouse({
          runs: Number(flags.runs ?? 3),
          ...(flags.reports ? { reportsDir: flags.reports } : {}),
          ...(flags.pages ? { pages: flags.pages.split(',') } : {}),
          ...(flags['cpu-slowdown'] ? { cpuSlowdown: Number(flags['cpu-slowdown']) } : {}),
        }));
      }
      if (positional[0] === 'history') {
        return reported(await benchHistory({
          streamEvents: Number(flags['stream-events'] ?? 1_000),
          logEvents: Number(flags['log-events'] ?? 1_000_000),
          auditRows: Number(flags['audit-rows'] ?? 1_000_000),
          rounds: Number(flags.rounds ?? 200),
          seed: Number(flags.seed ?? 7),
        }));
      }
      if (positional[0] === 'sign-in') {
        console.log(await benchSignIn({ users: Number(flags.users ?? 50), rounds: Number(flags.rounds ?? 10) }));
        return 0;
      }
      if (positional[0] === 'scale-out') {
        console.log(await benchScaleOut({ rounds: Number(flags.rounds ?? 3), clients: Number(flags.clients ?? 8), durationMs: Number(flags.seconds ?? 15) * 1000 }));
        return 0;
      }
      if (positional[0] === 'cpu-profile') {
        // A profile from another run (an older build's, for a before and after): where its CPU went.
        if (!flags.dir) throw new Error('bench cpu-profile --dir <folder holding a .cpuprofile>');
        console.log(summariseNewestCpuProfile(flags.dir, Number(flags.top ?? 12)).join('\n'));
        return 0;
      }
      if (positional[0] === 'reads') {
        console.log(
          await benchReads({
            ...familiesOf(flags),
            connections: Number(flags.connections ?? 50),
            seconds: Number(flags.seconds ?? 10),
            rounds: Number(flags.rounds ?? 3),
            warmUpSeconds: Number(flags['warm-up'] ?? 10),
            cpuProfileDir: flags['cpu-prof'],
            keep: flags.keep === 'true',
            nodeFlags: nodeFlagsOf(flags),
            only: flags.only?.split(','),
          }),
        );
        return 0;
      }
      if (positional[0] === 'memories') {
        console.log(
          await benchMemories({
            ...familiesOf(flags),
            rounds: Number(flags.rounds ?? 20),
            thinkMs: Number(flags.think ?? 500),
            nodeFlags: nodeFlagsOf(flags),
            replicas: Number(flags.replicas ?? 1),
          }),
        );
        return 0;
      }
      if (positional[0] === 'rebuild') {
        return reported(await benchRebuild({ events: Number(flags.events ?? 1_000_000), seed: Number(flags.seed ?? 7), keep: flags.keep === 'true', database: flags.database }));
      }
      if (positional[0] === 'imports') {
        const report = await benchImports({ rows: Number(flags.rows ?? 50_000) });
        console.log(report);
        return report.endsWith('PASS') ? 0 : 1;
      }
      if (positional[0] === 'promotion-expiry') {
        const report = await benchPromotionExpiry({
          promotions: Number(flags.promotions ?? 10_000),
          workers: Number(flags.workers ?? 2),
          concurrency: Number(flags.concurrency ?? 16),
          redisUrl: flags.redis ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        });
        console.log(report);
        return report.endsWith('PASS') ? 0 : 1;
      }
      if (positional[0] === 'read-floor') {
        await runReadFloor({ database: flags.database!, people: flags.people!, port: Number(flags.port) });
        return 0;
      }
      if (positional[0] === 'promotion-expiry-worker') {
        await runPromotionExpiryWorker({
          database: flags.database!,
          redisUrl: flags.redis!,
          prefix: flags.prefix!,
          offsetMs: Number(flags['offset-ms']),
          concurrency: Number(flags.concurrency ?? 16),
        });
        return 0;
      }
      if (positional[0] === 'interactions') {
        console.log(
          await benchInteractions({
            clients: Number(flags.clients ?? 200),
            seconds: Number(flags.seconds ?? 10),
            rate: Number(flags.rate ?? 2000),
            batch: Number(flags.batch ?? 10),
          }),
        );
        return 0;
      }
      if (positional[0] !== 'events') break;
      const rerun = rerunWithApiFlags();
      if (rerun !== undefined) return rerun;
      const targets: ('pglite' | 'postgres')[] =
        flags.target === 'pglite' || flags.target === 'postgres' ? [flags.target] : ['postgres', 'pglite'];
      for (const target of targets) {
        console.log(
          await benchEventStore({
            target,
            writers: Number(flags.writers ?? 20),
            seconds: Number(flags.seconds ?? 5),
            lagRate: Number(flags['lag-rate'] ?? 500),
            rounds: Number(flags.rounds ?? 3),
          }),
        );
      }
      return 0;
    }
    case 'budget': {
      if (positional[0] !== 'first-load') break;
      return reported(await benchFirstLoad({ embedded: true }));
    }
    case 'places':
      console.log(JSON.stringify(loadGazetteer().resolve(positional.join(' '))));
      return 0;
  }
  console.log(USAGE);
  return command && command !== 'help' ? 2 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
