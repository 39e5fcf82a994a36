import path from 'node:path';
import { JURISDICTIONS } from '@afterwards/checklist-domain';
import type { MemoryDetail } from '@afterwards/contracts';
import { HttpSession, mailsFor } from '@afterwards/testing';
import type { BenchApi } from './bench-api';

export interface FamiliesOptions {
  /** Signed-in users, each with their own memories. */
  readonly users: number;
  /** Memories per user. */
  readonly memories: number;
  /** Memories each user shares with the next user as an editor (their dashboards show them too). */
  readonly shared: number;
}

export interface BenchPerson {
  readonly email: string;
  readonly http: HttpSession;
  readonly memoryIds: string[];
}

export interface Families {
  readonly people: BenchPerson[];
  /** Memories on each dashboard: a person's own and those shared with them. */
  readonly perDashboard: number;
  readonly sharedMemories: number;
  readonly setupSeconds: number;
}

/**
 * Signs up and in `users` people through the API, gives each `memories` memories with some progress
 * (tasks done, a document collected, a note), then has each share their first `shared` memories with the
 * next person as an editor, who accepts from the e-mail's link and ticks a task there: dashboards mix a
 * person's own memories with others', and 'ticked by' has names. The memory benchmarks all read this.
 */
export async function prepareFamilies(api: Pick<BenchApi, 'url' | 'db' | 'env'>, options: FamiliesOptions): Promise<Families> {
  const password = 'bench-Pass-quiet-harbour-47';
  const people: BenchPerson[] = Array.from({ length: options.users }, (_, i) => ({
    email: `bench-family-${i}@example.test`,
    http: new HttpSession(api.url, { 'x-forwarded-for': `10.78.${(i >> 8) & 255}.${i & 255}`, 'user-agent': 'afterwards-bench' }),
    memoryIds: [],
  }));
  for (const p of people) {
    const res = await p.http.json('/api/auth/sign-up/email', { method: 'POST', json: { email: p.email, password, name: '' } });
    if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  // Following the verification links is not what these measure.
  await api.db.sql.query(`UPDATE auth_users SET "emailVerified" = true`);
  for (const p of people) {
    const res = await p.http.json('/api/auth/sign-in/email', { method: 'POST', json: { email: p.email, password } });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  }

  const started = Date.now();
  await Promise.all(
    people.map(async (p, i) => {
      for (let m = 0; m < options.memories; m++) {
        const created = await p.http.json<MemoryDetail>('/api/memories', {
          method: 'POST',
          json: { name: `Memory ${m + 1}`, deceasedName: `Person ${i}-${m}`, jurisdiction: JURISDICTIONS[m % JURISDICTIONS.length], dateOfDeath: '2026-10-01' },
        });
        if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
        const detail = created.body;
        p.memoryIds.push(detail.memory.id);
        for (const task of detail.tasks.slice(0, m % 4)) {
          await p.http.json(`/api/memories/${detail.memory.id}/tasks/${task.id}`, { method: 'PUT', json: { status: 'complete' } });
        }
        await p.http.json(`/api/memories/${detail.memory.id}/documents/${detail.documents[0]!.id}`, { method: 'PUT', json: { collected: true } });
        await p.http.json(`/api/memories/${detail.memory.id}/notes`, { method: 'POST', json: { title: 'Call with the bank', content: 'They need the death certificate and the account number.', category: 'contact' } });
      }
    }),
  );
  const outbox = path.join(api.env.DATA_DIR!, 'outbox');
  await Promise.all(
    people.map(async (p, i) => {
      const next = people[(i + 1) % people.length]!;
      for (const memoryId of p.memoryIds.slice(0, options.shared)) {
        const res = await p.http.json(`/api/memories/${memoryId}/invitations`, { method: 'POST', json: { email: next.email, role: 'editor' } });
        if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }),
  );
  let sharedMemories = 0;
  await Promise.all(
    people.map(async (p) => {
      for (const mail of mailsFor(outbox, p.email).filter((m) => m.kind === 'memory-invitation')) {
        const token = new URL(mail.links[0]!).searchParams.get('token')!;
        const accepted = await p.http.json<{ memoryId: string }>(`/api/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' });
        if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
        const detail = await p.http.json<MemoryDetail>(`/api/memories/${accepted.body.memoryId}`);
        const open = detail.body.tasks.find((t) => t.status !== 'complete')!;
        await p.http.json(`/api/memories/${accepted.body.memoryId}/tasks/${open.id}`, { method: 'PUT', json: { status: 'complete' } });
        sharedMemories += 1;
      }
    }),
  );
  return {
    people,
    perDashboard: options.memories + Math.min(options.shared, options.memories),
    sharedMemories,
    setupSeconds: (Date.now() - started) / 1000,
  };
}
