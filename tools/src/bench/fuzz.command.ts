import { describeFuzzReport, fuzzApi, fuzzRecords, HttpSession, READ_MODEL_FINGERPRINT_SQL } from '@afterwards/testing';
import { benchFamilySession, benchStaffSession, startBenchApi } from './bench-api';

/**
 * `fuzz`: the long run of the contract fuzzer (the short one is apps/api/src/fuzz.e2e.spec.ts) against the
 * built API on a fresh PostgreSQL database: bodies, queries and uploads, hostile path parameters on every
 * route that has one, and hostile text headers. Exits 1 on any 5xx or dropped connection, any refusal that
 * is not a problem detail with a code, or any refusal after which the event log grew or a read model
 * changed; the seed reproduces a run.
 */
export async function fuzzCommand(options: { runs: number; seed: number }): Promise<{ report: string; ok: boolean }> {
  const api = await startBenchApi();
  try {
    const family = await benchFamilySession(api, 'fuzz');
    const admin = await benchStaffSession(api, 'fuzz');
    const report = await fuzzApi(
      {
        sessions: { family, admin, anonymous: new HttpSession(api.url) },
        ids: await fuzzRecords(family, admin),
        eventHead: async () => (await api.db.sql.query<{ head: string }>('SELECT coalesce(max(seq), 0)::text AS head FROM events')).rows[0]!.head,
        readModels: async () => (await api.db.sql.query<{ fingerprint: string }>(READ_MODEL_FINGERPRINT_SQL)).rows[0]!.fingerprint,
      },
      options,
    );
    const ok = report.serverErrors.length === 0 && report.notProblems.length === 0 && report.changedOnRefusal.length === 0;
    return { report: `${describeFuzzReport(report, options)}\n  ${ok ? 'PASS' : 'FAIL'}`, ok };
  } finally {
    await api.stop();
  }
}
