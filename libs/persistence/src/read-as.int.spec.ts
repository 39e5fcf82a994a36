import { createPgliteTestDatabase, createPostgresTestDatabase, type TestDatabase } from './testing';

/**
 * `readAs`: one read with settings local to its own transaction. On PostgreSQL the whole transaction is one
 * simple-protocol query with the values inlined as literals, so these check what that must never get wrong:
 * the settings reach the read and row-level security, they end with it, a quote in a value stays data,
 * and a failed read leaves the connection clean.
 */
describe.each([
  ['pglite', createPgliteTestDatabase],
  // One connection, so every read below reuses the connection the one before it left.
  ['postgres', () => createPostgresTestDatabase({ max: 1 })],
] as const)('readAs on %s', (_name, create) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await create();
    await db.sql.exec(`
      CREATE TABLE read_as_rows (owner text NOT NULL, note text NOT NULL);
      INSERT INTO read_as_rows VALUES ('ann', 'Ann''s note'), ('ben', 'Ben''s note');
      ALTER TABLE read_as_rows ENABLE ROW LEVEL SECURITY;
      CREATE POLICY read_as_own ON read_as_rows USING (owner = current_setting('app.user_id', true));
      DO $$ BEGIN CREATE ROLE read_as_reader NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$;
      GRANT SELECT ON read_as_rows TO read_as_reader;`);
  });
  afterAll(async () => {
    await db.dispose();
  });

  const asReader = (user: string, text: string, params: unknown[] = []) => db.sql.readAs<{ owner: string; note: string }>({ role: 'read_as_reader', 'app.user_id': user }, text, params);

  it('reads as the role and user it was given, with parameters, and only for that transaction', async () => {
    expect((await asReader('ann', 'SELECT owner, note FROM read_as_rows ORDER BY owner')).rows).toEqual([{ owner: 'ann', note: "Ann's note" }]);
    expect((await asReader('ben', 'SELECT owner, note FROM read_as_rows WHERE note <> $1 ORDER BY owner', ['x'])).rows).toEqual([{ owner: 'ben', note: "Ben's note" }]);
    // Afterwards the connection is itself again: no role, no user.
    const { rows } = await db.sql.query<{ role: string; uid: string | null }>("SELECT current_user AS role, nullif(current_setting('app.user_id', true), '') AS uid");
    expect(rows[0]!.role).not.toBe('read_as_reader');
    expect(rows[0]!.uid).toBeNull();
  });

  it('keeps a quote in a value as data, in a setting and in a parameter', async () => {
    expect((await asReader("ann' OR true --", 'SELECT owner, note FROM read_as_rows')).rows).toEqual([]);
    expect((await asReader('ann', 'SELECT owner, note FROM read_as_rows WHERE note = $1', ["Ann's note"])).rows).toEqual([{ owner: 'ann', note: "Ann's note" }]);
    expect((await asReader('ann', "SELECT owner, note FROM read_as_rows WHERE note = $1 OR '$1' = $2", ["x' OR '1'='1", 'y'])).rows).toEqual([]);
  });

  it('a failed read rolls back and leaves the connection clean for the next', async () => {
    await expect(asReader('ann', 'SELECT owner, no_such_column FROM read_as_rows')).rejects.toThrow(/no_such_column/);
    expect((await asReader('ann', 'SELECT owner, note FROM read_as_rows')).rows).toHaveLength(1);
    const { rows } = await db.sql.query<{ uid: string | null }>("SELECT nullif(current_setting('app.user_id', true), '') AS uid");
    expect(rows[0]!.uid).toBeNull();
  });

  it('gives each user their own rows from the same read asked again and again (PostgreSQL keeps its plan, not its answer)', async () => {
    const text = 'SELECT owner, note FROM read_as_rows WHERE note <> $1';
    for (let i = 0; i < 8; i++) {
      expect((await asReader(i % 2 ? 'ben' : 'ann', text, ['x'])).rows).toEqual([i % 2 ? { owner: 'ben', note: "Ben's note" } : { owner: 'ann', note: "Ann's note" }]);
    }
    // Prepared once on the connection, then planned once for every user: the work it exists to save.
    // (Only this read ran more than the five times before PostgreSQL tries a plan for any user.)
    const { rows } = await db.sql.query<{ generic: string | null }>("SELECT max(generic_plans)::text AS generic FROM pg_prepared_statements WHERE name LIKE 'afterwards_read_%'");
    expect(Number(rows[0]!.generic)).toBeGreaterThan(0);
    // Someone else dropping the connection's prepared statements does not break the next read.
    await db.sql.exec('DEALLOCATE ALL');
    expect((await asReader('ben', text, ['x'])).rows).toEqual([{ owner: 'ben', note: "Ben's note" }]);
    expect((await asReader('ann', text, ['x'])).rows).toEqual([{ owner: 'ann', note: "Ann's note" }]);
  });

  it('reads a statement whose parameter has no type of its own', async () => {
    // Prepared alone, PostgreSQL cannot tell what $1 is; with the value in place it can.
    expect((await asReader('ann', 'SELECT $1 AS owner, note FROM read_as_rows', ['someone'])).rows).toEqual([{ owner: 'someone', note: "Ann's note" }]);
    expect((await asReader('ann', 'SELECT $1 AS owner, note FROM read_as_rows', ['again'])).rows).toEqual([{ owner: 'again', note: "Ann's note" }]);
  });
});
