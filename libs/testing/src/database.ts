import pg from 'pg';
import type { RunningProduct } from './product';

/** Runs one query on a services-profile product's database, on a connection of its own, and returns the rows. */
export async function queryDatabase<T = Record<string, unknown>>(product: Pick<RunningProduct, 'env'>, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: product.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A connection to a services-profile product's database, connected; the caller ends it. */
export async function connectDatabase(product: Pick<RunningProduct, 'env'>): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: product.env.DATABASE_URL });
  await client.connect();
  return client;
}
