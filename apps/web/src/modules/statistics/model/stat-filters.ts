import type { CustomerCategoryOption, CustomerCompanyOption } from '@valuation/contracts';
import {
  methodOfSubMethod,
  SOURCE_FILTER_OPTIONS,
  STAT_METHOD_LABELS,
  STAT_SUB_METHOD_LABELS,
  type StatMethod,
  type StatSubMethod,
} from '@valuation/domain';
import type { FilterField } from '@valuation/ui';

const ALL = { value: '0', label: '全部' };

/** The request of a statistics list or export (the API's parameter names; blank filters left out). */
export type StatRequest = Readonly<Record<string, string | number | undefined>>;

export const ORG_FIELD: FilterField = { kind: 'orgTree', key: 'organizationIds', label: '机构', width: 220 };
const ACCOUNT_FIELD: FilterField = {
  kind: 'text',
  key: 'account',
  label: '账号',
  placeholder: '请输入登录账号',
  maxLength: 50,
  width: 150,
};
const SOURCE_FIELD: FilterField = {
  kind: 'select',
  key: 'source',
  label: '来源',
  width: 100,
  options: SOURCE_FILTER_OPTIONS.map((o) => ({ value: String(o.value), label: o.label })),
};
const DATE_FIELD: FilterField = {
  kind: 'dateRange',
  key: 'evalDate',
  label: '日期',
  beginKey: 'beginDate',
  endKey: 'endDate',
  defaultMonths: 3,
};
const METHOD_FIELD: FilterField = {
  kind: 'select',
  key: 'statMethod',
  label: '统计方式',
  width: 130,
  options: ([1, 2] as const).map((m) => ({ value: String(m), label: STAT_METHOD_LABELS[m] })),
};
/** Every sub-method, with 全部: a sub-method above 20 selects the report type whatever the method says. */
const SUB_METHOD_FIELD: FilterField = {
  kind: 'select',
  key: 'statSubMethod',
  label: '统计子方式',
  width: 130,
  options: [ALL, ...([11, 12, 13, 14, 21, 22] as const).map((s) => ({ value: String(s), label: STAT_SUB_METHOD_LABELS[s] }))],
};

/** 估价汇总 (organisation side): organisations, account, source, dates (the last 3 months), method. */
export const SUMMARY_FIELDS: readonly FilterField[] = [ORG_FIELD, ACCOUNT_FIELD, SOURCE_FIELD, DATE_FIELD, METHOD_FIELD];
/** 估价明细 (organisation side): the summary's filters and the sub-method. */
export const ITEMS_FIELDS: readonly FilterField[] = [...SUMMARY_FIELDS, SUB_METHOD_FIELD];

function companyField(companies: readonly CustomerCompanyOption[] | undefined): FilterField {
  return {
    kind: 'select',
    key: 'companyId',
    label: '客户公司',
    width: 200,
    searchable: true,
    options: [{ value: 'all', label: '全部' }, ...(companies ?? []).map((c) => ({ value: String(c.id), label: c.name }))],
  };
}

function categoryField(categories: readonly CustomerCategoryOption[] | undefined): FilterField {
  return {
    kind: 'select',
    key: 'categoryId',
    label: '客户类别',
    width: 140,
    options: [{ value: 'all', label: '全部' }, ...(categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))],
  };
}

const SYSTEM_FIELD: FilterField = { ...SOURCE_FIELD, label: '系统' };

/** 估价汇总 (channel): customer company, account, customer category, dates, system. */
export function channelSummaryFields(
  companies: readonly CustomerCompanyOption[] | undefined,
  categories: readonly CustomerCategoryOption[] | undefined,
): FilterField[] {
  return [companyField(companies), ACCOUNT_FIELD, categoryField(categories), DATE_FIELD, SYSTEM_FIELD];
}

/** 估价明细 (channel): method, sub-method, customer company, category, account, dates, system. */
export function channelItemsFields(
  companies: readonly CustomerCompanyOption[] | undefined,
  categories: readonly CustomerCategoryOption[] | undefined,
): FilterField[] {
  return [METHOD_FIELD, SUB_METHOD_FIELD, companyField(companies), categoryField(categories), ACCOUNT_FIELD, DATE_FIELD, SYSTEM_FIELD];
}

const num = (v: string | undefined): number | undefined => (v && /^\d+$/.test(v) && v !== '0' ? Number(v) : undefined);

/** The method a request reads: the sub-method's when one is chosen, else the method filter's (1 by default). */
export function effectiveMethod(query: Readonly<Record<string, string>>): StatMethod {
  const sub = num(query.statSubMethod) as StatSubMethod | undefined;
  if (sub && sub in STAT_SUB_METHOD_LABELS) return methodOfSubMethod(sub);
  return query.statMethod === '2' ? 2 : 1;
}

/**
 * The request of the organisation side from the applied filters (`query`: blank ones already
 * dropped): no organisation picked means every organisation of the tree; an empty tree, none.
 */
export function orgStatRequest(query: Readonly<Record<string, string>>, treeIds: readonly number[], withSubMethod: boolean): StatRequest {
  return {
    organizationIds: query.organizationIds || treeIds.join(','),
    account: query.account,
    source: num(query.source),
    beginDate: query.beginDate,
    endDate: query.endDate,
    statMethod: effectiveMethod(query),
    statSubMethod: withSubMethod ? num(query.statSubMethod) : undefined,
  };
}

/** The request of the channel side from the applied filters. */
export function channelStatRequest(query: Readonly<Record<string, string>>, withMethod: boolean): StatRequest {
  return {
    companyId: num(query.companyId),
    categoryId: num(query.categoryId),
    account: query.account,
    source: num(query.source),
    beginDate: query.beginDate,
    endDate: query.endDate,
    statMethod: withMethod ? effectiveMethod(query) : undefined,
    statSubMethod: withMethod ? num(query.statSubMethod) : undefined,
  };
}

/** The detail's query for a count cell: the row's owner, the sub-method and the summary's other filters. */
export function detailLink(
  request: StatRequest,
  owner: Record<string, string | number>,
  sub: StatSubMethod,
): Record<string, string | number> {
  const out: Record<string, string | number> = { ...owner, statMethod: methodOfSubMethod(sub), statSubMethod: sub };
  for (const key of ['source', 'beginDate', 'endDate'] as const) {
    const v = request[key];
    if (v !== undefined && v !== '') out[key] = v;
  }
  return out;
}
