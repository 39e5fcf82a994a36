import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { createPostgresTestDatabase, type TestDatabase } from '@afterwards/persistence/testing';
import { API_NODE_FLAGS, freePort, TOOLS_ENTRY } from '@afterwards/testing';
import { startBenchApi } from './bench-api';
import { summariseNewestCpuProfile } from './cpu-profile';
import { backendPids, cpuMeter } from './cpu-time';
import { prepareFamilies, type BenchPerson, type Families } from './families';
import { median } from './stats';

export interface ReadsBenchOptions {
  readonly users: number;
  readonly memories: number;
  readonly shared: number;
  /** Open connections of the load generator, each always with one request in flight. */
  readonly connections: number;
  /** Length of each measurement. */
  readonly seconds: number;
  /** Product and bare server measured alternately this many times; medians are reported. */
  readonly rounds: number;
  /**
   * Load before the rounds, not counted, for each server: its compiled code and its heap settle. After 2 s
   * the API's CPU per request still fell by a quarter from the first round to the third.
   */
  readonly warmUpSeconds: number;
  /** A folder: the API writes a CPU profile of the run there (`--cpu-prof`), for a flame graph. */
  readonly cpuProfileDir?: string;
  /** More flags for the measured API's node and the floor's, after the API's own (to try a V8 setting on both). */
  readonly nodeFlags?: readonly string[];
  /** Leave the database in place and print its URL (to look at its plans afterwards). */
  readonly keep?: boolean;
  /** Measure only these reads (`dashboard`, `memory`), so a profile holds one route's work. */
  readonly only?: readonly string[];
}

/** The framework's share of a read (performance issue II): the product's rate against the read floor's, and its CPU. */
const FLOOR_RATE_GOAL = 0.8;
const FLOOR_CPU_GOAL = 1.25;

/** What a browser sends: the API compresses per request, the bare server sends the same compressed bytes. */
const ACCEPT_ENCODING = 'br, gzip';

interface Captured {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

interface LoadFigures {
  readonly rate: number;
  readonly p50: number;
  readonly p99: number;
  readonly bad: number;
  /** CPU milliseconds per request of the server's process and, for the product, of its database connections. */
  readonly serverCpuMs: number;
  /** Of the server's, its main thread's (the rest is V8's and libuv's threads). */
  readonly mainThreadCpuMs: number;
  readonly databaseCpuMs: number;
}

interface Meters {
  readonly server: ReturnType<typeof cpuMeter>;
  /** The server's main thread alone (JavaScript, and the part of garbage collection done there). */
  readonly mainThread?: ReturnType<typeof cpuMeter>;
  readonly database?: ReturnType<typeof cpuMeter>;
}

/** One response exactly as it went over the wire (no decompression), to be served again by the bare server. */
function capture(url: string, cookie: string): Promise<Captured> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie, 'accept-encoding': ACCEPT_ENCODING } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const name of ['content-type', 'content-encoding', 'cache-control', 'vary']) {
            const value = res.headers[name];
            if (typeof value === 'string') headers[name] = value;
          }
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

/**
 * The limit: Node's bare `http` server in a process of its own, answering every request with the captured
 * bytes and headers (no routing, no session, no database), so the ratio says how much of the machine the
 * product's own work takes.
 */
async function startBareServer(captured: Captured): Promise<Server> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'afterwards-bare-'));
  const bodyFile = path.join(dir, 'body');
  fs.writeFileSync(bodyFile, captured.body);
  const port = await freePort();
  const script = `
    const http = require('node:http');
    const body = require('node:fs').readFileSync(${JSON.stringify(bodyFile)});
    const headers = { ...${JSON.stringify(captured.headers)}, 'content-length': body.length };
    http.createServer((req, res) => { req.resume(); res.writeHead(200, headers); res.end(body); })
      .listen(${port}, '127.0.0.1', () => process.stdout.write('listening\\n'));`;
  return startServerProcess('bare server', ['-e', script], port, dir);
}

/**
 * The floor (`bench read-floor`, `read-floor.ts`): the product's own reads on the same database behind
 * Node's bare `http` server, with the API's node flags, each person known by their cookie as the API's
 * session cache knows them. What separates the product from it is the framework and middleware; what
 * separates it from the bare server is the read itself.
 */
async function startReadFloor(db: TestDatabase, people: BenchPerson[], nodeFlags: string[]): Promise<Server> {
  const { rows } = await db.sql.query<{ id: string; email: string }>(`SELECT id, email FROM auth_users WHERE email = ANY($1::text[])`, [people.map((p) => p.email)]);
  const idOf = new Map(rows.map((r) => [r.email, r.id]));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'afterwards-floor-'));
  const peopleFile = path.join(dir, 'people.json');
  fs.writeFileSync(peopleFile, JSON.stringify(Object.fromEntries(people.map((p) => [p.http.cookieHeader(), idOf.get(p.email)!]))));
  const port = await freePort();
  return startServerProcess('read floor', [...API_NODE_FLAGS, ...nodeFlags, TOOLS_ENTRY, 'bench', 'read-floor', '--database', db.url!, '--people', peopleFile, '--port', String(port)], port, dir);
}

interface Server {
  readonly url: string;
  readonly pid: number;
  stop(): Promise<void>;
}

/** A server in a node process of its own, ready once it prints a line; `dir` is removed when it stops. */
async function startServerProcess(name: string, args: string[], port: number, dir: string): Promise<Server> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A captured answer's body as the server wrote it before compressing. */
function decoded(answer: Captured): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body);
  return answer.body;
}

/**
 * `connections` connections, each with one request always in flight, for `seconds`; every request is one
 * person's (their cookie, their memory), taking the people in turn.
 */
async function load(url: string, meters: Meters, people: BenchPerson[], pathOf: (p: BenchPerson, n: number) => string, options: ReadsBenchOptions): Promise<LoadFigures> {
  let n = 0;
  await meters.server.start();
  await meters.mainThread?.start();
  await meters.database?.start();
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers: { 'accept-encoding': ACCEPT_ENCODING, 'user-agent': 'afterwards-bench' },
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const p = people[n % people.length]!;
          const path = pathOf(p, n++);
          return { ...req, path, headers: { ...req.headers, cookie: p.http.cookieHeader() } };
        },
      },
    ],
  });
  const serverCpu = await meters.server.stop();
  const mainThreadCpu = (await meters.mainThread?.stop()) ?? serverCpu;
  const databaseCpu = (await meters.database?.stop()) ?? 0;
  const requests = Math.max(1, result.requests.total);
  return {
    rate: result.requests.total / (result.duration || options.seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
    serverCpuMs: (serverCpu * 1000) / requests,
    mainThreadCpuMs: (mainThreadCpu * 1000) / requests,
    databaseCpuMs: (databaseCpu * 1000) / requests,
  };
}

/**
 * `bench reads`: the dashboard (`GET /api/memories`) and opening a memory (`GET /api/memories/:id`) through
 * the built API on PostgreSQL, saturated by `connections` connections from a load generator outside the API's
 * process, against Node's bare `http` server sending the same bytes, alternately `rounds` times. Prints each
 * figure, the limit measured beside it, and the ratio (target: at least 1/10, and p99 under 50 ms).
 */
export async function benchReads(options: ReadsBenchOptions): Promise<string> {
  const db = await createPostgresTestDatabase({ max: 4 });
  // The families are made through one API process; a fresh one is measured (and profiled), so the set-up's
  // garbage and compiled code are not in the figures. Sessions and memories are in the database.
  const setup = await startBenchApi({}, db);
  let families: Families;
  try {
    families = await prepareFamilies(setup, options);
    if (options.keep) console.log(`database: ${db.url}`);
  } catch (error) {
    await setup.stop();
    await db.dispose();
    throw error;
  }
  await setup.stop();
  // Profiled, the API and the floor each write theirs in a folder of its own: the framework's share is their difference.
  const profileFlags = (who: string) => (options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(options.cpuProfileDir, who)}`] : []);
  const api = await startBenchApi({}, db, [...(options.nodeFlags ?? []), ...profileFlags('api')]);
  try {
    const { people, perDashboard } = families;
    const database = new URL(db.url!).pathname.slice(1);
    const productMeters: Meters = {
      server: cpuMeter(() => [api.pid]),
      mainThread: cpuMeter(() => [api.pid], true),
      database: cpuMeter(() => backendPids(db.sql, database)),
    };
    const kinds = [
      { name: 'dashboard', label: `dashboard, GET /api/memories (${perDashboard} memories with progress)`, pathOf: () => '/api/memories' },
      { name: 'memory', label: 'open a memory, GET /api/memories/:id (its whole checklist, files and notes)', pathOf: (p: BenchPerson, n: number) => `/api/memories/${p.memoryIds[n % p.memoryIds.length]}` },
    ].filter((kind) => !options.only || options.only.includes(kind.name));
    const lines = [
      `reads over HTTP: built API on PostgreSQL (row-level security on every read) against Node's bare http server sending the same bytes,`,
      `${options.connections} connections saturated by autocannon outside the server's process, ${options.seconds} s each after ${options.warmUpSeconds} s of warm-up, alternately ${options.rounds} times, medians`,
      `${options.users} signed-in users, ${options.memories} memories each, ${options.shared} shared with the next user; each request is a different user's`,
    ];
    const floor = await startReadFloor(db, people, [...(options.nodeFlags ?? []), ...profileFlags('floor')]);
    try {
      const floorMeters: Meters = {
        server: cpuMeter(() => [floor.pid]),
        mainThread: cpuMeter(() => [floor.pid], true),
        database: cpuMeter(() => backendPids(db.sql, database)),
      };
      for (const kind of kinds) {
        const first = people[0]!;
        const captured = await capture(`${api.url}${kind.pathOf(first, 0)}`, first.http.cookieHeader());
        if (captured.status !== 200) throw new Error(`${kind.label} answered ${captured.status}`);
        // The floor must do the product's work: the same answer, byte for byte once decompressed.
        const floorAnswer = await capture(`${floor.url}${kind.pathOf(first, 0)}`, first.http.cookieHeader());
        if (!decoded(floorAnswer).equals(decoded(captured))) throw new Error(`the read floor's answer to ${kind.label} differs from the API's`);
        const bare = await startBareServer(captured);
        const bareMeters: Meters = { server: cpuMeter(() => [bare.pid]) };
        const product: LoadFigures[] = [];
        const floorFigures: LoadFigures[] = [];
        const limit: LoadFigures[] = [];
        try {
          // Warm-up of all three, not counted.
          const warmUp = { ...options, seconds: options.warmUpSeconds };
          await load(api.url, productMeters, people, kind.pathOf, warmUp);
          await load(floor.url, floorMeters, people, kind.pathOf, warmUp);
          await load(bare.url, bareMeters, people, kind.pathOf, { ...options, seconds: 2 });
          for (let r = 0; r < options.rounds; r++) {
            product.push(await load(api.url, productMeters, people, kind.pathOf, options));
            floorFigures.push(await load(floor.url, floorMeters, people, kind.pathOf, options));
            limit.push(await load(bare.url, bareMeters, people, kind.pathOf, options));
          }
        } finally {
          await bare.stop();
        }
        const rate = median(product.map((f) => f.rate));
        const floorRate = median(floorFigures.map((f) => f.rate));
        const bareRate = median(limit.map((f) => f.rate));
        const p99 = median(product.map((f) => f.p99));
        const productCpu = median(product.map((f) => f.serverCpuMs));
        const floorCpu = median(floorFigures.map((f) => f.serverCpuMs));
        // Each round measures the product and then the floor, seconds apart: the ratio within a round is
        // less moved by what else the host is doing than the ratio of two medians taken minutes apart.
        const roundRatios = product.map((f, i) => f.serverCpuMs / floorFigures[i]!.serverCpuMs);
        const bad = [...product, ...floorFigures].reduce((sum, f) => sum + f.bad, 0);
        lines.push(
          `  ${kind.label}, ${(captured.body.length / 1024).toFixed(1)} KB as sent (${captured.headers['content-encoding'] ?? 'identity'}):`,
          `    product: ${product.map((f) => Math.round(f.rate)).join(', ')} requests/s; p50 ${product.map((f) => f.p50).join(', ')} ms; p99 ${product.map((f) => f.p99).join(', ')} ms`,
          `    bare server: ${limit.map((f) => Math.round(f.rate)).join(', ')} requests/s; p99 ${limit.map((f) => f.p99).join(', ')} ms`,
          `    median ${Math.round(rate)} against ${Math.round(bareRate)} requests/s: ratio 1/${(bareRate / rate).toFixed(1)} (target 1/10 or better: ${bareRate / rate <= 10 ? 'met' : 'not met'}); p99 ${p99} ms (target under 50 ms: ${p99 < 50 ? 'met' : 'not met'})`,
          `    CPU per request: API ${median(product.map((f) => f.serverCpuMs)).toFixed(2)} ms and its PostgreSQL connections ${median(product.map((f) => f.databaseCpuMs)).toFixed(2)} ms; bare server ${median(limit.map((f) => f.serverCpuMs)).toFixed(3)} ms`,
          `    read floor (the same read, same answer, on Node's bare http, no framework): ${floorFigures.map((f) => Math.round(f.rate)).join(', ')} requests/s; p99 ${floorFigures.map((f) => f.p99).join(', ')} ms;`,
          `      ratio 1/${(bareRate / floorRate).toFixed(1)} of the bare server, ${(floorRate / rate).toFixed(2)}x the product; CPU per request ${median(floorFigures.map((f) => f.serverCpuMs)).toFixed(2)} ms and PostgreSQL ${median(floorFigures.map((f) => f.databaseCpuMs)).toFixed(2)} ms`,
          `    CPU per request, each round: API ${product.map((f) => f.serverCpuMs.toFixed(2)).join(', ')} ms; floor ${floorFigures.map((f) => f.serverCpuMs.toFixed(2)).join(', ')} ms; API against the floor ${roundRatios.map((r) => `${r.toFixed(2)}x`).join(', ')}`,
          `    off the main thread (V8's and libuv's threads: parallel and concurrent garbage collection, compilation): API ${median(product.map((f) => f.serverCpuMs - f.mainThreadCpuMs)).toFixed(3)} ms, floor ${median(floorFigures.map((f) => f.serverCpuMs - f.mainThreadCpuMs)).toFixed(3)} ms a request`,
          `    against the read floor: ${(rate / floorRate).toFixed(2)} of its rate (goal ≥ ${FLOOR_RATE_GOAL}: ${rate / floorRate >= FLOOR_RATE_GOAL ? 'met' : 'not met'}); API CPU ${(productCpu / floorCpu).toFixed(2)}x its CPU per request, median of the rounds' ${median(roundRatios).toFixed(2)}x (goal ≤ ${FLOOR_CPU_GOAL}: ${productCpu / floorCpu <= FLOOR_CPU_GOAL ? 'met' : 'not met'})`,
          `    responses other than 200 from the product or the floor: ${bad}`,
        );
      }
    } finally {
      await floor.stop();
    }
    await api.stop();
    // Each process writes its profile as it exits: where the CPU went, beside the figures.
    if (options.cpuProfileDir) {
      for (const who of ['api', 'floor']) lines.push(`  ${who}:`, ...summariseNewestCpuProfile(path.join(options.cpuProfileDir, who)).map((line) => `    ${line}`));
    }
    return lines.join('\n');
  } finally {
    await api.stop();
    if (options.keep) console.log(`database kept: ${db.url}`);
    else await db.dispose();
  }
}
