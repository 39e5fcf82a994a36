import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { CommandBus, QueryBus } from '@nestjs/cqrs';
import { rememberRequestIds, type HttpRequest } from '@afterwards/server-kit';
import type { CurrentUser, SessionCache } from '@afterwards/identity-server';
import type { CasePipeline } from '../change-case/case-pipeline';
import { ChangeCase } from '../change-case/change-case.command';
import { GetMemory } from '../get-memory/get-memory.query';
import { MemoryCommands } from './memory-commands';

const ANN = { id: 'user-ann' } as CurrentUser;
const POSITION = { commit: 9n, prepare: 9n };

/** A route's request: its headers, and the correlation id the request log gave it. */
const request = (headers: Record<string, string>, correlationId?: string): HttpRequest => {
  const req = Object.assign(new IncomingMessage(new Socket()), { method: 'PUT', url: '/api/memories/case-1', headers, ip: '203.0.113.7' });
  if (correlationId) rememberRequestIds(req, { requestId: 'server-id', correlationId });
  return req;
};

describe('what every memory route does with a command', () => {
  const seen: string[] = [];
  const sent: ChangeCase[] = [];
  const commands = {
    execute: async (c: ChangeCase) => (sent.push(c), seen.push('command'), { caseId: c.command.caseId, revision: 3n, eventTypes: ['TaskCompleted'], position: POSITION }),
  };
  const queries = { execute: async (q: GetMemory) => (seen.push(`read ${q.ownerId} ${q.caseId}`), { memory: { id: q.caseId } }) };
  const pipeline = { settled: async (at: unknown) => void seen.push(at === POSITION ? 'settled' : 'settled elsewhere') };
  const sessions = {
    requireUser: async (req: HttpRequest) => {
      if (!req.headers.cookie) throw Object.assign(new Error('You are not signed in.'), { status: 401 });
      return ANN;
    },
  };
  const memories = new MemoryCommands(commands as unknown as CommandBus, queries as unknown as QueryBus, pipeline as unknown as CasePipeline, sessions as unknown as SessionCache);
  beforeEach(() => {
    seen.length = 0;
    sent.length = 0;
  });

  it('runs the command as the signed-in person, at one time, with the request as its context, then reads the memory once the read model has it', async () => {
    const req = request({ cookie: 's=1', 'user-agent': 'Firefox' }, 'req-42');
    const detail = await memories.runAndReadForCaller(req, { type: 'CompleteTask', caseId: 'case-1', taskId: 'task-1' });
    expect(detail).toEqual({ memory: { id: 'case-1' } });
    expect(seen).toEqual(['command', 'settled', 'read user-ann case-1']);
    const [{ command, context }] = sent as [ChangeCase];
    expect(command).toEqual({ type: 'CompleteTask', caseId: 'case-1', taskId: 'task-1', actorId: 'user-ann', at: expect.any(String) });
    expect(Date.now() - Date.parse(command.at)).toBeLessThan(5_000);
    expect(context).toEqual({ actor: 'user-ann', correlationId: 'req-42', ip: '203.0.113.7', userAgent: 'Firefox' });
  });

  it('leaves out of the context what the request does not carry', () => {
    expect(memories.context(ANN, request({}))).toEqual({ actor: 'user-ann', ip: '203.0.113.7' });
  });

  it('reads a command from the body only once the caller is known: signed out is 401, never a 400 for the body', async () => {
    let parsed = 0;
    const fromBody = () => (parsed++, { type: 'CompleteTask' as const, caseId: 'case-1', taskId: 'task-1' });
    await expect(memories.runAndReadForCaller(request({}), fromBody)).rejects.toMatchObject({ status: 401 });
    expect([parsed, sent.length]).toEqual([0, 0]);
    await memories.runAndReadForCaller(request({ cookie: 's=1' }), fromBody);
    expect([parsed, sent.length]).toEqual([1, 1]);
  });
});
