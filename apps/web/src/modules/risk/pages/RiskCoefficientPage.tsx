import { Alert, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import type { RiskCoefficientView } from '@valuation/contracts';
import { formatRiskCoefficient, Perm, personLabel, RISK_ALL_LABEL, RiskMsg } from '@valuation/domain';
import { askConfirm, ListPage, ShortText, type RowAction, type TableColumn } from '@valuation/ui';
import { useMemo, useState } from 'react';
import { useListView } from '../../../app/lists/use-list-view';
import { useBusinessTypes } from '../../quickval/api/quickval-api';
import { fetchRiskAtRegion, useAddRisk, useDeleteRisk, useEditRisk, useRiskPage } from '../api/risk-api';
import { RiskCoefficientDialog } from '../components/RiskCoefficientDialog';
import type { RiskTarget } from '../model/risk-form';
import { coefficientRangeError, RISK_PAGE_SIZES, riskFields, riskQuery } from '../model/risk-list';

const orAll = (name: string | null) => name || RISK_ALL_LABEL;

const COLUMNS: TableColumn<RiskCoefficientView>[] = [
  { key: 'provinceName', title: '省份', render: (r) => r.provinceName, nowrap: true },
  { key: 'cityName', title: '城市', render: (r) => orAll(r.cityName), nowrap: true },
  { key: 'distName', title: '区县', render: (r) => orAll(r.distName), nowrap: true },
  { key: 'businessName', title: '业务', render: (r) => <ShortText text={orAll(r.businessName).replace(/,/g, '、')} max={20} /> },
  { key: 'priceCoefficient', title: '风控系数', render: (r) => formatRiskCoefficient(r.priceCoefficient), nowrap: true, align: 'right' },
  { key: 'updateTime', title: '更新时间', field: 'updateTime', nowrap: true },
  { key: 'updater', title: '更新人', render: (r) => personLabel(r.updateBy, r.updateName), nowrap: true },
];

/** Route riskCoefficient (`/org/riskCoefficient`, permission 14): the risk coefficients of the user's company. */
export function RiskCoefficientPage() {
  const businesses = useBusinessTypes();
  const fields = useMemo(
    () => riskFields((businesses.data ?? []).map((b) => ({ value: b.businessName, label: b.businessName }))),
    [businesses.data],
  );
  const view = useListView('user', { fields, pageSizes: RISK_PAGE_SIZES });
  const { state, granted, regionTree } = view;
  const rangeError = coefficientRangeError(state.applied);
  const query = useMemo(() => riskQuery(state.query), [state.query]);
  const risks = useRiskPage({ ...query, pageIndex: state.pageIndex, pageSize: state.pageSize }, rangeError === null);
  const add = useAddRisk();
  const edit = useEditRisk();
  const remove = useDeleteRisk();
  const [target, setTarget] = useState<RiskTarget | null>(null);

  const actions = useMemo<RowAction<RiskCoefficientView>[]>(
    () => [
      { key: 'edit', label: '编辑', permission: Perm.riskEdit, onClick: (row) => setTarget({ kind: 'edit', row }) },
      {
        key: 'delete',
        label: '删除',
        color: 'red',
        permission: Perm.riskDelete,
        busy: (r) => remove.isPending && remove.variables === r.id,
        onClick: async (r) => {
          if (await askConfirm({ message: RiskMsg.confirmDelete, confirmLabel: '删除', danger: true })) {
            remove.mutate(r.id, { onSuccess: () => notifications.show({ color: 'green', message: RiskMsg.deleted }) });
          }
        },
      },
    ],
    [remove],
  );

  return (
    <>
      <ListPage
        title="风控系数"
        headerActions={
          granted.has(Perm.riskAdd) && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setTarget({ kind: 'add' })}>
              新增风控系数
            </Button>
          )
        }
        intro={
          rangeError && (
            <Alert color="red" variant="light" py="xs" role="alert">
              {rangeError}
            </Alert>
          )
        }
        {...view}
        result={risks}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        rowActions={actions}
        emptyText="暂无数据"
        minWidth={960}
      />
      <RiskCoefficientDialog
        target={target}
        regionTree={regionTree}
        businesses={businesses.data}
        lookup={fetchRiskAtRegion}
        save={(request, id) => (id === undefined ? add.mutateAsync(request) : edit.mutateAsync({ ...request, id }))}
        onClose={() => setTarget(null)}
      />
    </>
  );
}
