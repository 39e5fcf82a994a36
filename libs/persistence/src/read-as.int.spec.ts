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
});
