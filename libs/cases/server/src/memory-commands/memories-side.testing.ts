// The memory routes' tests without HTTP: the cases context's command side on a fresh database (the real event
// store, pipeline and memories read model), with people who are "signed in" by a cookie naming them. The routes'
// controllers are built with these parts and called as Nest would call them.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CommandBus, IQuery, QueryBus } from '@nestjs/cqrs';
import { EncryptedFileStore } from '@afterwards/file-store';
import { SessionCache } from '@afterwards/identity-server';
import { caseStreamId } from '@afterwards/cases-domain';
import type { Migration } from '@afterwards/persistence';
import type { HttpReply, HttpRequest, ProjectionsService } from '@afterwards/server-kit';
import { sideForFile, startCommandSide, type CommandSide } from '@afterwards/testing/command-side';
import { casesMigrations } from '../cases.migrations';
import { CasePipeline } from '../change-case/case-pipeline';
import { runCaseCommands, type TestCaseCommand } from '../change-case/case-commands.testing';
import { ChangeCaseHandler } from '../change-case/change-case.handler';
import type { ChangeCase } from '../change-case/change-case.command';
import { GetMemoryHandler } from '../get-memory/get-memory.handler';
import { GetMemory } from '../get-memory/get-memory.query';
import { ListMemoriesHandler } from '../list-memories/list-memories.handler';
import { ListMemories } from '../list-memories/list-memories.query';
import { memoriesProjection } from '../memories-projection/memories.projection';
import { MemoryCommands } from './memory-commands';

export interface MemoriesSide extends CommandSide {
  /** The real session cache, over an auth whose session is the person the cookie names. */
  readonly sessions: SessionCache;
  readonly queries: QueryBus;
  readonly memories: MemoryCommands;
  /** The encrypted file store, in a folder of its own removed with the side. */
  readonly files: EncryptedFileStore;
  /** A new person with an account; their id (`id` if given, else a fresh one). */
  person(name: string, id?: string): Promise<string>;
  /**
   * A request signed in as `userId`, or signed out without one. Typed as the route called takes it (a route
   * still on Express's Request included): it has what routes read of a request, the headers and address.
   */
  request<R extends HttpRequest = HttpRequest>(userId?: string): R;
  /** A file sent as the screens send one (the raw body, its name in a header), signed in as `userId`. */
  upload<R extends HttpRequest = HttpRequest>(userId: string | undefined, bytes: Buffer, fileName: string, headers?: Record<string, string>): R;
  /** Opens a memory of `ownerId` (England, died 9 March 2026 unless `details` say otherwise) through the real pipeline, once projected. */
  open(ownerId: string, name?: string, details?: Partial<OpenDetails>): Promise<string>;
  /** Runs commands on a memory as `actor`, then waits for the read model. */
  run(actor: string, caseId: string, ...commands: TestCaseCommand[]): Promise<void>;
}

type OpenDetails = Extract<TestCaseCommand, { type: 'OpenCase' }>['details'];

const COOKIE = 'afterwards.session_token';

/** `migrations`: other contexts' tables a route reads beside the memories (the reminders read the organisations'). */
export async function startMemoriesSide(migrations: readonly Migration[] = []): Promise<MemoriesSide> {
  const side = await startCommandSide({ migrations: [...casesMigrations, ...migrations], projections: [memoriesProjection] });
  const names = new Map<string, string>();
  // better-auth's getSession as the session cache calls it: the cookie's value is the person's id.
  const auth = {
    api: {
      getSession: async ({ headers }: { headers: Headers }) => {
        const id = headers.get('cookie')?.split('=')[1];
        if (!id || !names.has(id)) return null;
        return {
          user: { id, email: `${id}@example.test`, emailVerified: true, name: names.get(id)! },
          session: { id: `session-${id}`, expiresAt: new Date(Date.now() + 86_400_000) },
        };
      },
    },
  };
  const sessions = new SessionCache(auth as never);
  const pipeline = new CasePipeline(side.store, side.projections as unknown as ProjectionsService);
  const change = new ChangeCaseHandler(pipeline);
  const get = new GetMemoryHandler(side.prisma);
  const list = new ListMemoriesHandler(side.prisma);
  // The two buses dispatch to the handlers the cases module registers for these messages.
  const commands = { execute: (command: ChangeCase) => change.execute(command) } as unknown as CommandBus;
  const queries = {
    execute: (query: IQuery) => {
      if (query instanceof GetMemory) return get.execute(query);
      if (query instanceof ListMemories) return list.execute(query);
      throw new Error(`No handler for ${query.constructor.name} in this test`);
    },
  } as unknown as QueryBus;
  const memories = new MemoryCommands(commands, queries, pipeline, sessions);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memories-side-'));
  const files = new EncryptedFileStore({ dir, masterKey: Buffer.alloc(32, 5) });

  const requestWith = <R extends HttpRequest>(userId: string | undefined, extra: Record<string, string>, body: object = {}): R => {
    const headers: Record<string, string> = { 'user-agent': 'memories-side-test', ...(userId ? { cookie: `${COOKIE}=${userId}` } : {}), ...extra };
    return Object.assign(body, { method: 'POST', url: '/api/memories', headers, ip: '127.0.0.1', socket: {} }) as unknown as R;
  };
  const request = <R extends HttpRequest = HttpRequest>(userId?: string) => requestWith<R>(userId, {});
  const upload = <R extends HttpRequest = HttpRequest>(userId: string | undefined, bytes: Buffer, fileName: string, headers: Record<string, string> = {}) =>
    requestWith<R>(
      userId,
      { 'content-type': 'application/octet-stream', 'content-length': String(bytes.length), 'x-file-name': encodeURIComponent(fileName), ...headers },
      Readable.from([bytes]),
    );
  const person = async (name: string, id = `user-${randomUUID()}`) => {
    names.set(id, name);
    await side.db.sql.query(`INSERT INTO auth_users (id, name, email, "emailVerified") VALUES ($1, $2, $3, true)`, [id, name, `${id}@example.test`]);
    return id;
  };
  const run = async (actor: string, caseId: string, ...list: TestCaseCommand[]) => {
    await runCaseCommands(side.store, actor, caseId, ...list);
    const last = (await side.store.readStream(caseStreamId(caseId))).at(-1)?.position;
    if (last) await side.projections.waitUntilApplied(memoriesProjection.name, last);
  };
  const open = async (ownerId: string, name = 'Mum', details: Partial<OpenDetails> = {}) => {
    const caseId = randomUUID();
    await run(ownerId, caseId, {
      type: 'OpenCase',
      details: { name, deceasedName: 'Margaret Ellis', jurisdiction: 'England', dateOfDeath: '2026-03-09', ...details },
      ids: randomUUID,
    });
    return caseId;
  };
  const stop = async () => {
    await side.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { ...side, sessions, queries, memories, files, person, request, upload, open, run, stop };
}

/** A test file's memories side, the route its tests call, and the two people they act as, Ann Ellis and Bob Shaw (each with an account, on no memory yet). */
export interface MemoriesSuite<R> {
  readonly side: () => MemoriesSide;
  /** The route `route` built on the side once it started. */
  readonly route: () => R;
  readonly ann: string;
  readonly bob: string;
}

/**
 * One memories side for a whole test file: `const { side, route, ann, bob } = memoriesSuite({ route: (side) => new SomeController(side.sessions) })`,
 * then `side()` and `route()` in the tests. `migrations`: other contexts' tables a route reads beside the memories.
 */
export function memoriesSuite<R = never>(options: { route?: (side: MemoriesSide) => R; migrations?: readonly Migration[] } = {}): MemoriesSuite<R> {
  const ann = `user-${randomUUID()}`;
  const bob = `user-${randomUUID()}`;
  let route: R | undefined;
  const side = sideForFile(async () => {
    const started = await startMemoriesSide(options.migrations);
    await started.person('Ann Ellis', ann);
    await started.person('Bob Shaw', bob);
    route = options.route?.(started);
    return started;
  });
  return { side, route: () => route!, ann, bob };
}

/** The answer a route that sets its own headers (a page, a calendar) holds, and the headers it set on it. */
export interface AnswerHeaders {
  readonly reply: HttpReply;
  readonly headers: Record<string, string>;
}

export function answerHeaders(): AnswerHeaders {
  const headers: Record<string, string> = {};
  // Node's own response as the route sees it on Express (`setAnswerHeader` writes there).
  const reply = { setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)) };
  return { reply, headers };
}
