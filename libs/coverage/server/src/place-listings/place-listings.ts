import { Inject, Injectable, Logger } from '@nestjs/common';
import { regionOf } from '@afterwards/coverage-domain';
import type { SqlClient } from '@afterwards/persistence';
import { ProjectionLeadership, SQL_CLIENT } from '@afterwards/server-kit';

/**
 * Places listings written before listings had a region (the projection places every new one). Runs in the
 * replica that leads, each time it takes the lead and before the projections start, so it never writes
 * listings beside the projection's batches.
 */
export async function placeUnplacedListings(sql: SqlClient, batch = 2_000): Promise<number> {
  let placed = 0;
  for (;;) {
    const { rows } = await sql.query<{ id: string; latitude: number | null; longitude: number | null }>(
      `SELECT id::text AS id, latitude, longitude FROM listings WHERE region IS NULL ORDER BY name, id LIMIT $1`,
      [batch],
    );
    if (rows.length === 0) return placed;
    await sql.query(
      `UPDATE listings l SET region = v.region FROM unnest($1::uuid[], $2::text[]) AS v(id, region) WHERE l.id = v.id AND l.region IS NULL`,
      [rows.map((r) => r.id), rows.map((r) => regionOf(r.latitude, r.longitude))],
    );
    placed += rows.length;
  }
}

@Injectable()
export class PlaceListingsOnStart {
  private readonly logger = new Logger('coverage');

  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    leadership: ProjectionLeadership,
  ) {
    leadership.register({ name: 'place listings', order: -10, start: () => this.placeAll(), stop: async () => undefined });
  }

  private async placeAll(): Promise<void> {
    const placed = await placeUnplacedListings(this.sql);
    if (placed > 0) this.logger.log({ placed }, 'placed listings in coverage regions');
  }
}
