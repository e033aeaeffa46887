import { Anchor } from '@mantine/core';
import {
  formatArea,
  formatEvalPrice,
  formatGrouped,
  formatUnitPrice,
  EVAL_TYPE_LABELS,
  STAT_COLUMN_OF_SUB_METHOD,
  STAT_SUB_METHOD_LABELS,
  type StatSubMethod,
} from '@valuation/domain';
import { DateTimeCell, ShortText, type TableColumn } from '@valuation/ui';
import { Link } from 'react-router-dom';
import type { StatItemRow } from '@valuation/contracts';

type Counted = Record<(typeof STAT_COLUMN_OF_SUB_METHOD)[StatSubMethod] | 'ha', number>;

/** A count cell: a link to the detail rows it counts when the detail is open to the user, the plain figure otherwise. */
export function countColumn<T extends Counted>(
  sub: StatSubMethod,
  href: (row: T, sub: StatSubMethod) => string | undefined,
): TableColumn<T> {
  const key = STAT_COLUMN_OF_SUB_METHOD[sub];
  return {
    key,
    title: STAT_SUB_METHOD_LABELS[sub],
    align: 'right',
    nowrap: true,
    render: (r) => {
      const to = r[key] > 0 ? href(r, sub) : undefined;
      return to ? (
        <Anchor component={Link} to={to} aria-label={`${STAT_SUB_METHOD_LABELS[sub]}明细`}>
          {formatGrouped(r[key])}
        </Anchor>
      ) : (
        formatGrouped(r[key])
      );
    },
  };
}

export function haColumn<T extends Counted>(): TableColumn<T> {
  return { key: 'ha', title: '小区数', align: 'right', nowrap: true, render: (r) => formatGrouped(r.ha) };
}

type ItemCore = Omit<StatItemRow, 'organizationName' | 'account' | 'userName'>;

/** The columns of a detail row after its owner's: date, method, type, city, address, community, client code, building type, area, prices. */
export function itemColumns<T extends ItemCore>(): TableColumn<T>[] {
  return [
    { key: 'evalDate', title: '估价时间', width: 100, render: (r) => <DateTimeCell value={r.evalDate} /> },
    { key: 'evalMethod', title: '估价方式', field: 'evalMethod', nowrap: true },
    { key: 'evalType', title: '估价类型', nowrap: true, render: (r) => EVAL_TYPE_LABELS[r.evalType] ?? '--' },
    { key: 'cityName', title: '城市', nowrap: true, render: (r) => r.cityName || '--' },
    { key: 'cardAddress', title: '证载地址', render: (r) => <ShortText text={r.cardAddress} max={12} /> },
    { key: 'location', title: '小区/位置', render: (r) => <ShortText text={r.location} max={10} /> },
    { key: 'principalCode', title: '客户编号', render: (r) => <ShortText text={r.principalCode} max={10} /> },
    { key: 'bldgTypeName', title: '建筑类型', nowrap: true, render: (r) => r.bldgTypeName || '--' },
    { key: 'bldgArea', title: '面积(㎡)', align: 'right', nowrap: true, render: (r) => formatArea(r.bldgArea) },
    { key: 'totalPrice', title: '估价结果', align: 'right', nowrap: true, render: (r) => formatEvalPrice(r.totalPrice, r.evalType) },
    { key: 'unitPrice', title: '单价', align: 'right', nowrap: true, render: (r) => formatUnitPrice(r.unitPrice, r.evalType) },
  ];
}
