import { Injectable } from '@nestjs/common';
import { describeChanges, fieldChanges, type RecordSnapshot } from '@valuation/domain';
import { OperationLogRepository, type Transaction } from '@valuation/persistence';
import type { Principal } from '../../common/principal';
import { clip } from './audit-trail.service';

/** One administrative change: what was done to which record, and the record's fields before and after. */
export interface AdminChange {
  /** What was done, in the log's words: 新增角色, 禁用账号... */
  action: string;
  /** The record changed: its kind, id and, for the log's text, its name. */
  target: { type: string; id: number | string; name?: string };
  /** The record's fields before the change; null or absent for a created record. */
  before?: RecordSnapshot | null;
  /** The record's fields after the change; null or absent for a deleted record. */
  after?: RecordSnapshot | null;
  /** Field labels for the log's text. */
  labels?: Readonly<Record<string, string>>;
}

/**
 * Writes the operation-log row of an administrative change in the change's own transaction, so a
 * change is never kept without its row nor a row without its change: who (the caller), when, what
 * (action and record) and the changed fields before and after (passwords only as ******).
 */
@Injectable()
export class AdminLog {
  constructor(private readonly logs: OperationLogRepository) {}

  async write(m: Transaction, p: Principal, ip: string | undefined, change: AdminChange): Promise<void> {
    const changes = fieldChanges(change.before ?? null, change.after ?? null);
    const described = describeChanges(changes, change.labels);
    const detail = [change.target.name, described].filter(Boolean).join('：');
    await this.logs.write(m, {
      tenantId: p.tenantId,
      population: p.population,
      actorId: p.id,
      actorLogin: clip(p.loginUser, 18),
      actorName: clip(p.userName, 20),
      companyId: p.companyId,
      action: clip(change.action, 40),
      detail: clip(detail, 500),
      ip: clip(ip ?? '', 64),
      targetType: clip(change.target.type, 40),
      targetId: clip(String(change.target.id), 40),
      changes,
    });
  }
}
