import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { AuditRecordPayload } from '@valuation/contracts';
import { OperationLogEntity } from '@valuation/persistence';

/** The operation log: who did what and when. */
@Injectable()
export class AuditService {
  constructor(@InjectRepository(OperationLogEntity) private readonly logs: Repository<OperationLogEntity>) {}

  /**
   * Writes the event once: a second call with the same eventKey (a retried job) changes nothing.
   * Resolves to true when the row was written, false when it already existed.
   */
  async record(payload: AuditRecordPayload): Promise<boolean> {
    const rows: unknown[] = await this.logs.query(
      `INSERT INTO operation_log
         (tenant_id, population, actor_id, actor_login, actor_name, action, detail, ip, operate_time, event_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (event_key) DO NOTHING
       RETURNING id`,
      [
        payload.tenantId,
        payload.population,
        payload.actorId,
        payload.actorLogin,
        payload.actorName,
        payload.action,
        payload.detail,
        payload.ip,
        new Date(payload.at),
        payload.eventKey,
      ],
    );
    return rows.length === 1;
  }
}
