import { Injectable } from '@nestjs/common';
import { pagedList, type OperationLogRow, type Paged } from '@valuation/contracts';
import { filterDayBounds, formatDateTime, type OperationLogListQuery } from '@valuation/domain';
import { OperationLogRepository, OrganizationRepository, type OperationLogEntity } from '@valuation/persistence';
import type { Principal } from '../../common/principal';

/** The operation text of a row: the action, then what it acted on. */
const operateLog = (row: OperationLogEntity): string => (row.detail ? `${row.action}：${row.detail}` : row.action);

/** The channel's operation log: what its staff and its customers' accounts did, newest first. */
@Injectable()
export class OperationLogService {
  constructor(
    private readonly logs: OperationLogRepository,
    private readonly organizations: OrganizationRepository,
  ) {}

  async list(p: Principal, q: OperationLogListQuery): Promise<Paged<OperationLogRow>> {
    const { from, until } = filterDayBounds(q.beginDate, q.endDate);
    const { rows, total } = await this.logs.page(p.tenantId, { ...q, from, until });
    const companies = await this.organizations.names(
      rows.flatMap((r) => (r.companyId === null ? [] : [r.companyId])),
      p.tenantId,
    );
    return pagedList(
      rows.map((r) => ({
        id: r.id,
        operateBy: r.actorId,
        operatorType: r.population === 'tenant' ? 1 : 2,
        loginUser: r.actorLogin,
        operateName: r.actorName,
        companyName: r.companyId === null ? '' : (companies.get(r.companyId) ?? ''),
        operateTime: formatDateTime(r.operateTime),
        operateLog: operateLog(r),
        ip: r.ip,
      })),
      total,
      q.pageIndex,
      q.pageSize,
    );
  }
}
