import pg from 'pg';
import type { RunningProduct } from './product';

/**
 * Runs `statement` on a services-profile product's database as a superuser with triggers switched off
 * (`session_replication_role = replica`), as someone with the database's keys could: the product's own
 * roles cannot change or remove audit rows, and the `events` table refuses UPDATE and DELETE outside an
 * erasure. For tests that show such an edit is caught (by the chains, or by the signed checkpoints).
 */
export async function tamperAsSuperuser(product: Pick<RunningProduct, 'env'>, statement: string, params: unknown[] = []): Promise<void> {
  if (!product.env.DATABASE_URL) throw new Error('tamperAsSuperuser needs the services profile (DATABASE_URL)');
  const client = new pg.Client({ connectionString: product.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query(statement, params);
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}
