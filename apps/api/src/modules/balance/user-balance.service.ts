import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { pagedList, type AllocationList, type AllocationRow, type UserBalanceList } from '@valuation/contracts';
import { BalanceBookService, BalanceRefusedError, excelDateTime, streamXlsx, XLSX_DATE_TIME, type XlsxColumn } from '@valuation/core';
import {
  ALLOCATION_ACTION_LABELS,
  ALLOCATION_KIND_LABELS,
  BalanceMsg,
  businessToday,
  countsOf,
  DATA_RANGE_PERMISSIONS,
  dateStamp,
  filterDayBounds,
  formatDateTime,
  Msg,
  type AllocationCounts,
  type AllocationFilter,
  type AllocationListQuery,
  type UserBalanceAllocate,
  type UserBalanceDefault,
  type UserBalanceListQuery,
  type UserBalanceRevoke,
} from '@valuation/domain';
import {
  AccountRepository,
  BalanceOrderRepository,
  BalanceRepository,
  OrganizationRepository,
  UnitOfWork,
  type AccountAdminScope,
  type AllocationFilterData,
  type AccountEntity,
  type AllocationRowData,
  type Transaction,
} from '@valuation/persistence';
import { ApiError } from '../../common/api-error';
import { dataScope, organisationChoiceScope } from '../../common/data-scope';
import type { Principal } from '../../common/principal';
import { AdminLog } from '../auth/admin-log.service';
import { BALANCE_EXPORT_LIMIT } from './channel-balance.service';

const COUNT_LABELS = {
  annually: ALLOCATION_KIND_LABELS.annually,
  universal: ALLOCATION_KIND_LABELS.universal,
  advisory: ALLOCATION_KIND_LABELS.advisory,
  inquiry: ALLOCATION_KIND_LABELS.inquiry,
};

const ALLOCATION_COLUMNS: readonly XlsxColumn<AllocationRow>[] = [
  { header: '分配单号', width: 22, value: (r) => r.orderNo },
  { header: '操作', width: 8, value: (r) => r.actionName },
  { header: '账号', width: 16, value: (r) => r.loginUser },
  { header: '姓名', width: 12, value: (r) => r.userName },
  { header: '所属机构', width: 24, value: (r) => r.organizationName },
  { header: ALLOCATION_KIND_LABELS.annually, width: 16, value: (r) => r.annuallyCount },
  { header: ALLOCATION_KIND_LABELS.universal, width: 16, value: (r) => r.universalCount },
  { header: ALLOCATION_KIND_LABELS.advisory, width: 14, value: (r) => r.advisoryCount },
  { header: ALLOCATION_KIND_LABELS.inquiry, width: 14, value: (r) => r.inquiryCount },
  { header: '操作人', width: 12, value: (r) => r.createName },
  { header: '操作时间', width: 21, numFmt: XLSX_DATE_TIME, value: (r) => excelDateTime(r.createTime) },
];

function allocationRow(r: AllocationRowData): AllocationRow {
  return {
    id: r.id,
    orderNo: r.allocNo,
    action: r.action,
    actionName: ALLOCATION_ACTION_LABELS[r.action] ?? '',
    accountId: r.accountId,
    loginUser: r.loginUser,
    userName: r.userName,
    organizationName: r.organizationName,
    annuallyCount: r.annuallyCount,
    universalCount: r.universalCount,
    advisoryCount: r.advisoryCount,
    inquiryCount: r.inquiryCount,
    createBy: r.createdBy,
    createName: r.creatorName,
    createTime: formatDateTime(r.createdAt),
  };
}

/**
 * The organisation's side of balances (permission 107): the administrator hands its counts on to
 * accounts within its account data range, takes unused ones back, and sets the counts the
 * allocation dialog starts with. Every change is logged with the counts moved.
 */
@Injectable()
export class UserBalanceService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly balances: BalanceRepository,
    private readonly orders: BalanceOrderRepository,
    private readonly accounts: AccountRepository,
    private readonly organizations: OrganizationRepository,
    private readonly book: BalanceBookService,
    private readonly log: AdminLog,
  ) {}

  async list(p: Principal, q: UserBalanceListQuery): Promise<UserBalanceList> {
    const companyId = this.companyOf(p);
    await this.checkOrganisations(p, q.organizationIds);
    const { rows, total } = await this.accounts.page(
      this.target(p),
      { organizationIds: q.organizationIds, loginUser: q.account, userName: q.accountName },
      q,
    );
    const ids = rows.map((r) => r.id);
    const today = businessToday();
    const [counts, revocable, orgNames, mine, defaults] = await Promise.all([
      this.balances.usableCounts(p.tenantId, [...ids, p.id], today),
      this.balances.revocableAccounts(p.tenantId, ids),
      this.organizations.names(
        (rows as AccountEntity[]).map((r) => r.organizationId),
        p.tenantId,
      ),
      this.accounts.find('user', p.id),
      this.orders.defaults(p.tenantId, companyId),
    ]);
    const list = (rows as AccountEntity[]).map((a) => {
      const { accountId: _id, ...c } = counts.get(a.id) ?? {
        accountId: a.id,
        cityCount: 0,
        annuallyCount: 0,
        universalCount: 0,
        advisoryCount: 0,
        inquiryCount: 0,
        buyScope: '',
      };
      return {
        id: a.id,
        userType: a.userType,
        loginUser: a.loginUser,
        userName: a.userName,
        organizationId: a.organizationId,
        organizationName: orgNames.get(a.organizationId) ?? '',
        ...c,
        revocable: revocable.has(a.id),
        self: a.id === p.id,
      };
    });
    const { accountId: _me, ...own } = counts.get(p.id) ?? {
      accountId: p.id,
      cityCount: 0,
      annuallyCount: 0,
      universalCount: 0,
      advisoryCount: 0,
      inquiryCount: 0,
      buyScope: '',
    };
    return {
      list: pagedList(list, total, q.pageIndex, q.pageSize),
      customerBalance: {
        id: p.id,
        loginUser: mine?.loginUser ?? p.loginUser,
        ...own,
        annuallyDefault: defaults?.annuallyCount ?? 0,
        universalDefault: defaults?.universalCount ?? 0,
        advisoryDefault: defaults?.advisoryCount ?? 0,
        inquiryDefault: defaults?.inquiryCount ?? 0,
      },
    };
  }

  /** POST api/user-balance/allocate: counts from the caller's packages to an account of its range. */
  async allocate(p: Principal, input: UserBalanceAllocate, ip: string | undefined): Promise<{ orderNo: string }> {
    const companyId = this.companyOf(p);
    const counts = countsOf(input);
    return this.change(async (m) => {
      const account = await this.administered(m, p, input.balanceId);
      if (account.id === p.id) throw ApiError.badRequest(BalanceMsg.notYourAccount);
      const done = await this.book.allocate(m, { tenantId: p.tenantId, companyId, actorId: p.id, accountId: account.id }, counts);
      await this.log.write(m, p, ip, {
        action: '分配余额',
        target: { type: 'balance_allocation', id: done.allocNo, name: account.loginUser },
        after: loggedCounts(counts),
        labels: COUNT_LABELS,
      });
      return { orderNo: done.allocNo };
    });
  }

  /** POST api/user-balance/revoke: the account's unused allocated counts back to where they came from. */
  async revoke(p: Principal, input: UserBalanceRevoke, ip: string | undefined): Promise<{ orderNo: string }> {
    const companyId = this.companyOf(p);
    return this.change(async (m) => {
      const account = await this.administered(m, p, input.balanceId);
      const done = await this.book.revoke(m, { tenantId: p.tenantId, companyId, actorId: p.id, accountId: account.id });
      await this.log.write(m, p, ip, {
        action: '收回余额',
        target: { type: 'balance_allocation', id: done.allocNo, name: account.loginUser },
        before: loggedCounts(done.counts),
        labels: COUNT_LABELS,
      });
      return { orderNo: done.allocNo };
    });
  }

  /** POST api/user-balance/default: the counts the company's allocation dialog starts with. */
  async saveDefaults(p: Principal, input: UserBalanceDefault, ip: string | undefined): Promise<null> {
    const companyId = this.companyOf(p);
    const counts = countsOf(input);
    await this.uow.run(async (m) => {
      const before = await this.orders.saveDefaults(m, {
        companyId,
        tenantId: p.tenantId,
        annuallyCount: counts.annually,
        universalCount: counts.universal,
        advisoryCount: counts.advisory,
        inquiryCount: counts.inquiry,
        updatedBy: p.id,
      });
      await this.log.write(m, p, ip, {
        action: '设置默认分配数',
        target: { type: 'balance_default', id: companyId },
        before: before
          ? loggedCounts({
              annually: before.annuallyCount,
              universal: before.universalCount,
              advisory: before.advisoryCount,
              inquiry: before.inquiryCount,
            })
          : null,
        after: loggedCounts(counts),
        labels: COUNT_LABELS,
      });
    });
    return null;
  }

  async allocations(p: Principal, q: AllocationListQuery): Promise<AllocationList> {
    const companyId = this.companyOf(p);
    await this.checkOrganisations(p, q.organizationIds);
    const { rows, total, stat } = await this.orders.allocationPage(p.tenantId, companyId, allocationFilter(q), q);
    return {
      list: pagedList(rows.map(allocationRow), total, q.pageIndex, q.pageSize),
      stat: {
        annuallyNum: stat.annuallyCount,
        universalNum: stat.universalCount,
        advisoryNum: stat.advisoryCount,
        inquiryNum: stat.inquiryCount,
      },
    };
  }

  async exportAllocations(p: Principal, q: AllocationFilter): Promise<{ content: Readable; fileName: string }> {
    const companyId = this.companyOf(p);
    await this.checkOrganisations(p, q.organizationIds);
    const { rows } = await this.orders.allocationPage(p.tenantId, companyId, allocationFilter(q), {
      pageIndex: 1,
      pageSize: BALANCE_EXPORT_LIMIT,
    });
    return {
      content: await streamXlsx({ sheetName: '分配记录', columns: ALLOCATION_COLUMNS }, rows.map(allocationRow)),
      fileName: `分配记录_${dateStamp()}.xlsx`,
    };
  }

  private companyOf(p: Principal): number {
    if (p.companyId === null || p.organizationId === null) throw ApiError.forbidden(Msg.forbidden);
    return p.companyId;
  }

  private target(p: Principal): AccountAdminScope {
    return { pop: 'user', scope: dataScope(p, DATA_RANGE_PERMISSIONS.accounts) };
  }

  /** Every organisation asked for must be in the caller's account range (404 otherwise). */
  private async checkOrganisations(p: Principal, ids: readonly number[]): Promise<void> {
    const inRange = new Set(
      (await this.organizations.treeRows(organisationChoiceScope(p, DATA_RANGE_PERMISSIONS.accounts))).map((o) => o.id),
    );
    if (ids.some((id) => !inRange.has(id))) throw ApiError.notFound(BalanceMsg.organizationNotFound);
  }

  private async administered(m: Transaction, p: Principal, id: number): Promise<AccountEntity> {
    const account = await this.accounts.findAdministered(m, this.target(p), id);
    if (!account) throw ApiError.notFound(BalanceMsg.accountNotFound);
    return account as AccountEntity;
  }

  /** Runs a balance change in one transaction; a refused change answers 400 with its message. */
  private async change<T>(work: (m: Transaction) => Promise<T>): Promise<T> {
    try {
      return await this.uow.run(work);
    } catch (error) {
      if (error instanceof BalanceRefusedError) throw ApiError.badRequest(error.message);
      throw error;
    }
  }
}

function allocationFilter(q: AllocationFilter): AllocationFilterData {
  const { from, until } = filterDayBounds(q.beginDate, q.endDate);
  return {
    organizationIds: q.organizationIds,
    orderNo: q.orderNo,
    account: q.account,
    accountName: q.accountName,
    creator: q.creator,
    accountId: q.balanceId,
    since: from,
    until,
  };
}

function loggedCounts(c: AllocationCounts): Record<string, number> {
  return { annually: c.annually, universal: c.universal, advisory: c.advisory, inquiry: c.inquiry };
}
