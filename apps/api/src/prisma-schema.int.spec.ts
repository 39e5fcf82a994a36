// The Prisma schema (libs/persistence/prisma/schema.prisma) and the SQL migrations are two sources for the
// same tables. This runs every migration of the product on a fresh database and checks that each Prisma
// model's fields are the columns the migrations made: names, mapped names, types, NULL or NOT NULL, keys.
import { runMigrations } from '@afterwards/persistence';
import { readPrismaSchema, schemaDrift } from '@afterwards/persistence/schema-drift';
import { testDatabaseFactories, type TestDatabase } from '@afterwards/persistence/testing';
import { migrations } from './app.module';

describe.each(testDatabaseFactories)('the Prisma models and the migrated tables on %s', (_name, create) => {
  let db: TestDatabase;
  let schema: string;
  beforeAll(async () => {
    db = await create();
    await runMigrations(db.sql, migrations);
    schema = await readPrismaSchema();
  }, 120_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it('agree, model by model and field by field', async () => {
    expect(await schemaDrift(db.sql, schema)).toEqual([]);
  });

  it('disagree when the schema says what the migrations did not', async () => {
    const edited = schema
      .replace(/(\n {2}phone\s+)String\?/, '$1String') // Listing.phone made required
      .replace('@map("service_radius_miles")', '@map("service_radius_mile")') // a mapped name mistyped
      .replace(/(\n {2}totalReviews\s+)Int/, '$1BigInt') // another type
      .replace(/(\n {2}lastTx\s+)Unsupported\("xid8"\)/, '$1Unsupported("xid")'); // a type Prisma cannot read
    expect(edited).not.toBe(schema);
    expect(await schemaDrift(db.sql, edited)).toEqual(
      expect.arrayContaining([
        'Listing.phone (listings.phone): the model says required, the table says NULL',
        'Listing.serviceRadiusMiles (listings.service_radius_mile): no such column',
        'Listing.totalReviews (listings.total_reviews): the model says int8, the table has int4',
        'ListingInteractionCheckpoint.lastTx (listing_interaction_checkpoints.last_tx): the model says xid, the table has xid8',
      ]),
    );
  });

  it('disagree when a migration changes a table the schema still describes the old way', async () => {
    await db.sql.exec('ALTER TABLE case_notes ADD COLUMN pinned boolean NOT NULL');
    await db.sql.exec('ALTER TABLE listings ALTER COLUMN name DROP NOT NULL');
    expect(await schemaDrift(db.sql, schema)).toEqual([
      'Listing.name (listings.name): the model says required, the table says NULL',
      'CaseNote (case_notes.pinned): a NOT NULL column without a default that the model leaves out',
    ]);
  });
});
