import fs from 'node:fs';
import type { SqlClient } from '@afterwards/persistence';

/** Clock ticks per second of /proc's times: 100 on every Linux build this runs on (USER_HZ). */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user and system) a process has used so far, from /proc; undefined once it is gone. With
 * `mainThreadOnly`, its main thread's alone: what is left is V8's and libuv's threads (parallel and
 * concurrent garbage collection, compilation, the thread pool), which a CPU profile does not see.
 */
export function cpuSeconds(pid: number, mainThreadOnly = false): number | undefined {
  try {
    // Fields after the command name, which is in parentheses and may hold spaces.
    const stat = fs.readFileSync(mainThreadOnly ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** The server processes of one database's connections (the API's pool), to count PostgreSQL's share. */
export async function backendPids(sql: SqlClient, database: string): Promise<number[]> {
  const { rows } = await sql.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [database]);
  return rows.map((r) => r.pid);
}

/**
 * CPU used by a set of processes between `start()` and `stop()`: with several things sharing two cores, a
 * rate moves with whatever else runs, but the CPU a request costs does not. The set is asked again at
 * each end, as a pool opens and closes connections: one opened meanwhile counts whole, one closed
 * meanwhile is lost (an undercount, never a negative).
 */
export function cpuMeter(pids: () => number[] | Promise<number[]>, mainThreadOnly = false): { start(): Promise<void>; stop(): Promise<number> } {
  let before = new Map<number, number>();
  return {
    async start() {
      before = new Map();
      for (const pid of await pids()) {
        const used = cpuSeconds(pid, mainThreadOnly);
        if (used !== undefined) before.set(pid, used);
      }
    },
    async stop() {
      let used = 0;
      for (const pid of await pids()) {
        const now = cpuSeconds(pid, mainThreadOnly);
        if (now !== undefined) used += now - (before.get(pid) ?? 0);
      }
      return used;
    },
  };
}
