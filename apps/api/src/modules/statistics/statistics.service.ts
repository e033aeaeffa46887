import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import {
  pagedList,
  type OrgTreeNodeView,
  type ChannelStatItemRow,
  type ChannelStatItems,
  type ChannelStatSummary,
  type ChannelStatSummaryRow,
  type StatItemRow,
  type StatItems,
  type StatSummary,
  type StatSummaryRow,
} from '@valuation/contracts';
import { excelDateTime, mapBatches, streamXlsx, XLSX_AMOUNT, XLSX_DATE_TIME, type XlsxColumn } from '@valuation/core';
import {
  buildOrgTree,
  DATA_RANGE_PERMISSIONS,
  dateStamp,
  Msg,
  Perm,
  dictName,
  EVAL_TYPE_LABELS,
  evalPriceUnit,
  evalPriceValue,
  filterDayBounds,
  formatDateTime,
  STAT_EXPORT_LIMIT,
  STAT_SUB_METHOD_LABELS,
  STAT_SUB_METHODS,
  StatMsg,
  subMethodsOf,
  unitPriceUnit,
  type ChannelStatItemsFilter,
  type ChannelStatItemsQuery,
  type ChannelStatSummaryFilter,
  type ChannelStatSummaryQuery,
  type StatItemsFilter,
  type StatItemsQuery,
  type StatMethod,
  type StatSummaryFilter,
  type StatSummaryQuery,
} from '@valuation/domain';
import {
  OrganizationRepository,
  StatisticsRepository,
  type DataScope,
  type StatFilterData,
  type StatItemRowData,
  type StatSummaryRowData,
  type StatTotalsData,
} from '@valuation/persistence';
import { ApiError } from '../../common/api-error';
import { dataScope, organisationChoiceScope } from '../../common/data-scope';
import type { Principal } from '../../common/principal';

type CountKey = 'ha' | 'rapid' | 'manual' | 'repeat' | 'batch' | 'inquiry' | 'advisory';
const COUNT_HEADERS: Readonly<Record<CountKey, string>> = {
  ha: '小区数',
  rapid: '快速估价',
  manual: '人工询价',
  repeat: '人工复评',
  batch: '批量估价',
  inquiry: '询价报告',
  advisory: '咨询报告',
};
/** The count columns of an organisation summary of each method, in the table's order. */
const SUMMARY_COUNTS: Readonly<Record<StatMethod, readonly CountKey[]>> = {
  1: ['ha', 'rapid', 'manual', 'repeat', 'batch'],
  2: ['ha', 'inquiry', 'advisory'],
};
const CHANNEL_COUNTS: readonly CountKey[] = ['ha', 'rapid', 'manual', 'repeat', 'batch', 'advisory', 'inquiry'];

const countColumns = <T extends Record<CountKey, number>>(keys: readonly CountKey[]): XlsxColumn<T>[] =>
  keys.map((k) => ({ header: COUNT_HEADERS[k], width: 10, value: (r: T) => r[k] }));

const num = (v: string | null): number | null => (v === null ? null : Number(v));

type ItemView = Omit<StatItemRow, 'organizationName' | 'account' | 'userName'>;

function itemView(r: StatItemRowData): ItemView {
  return {
    statSubMethod: r.subMethod,
    evalMethod: STAT_SUB_METHOD_LABELS[r.subMethod],
    code: r.code,
    evalDate: formatDateTime(r.at),
    evalType: r.evalType,
    cityName: r.cityName,
    haName: r.haName ?? '',
    cardAddress: r.cardAddress ?? '',
    location: r.location ?? r.haName ?? '',
    principalCode: r.principalCode ?? '',
    bldgTypeName: dictName('bldgType', r.bldgType),
    bldgArea: num(r.bldgArea),
    totalPrice: num(r.totalPrice),
    unitPrice: num(r.unitPrice),
  };
}

function itemColumns<T extends ItemView>(owner: XlsxColumn<T>[]): XlsxColumn<T>[] {
  return [
    ...owner,
    { header: '估价时间', width: 21, numFmt: XLSX_DATE_TIME, value: (r) => excelDateTime(r.evalDate) },
    { header: '估价方式', width: 10, value: (r) => r.evalMethod },
    { header: '估价类型', width: 8, value: (r) => EVAL_TYPE_LABELS[r.evalType] ?? '' },
    { header: '城市', width: 10, value: (r) => r.cityName },
    { header: '证载地址', width: 36, value: (r) => r.cardAddress },
    { header: '小区/位置', width: 30, value: (r) => r.location },
    { header: '客户编号', width: 16, value: (r) => r.principalCode },
    { header: '建筑类型', width: 10, value: (r) => r.bldgTypeName },
    { header: '面积(㎡)', width: 12, numFmt: XLSX_AMOUNT, value: (r) => r.bldgArea },
    {
      header: '估价结果',
      width: 14,
      numFmt: XLSX_AMOUNT,
      value: (r) => evalPriceValue(r.totalPrice, r.evalType),
      unit: { header: '结果单位', width: 10, value: (r) => (r.totalPrice === null ? '' : evalPriceUnit(r.evalType)) },
    },
    {
      header: '单价',
      width: 14,
      numFmt: XLSX_AMOUNT,
      value: (r) => r.unitPrice,
      unit: { header: '单价单位', width: 12, value: (r) => (r.unitPrice === null ? '' : unitPriceUnit(r.evalType === 2 ? 2 : 1)) },
    },
  ];
}

function totalsView(t: StatTotalsData) {
  return {
    userTotal: t.accounts,
    haTotal: t.ha,
    rapidTotal: t.rapid,
    manualTotal: t.manual,
    repeatTotal: t.repeat,
    batchTotal: t.batch,
    advisoryTotal: t.advisory,
    inquiryTotal: t.inquiry,
    itemTotal: t.items,
  };
}

function counts(r: StatSummaryRowData) {
  return { ha: r.ha, rapid: r.rapid, manual: r.manual, repeat: r.repeat, batch: r.batch, advisory: r.advisory, inquiry: r.inquiry };
}

function summaryRow(r: StatSummaryRowData): StatSummaryRow {
  return {
    organizationId: r.organizationId,
    organizationName: r.organizationName,
    account: r.loginUser,
    loginUser: r.loginUser,
    userName: r.userName,
    accountId: r.accountId,
    ...counts(r),
  };
}

function channelSummaryRow(r: StatSummaryRowData): ChannelStatSummaryRow {
  return {
    companyId: r.companyId,
    companyName: r.companyName,
    customer: r.accountId,
    loginUser: r.loginUser,
    userName: r.userName,
    categoryName: r.categoryName,
    ...counts(r),
  };
}

/**
 * Usage statistics: the organisation side reads the organisations it picks within its statistics
 * data range (summary 36/37, detail 38/39); the channel reads every customer company of its tenant.
 */
@Injectable()
export class StatisticsService {
  constructor(
    private readonly stats: StatisticsRepository,
    private readonly organizations: OrganizationRepository,
  ) {}

  /** The organisations a statistics screen picks from: the summary's range (36/37) or the detail's (38/39). */
  async tree(p: Principal, view: 'summary' | 'items'): Promise<OrgTreeNodeView[]> {
    if (!p.permissions.has(view === 'summary' ? Perm.statSummary : Perm.statItems)) throw ApiError.forbidden(Msg.forbidden);
    if (p.organizationId === null) return [];
    const rule = DATA_RANGE_PERMISSIONS[view === 'summary' ? 'statSummary' : 'statItems'];
    return buildOrgTree(await this.organizations.treeRows(organisationChoiceScope(p, rule)));
  }

  async summary(p: Principal, q: StatSummaryQuery): Promise<StatSummary> {
    const f = await this.orgFilter(p, q, 'statSummary', STAT_SUB_METHODS[q.statMethod]);
    const { rows, total, totals } = await this.stats.summary(f, 'organization', q);
    return {
      pageInfo: pagedList(rows.map(summaryRow), total, q.pageIndex, q.pageSize),
      organizationTotal: totals.organizations,
      ...totalsView(totals),
    };
  }

  async exportSummary(p: Principal, q: StatSummaryFilter): Promise<{ content: Readable; fileName: string }> {
    const f = await this.orgFilter(p, q, 'statSummary', STAT_SUB_METHODS[q.statMethod]);
    const { rows } = await this.stats.summary(f, 'organization', null);
    const columns: XlsxColumn<StatSummaryRow>[] = [
      { header: '机构', width: 24, value: (r) => r.organizationName },
      { header: '账号', width: 16, value: (r) => r.loginUser },
      { header: '姓名', width: 12, value: (r) => r.userName },
      ...countColumns<StatSummaryRow>(SUMMARY_COUNTS[q.statMethod]),
    ];
    const content = await streamXlsx({ sheetName: '估价汇总', columns }, rows.map(summaryRow));
    return { content, fileName: `估价汇总_${dateStamp()}.xlsx` };
  }

  async items(p: Principal, q: StatItemsQuery): Promise<StatItems> {
    const f = await this.orgFilter(p, q, 'statItems', subMethodsOf(q));
    const { rows, total, totals } = await this.stats.itemsPage(f, q);
    return {
      pageInfo: pagedList(rows.map(orgItemRow), total, q.pageIndex, q.pageSize),
      organizationTotal: totals.organizations,
      ...totalsView(totals),
    };
  }

  /** The detail rows as an .xlsx workbook, streamed: the newest `limit` (STAT_EXPORT_LIMIT for the endpoint). */
  async exportItems(p: Principal, q: StatItemsFilter, limit = STAT_EXPORT_LIMIT): Promise<{ content: Readable; fileName: string }> {
    const f = await this.orgFilter(p, q, 'statItems', subMethodsOf(q));
    const columns = itemColumns<StatItemRow>([
      { header: '机构', width: 24, value: (r) => r.organizationName },
      { header: '账号', width: 16, value: (r) => r.account },
      { header: '姓名', width: 12, value: (r) => r.userName },
    ]);
    const content = await streamXlsx(
      { sheetName: '估价明细', columns },
      mapBatches(this.stats.itemBatches(f, limit), async (b) => b.map(orgItemRow)),
    );
    return { content, fileName: `估价明细_${dateStamp()}.xlsx` };
  }

  async channelSummary(p: Principal, q: ChannelStatSummaryQuery): Promise<ChannelStatSummary> {
    const { rows, total, totals } = await this.stats.summary(this.channelFilter(p, q, [11, 12, 13, 14, 21, 22]), 'company', q);
    return {
      pageInfo: pagedList(rows.map(channelSummaryRow), total, q.pageIndex, q.pageSize),
      customerTotal: totals.companies,
      ...totalsView(totals),
    };
  }

  async exportChannelSummary(p: Principal, q: ChannelStatSummaryFilter): Promise<{ content: Readable; fileName: string }> {
    const { rows } = await this.stats.summary(this.channelFilter(p, q, [11, 12, 13, 14, 21, 22]), 'company', null);
    const columns: XlsxColumn<ChannelStatSummaryRow>[] = [
      { header: '客户公司', width: 24, value: (r) => r.companyName },
      { header: '客户类别', width: 12, value: (r) => r.categoryName },
      { header: '账号', width: 16, value: (r) => r.loginUser },
      { header: '姓名', width: 12, value: (r) => r.userName },
      ...countColumns<ChannelStatSummaryRow>(CHANNEL_COUNTS),
    ];
    const content = await streamXlsx({ sheetName: '估价汇总', columns }, rows.map(channelSummaryRow));
    return { content, fileName: `估价汇总_${dateStamp()}.xlsx` };
  }

  async channelItems(p: Principal, q: ChannelStatItemsQuery): Promise<ChannelStatItems> {
    const { rows, total, totals } = await this.stats.itemsPage(this.channelFilter(p, q, subMethodsOf(q)), q);
    return {
      pageInfo: pagedList(rows.map(channelItemRow), total, q.pageIndex, q.pageSize),
      customerTotal: totals.companies,
      ...totalsView(totals),
    };
  }

  async exportChannelItems(p: Principal, q: ChannelStatItemsFilter): Promise<{ content: Readable; fileName: string }> {
    const f = this.channelFilter(p, q, subMethodsOf(q));
    const columns = itemColumns<ChannelStatItemRow>([
      { header: '客户公司', width: 24, value: (r) => r.companyName },
      { header: '账号', width: 16, value: (r) => r.loginUser },
      { header: '姓名', width: 12, value: (r) => r.userName },
    ]);
    const content = await streamXlsx(
      { sheetName: '估价明细', columns },
      mapBatches(this.stats.itemBatches(f, STAT_EXPORT_LIMIT), async (b) => b.map(channelItemRow)),
    );
    return { content, fileName: `估价明细_${dateStamp()}.xlsx` };
  }

  /** The organisation side's filter: every organisation asked for must be in the caller's range (else 404). */
  private async orgFilter(
    p: Principal,
    q: StatSummaryFilter,
    rule: 'statSummary' | 'statItems',
    subMethods: StatFilterData['subMethods'],
  ): Promise<StatFilterData> {
    const permissions = DATA_RANGE_PERMISSIONS[rule];
    const inRange = new Set((await this.organizations.treeRows(organisationChoiceScope(p, permissions))).map((o) => o.id));
    if (q.organizationIds.some((id) => !inRange.has(id))) throw ApiError.notFound(StatMsg.organizationNotFound);
    return {
      scope: dataScope(p, permissions),
      organizationIds: q.organizationIds,
      loginUser: q.account,
      source: q.source,
      ...dayBounds(q),
      subMethods,
    };
  }

  private channelFilter(p: Principal, q: ChannelStatSummaryFilter, subMethods: StatFilterData['subMethods']): StatFilterData {
    const scope: DataScope = dataScope(p, 'tenant');
    return {
      scope,
      companyId: q.companyId,
      companyName: q.companyName,
      categoryId: q.categoryId,
      loginUser: q.account,
      source: q.source,
      ...dayBounds(q),
      subMethods,
    };
  }
}

function dayBounds(q: { beginDate?: string; endDate?: string }): { from: Date | null; until: Date | null } {
  const { from, until } = filterDayBounds(q.beginDate, q.endDate);
  return { from, until };
}

function orgItemRow(r: StatItemRowData): StatItemRow {
  return { organizationName: r.organizationName, account: r.loginUser, userName: r.userName, ...itemView(r) };
}

function channelItemRow(r: StatItemRowData): ChannelStatItemRow {
  return { companyName: r.companyName, loginUser: r.loginUser, userName: r.userName, ...itemView(r) };
}
