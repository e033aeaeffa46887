import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** How long a kept answer can be replayed; older rows are removed. */
export const IDEMPOTENCY_RETENTION_HOURS = 24;

export type IdempotencyState = 'in-progress' | 'done';

/** A request already seen under the same caller and key. */
export interface SeenIdempotentRequest {
  requestHash: string;
  state: IdempotencyState;
  statusCode: number | null;
  responseBody: unknown;
}

export type IdempotencyClaim = { kind: 'claimed'; id: string } | { kind: 'seen'; request: SeenIdempotentRequest };

/** Requests sent with an Idempotency-Key and their kept answers. */
@Injectable()
export class IdempotencyRequestRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * Marks the request as running under the caller's key, or returns what is known of the request
   * that already holds the key. A row older than the retention period no longer holds it.
   */
  async claim(scope: string, key: string, requestHash: string): Promise<IdempotencyClaim> {
    for (let attempt = 0; attempt < 3; attempt++) {
      await this.ds.query(
        `DELETE FROM idempotency_request WHERE scope = $1 AND key = $2 AND created_at < now() - make_interval(hours => $3)`,
        [scope, key, IDEMPOTENCY_RETENTION_HOURS],
      );
      const inserted: { id: string }[] = await this.ds.query(
        `INSERT INTO idempotency_request (scope, key, request_hash, state) VALUES ($1, $2, $3, 'in-progress')
         ON CONFLICT (scope, key) DO NOTHING RETURNING id`,
        [scope, key, requestHash],
      );
      if (inserted.length) return { kind: 'claimed', id: String(inserted[0].id) };
      const seen: { request_hash: string; state: IdempotencyState; status_code: number | null; response_body: unknown }[] =
        await this.ds.query(
          `SELECT request_hash, state, status_code, response_body FROM idempotency_request WHERE scope = $1 AND key = $2`,
          [scope, key],
        );
      // The holder may have failed and been removed in the meantime: try again.
      if (seen.length) {
        const [row] = seen;
        return {
          kind: 'seen',
          request: { requestHash: row.request_hash, state: row.state, statusCode: row.status_code, responseBody: row.response_body },
        };
      }
    }
    throw new Error('Idempotency key could not be claimed');
  }

  /** Keeps the answer of a finished request for its retries. */
  async complete(id: string, statusCode: number, responseBody: unknown): Promise<void> {
    await this.ds.query(`UPDATE idempotency_request SET state = 'done', status_code = $2, response_body = $3::jsonb WHERE id = $1`, [
      id,
      statusCode,
      JSON.stringify(responseBody),
    ]);
  }

  /** Frees the key of a request whose answer is not kept (a server failure, a file), so a retry runs. */
  async release(id: string): Promise<void> {
    await this.ds.query(`DELETE FROM idempotency_request WHERE id = $1`, [id]);
  }

  /** Removes the rows older than the retention period; returns how many. */
  async purgeExpired(): Promise<number> {
    const [, affected] = (await this.ds.query(`DELETE FROM idempotency_request WHERE created_at < now() - make_interval(hours => $1)`, [
      IDEMPOTENCY_RETENTION_HOURS,
    ])) as [unknown, number];
    return affected;
  }
}
