import { Badge, SimpleGrid, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AssetRow } from '@valuation/contracts';
import {
  AssetMsg,
  DEFAULT_DRIFT_RULE,
  formatArea,
  formatDateTime,
  formatEvalPrice,
  formatGrouped,
  formatShare,
  Perm,
  RENT_PRICE_UNIT,
  SALE_PRICE_UNIT,
} from '@valuation/domain';
import { AddressCell, askConfirm, ListPage, StatTile, type RowAction, type TableColumn } from '@valuation/ui';
import { useMemo, useState } from 'react';
import { useListView } from '../../../app/lists/use-list-view';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { EvalCodeCell } from '../../records/components/EvalCodeCell';
import { PriceHistory } from '../../records/components/RecordHistory';
import { exportAssets, useAssetHistory, useAssets, useAssetTypeOptions, useDeleteAsset } from '../api/assets-api';
import { AssetTypeModal } from '../components/AssetTypeModal';
import { LoanDialog } from '../components/LoanDialog';
import { ASSET_PAGE_SIZES, assetFields, assetQuery, UNTYPED_LABEL } from '../model/asset-list';

/** The history of an asset's property, loaded when its row is opened. */
function AssetHistory({ asset }: { asset: AssetRow }) {
  return <PriceHistory history={useAssetHistory(asset.id)} evalCode={asset.evalCode} />;
}

/** Route manage (`/org/manage`, permission 5): the company's assets, each shown by the latest valuation of its property. */
export function AssetManagePage() {
  const types = useAssetTypeOptions();
  const fields = useMemo(() => assetFields(types.data ?? []), [types.data]);
  const view = useListView('user', { fields, pageSizes: ASSET_PAGE_SIZES });
  const { state } = view;
  const query = useMemo(() => assetQuery(state.query), [state.query]);
  const assets = useAssets({ ...query, pageIndex: state.pageIndex, pageSize: state.pageSize }, !types.isLoading);
  const remove = useDeleteAsset();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [typing, setTyping] = useState<AssetRow | null>(null);
  const [lending, setLending] = useState<AssetRow | null>(null);

  const page = useMemo(
    () => ({
      ...assets,
      data: assets.data ? { list: assets.data.pageInfo.list, total: assets.data.pageInfo.total } : undefined,
    }),
    [assets],
  );

  const columns = useMemo<TableColumn<AssetRow>[]>(() => {
    const toggle = (id: number) =>
      setOpen((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
    return [
      {
        key: 'evalCode',
        title: '估价编号/估价时间',
        render: (r) => (
          <EvalCodeCell
            evalCode={r.evalCode}
            evalDate={r.evalDate}
            historyCount={r.historyCount}
            answerCount={r.answerCount}
            open={open.has(r.id)}
            onToggle={() => toggle(r.id)}
          />
        ),
      },
      {
        key: 'assetType',
        title: '资产类型',
        nowrap: true,
        render: (r) =>
          r.assetTypeName ? (
            <Badge variant="light" size="sm" radius="sm">
              {r.assetTypeName}
            </Badge>
          ) : (
            <Text size="sm" c="dimmed">
              {UNTYPED_LABEL}
            </Text>
          ),
      },
      { key: 'city', title: '城市', field: 'city', nowrap: true },
      { key: 'place', title: '证载地址/小区', render: (r) => <AddressCell address={r.cardAddress} place={r.location} /> },
      { key: 'bldgArea', title: '面积(㎡)', align: 'right', render: (r) => formatArea(r.bldgArea) },
      { key: 'evalType', title: '估价类型', nowrap: true, render: (r) => (r.evalType === 2 ? '租金' : '售价') },
      { key: 'totalPrice', title: '估价结果', align: 'right', nowrap: true, render: (r) => formatEvalPrice(r.totalPrice, r.evalType) },
      {
        key: 'loan',
        title: '贷款余额/抵押率',
        align: 'right',
        nowrap: true,
        render: (r) =>
          r.loanNo ? (
            <div>
              <Text size="sm">{formatEvalPrice(r.loanAmount, 1, 2)}</Text>
              <Text size="xs" c={r.ltv !== null && r.ltv > DEFAULT_DRIFT_RULE.maxLtvPct ? 'red' : 'dimmed'}>
                {r.loanNo} · {formatShare(r.ltv, 2)}
              </Text>
            </div>
          ) : (
            <Text size="sm" c="dimmed">
              --
            </Text>
          ),
      },
      {
        key: 'historyCount',
        title: '估价次数',
        align: 'right',
        nowrap: true,
        render: (r) => r.historyCount,
      },
      {
        key: 'addTime',
        title: '加入时间',
        nowrap: true,
        render: (r) => (
          <div>
            <Text size="sm">{formatDateTime(r.addTime)}</Text>
            {r.addedBy && (
              <Text size="xs" c="dimmed">
                {r.addedBy}
              </Text>
            )}
          </div>
        ),
      },
    ];
  }, [open]);

  const link = useRouteLink('org');
  const actions = useMemo<RowAction<AssetRow>[]>(
    () => [
      { key: 'type', label: '设置类型', permission: Perm.assets, onClick: (r) => setTyping(r) },
      { key: 'loan', label: '贷款信息', permission: Perm.assetLoan, onClick: (r) => setLending(r) },
      {
        key: 'analysis',
        label: '押品分析',
        permission: Perm.loanHouse,
        visible: (r) => Boolean(r.loanNo),
        href: (r) => link('LoanOfHouseAnalyse', { assetId: r.id }),
      },
      {
        key: 'delete',
        label: '删除',
        color: 'red',
        permission: Perm.assetDelete,
        busy: (r) => remove.isPending && remove.variables === r.id,
        onClick: async (r) => {
          const sure = await askConfirm({
            title: '删除资产',
            message: (
              <div>
                <Text size="sm">{AssetMsg.deleteConfirm}</Text>
                <Text size="xs" c="dimmed" mt={6}>
                  {r.evalCode} · {r.ha ?? r.location ?? r.cardAddress ?? r.city}
                </Text>
              </div>
            ),
            confirmLabel: '删除',
            danger: true,
          });
          if (sure) remove.mutate(r.id, { onSuccess: () => notifications.show({ color: 'green', message: AssetMsg.deleted }) });
        },
      },
    ],
    [remove, link],
  );

  const totals = (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <StatTile label="资产数量" value={assets.data?.pageInfo.total ?? null} unit="项" loading={assets.isLoading} />
      <StatTile
        label="售价合计"
        value={assets.data ? formatGrouped(assets.data.amount) : null}
        unit={SALE_PRICE_UNIT}
        loading={assets.isLoading}
      />
      <StatTile
        label="租金合计"
        value={assets.data ? formatGrouped(assets.data.rentAmount, 2) : null}
        unit={RENT_PRICE_UNIT}
        loading={assets.isLoading}
      />
    </SimpleGrid>
  );

  return (
    <>
      <ListPage
        title="资产管理"
        intro={totals}
        {...view}
        result={page}
        columns={columns}
        rowKey={(r) => r.id}
        rowActions={actions}
        exportAction={{ permission: Perm.assetExport, run: (q) => exportAssets(assetQuery(q)) }}
        errorMessage="资产列表加载失败"
        emptyText="暂无数据"
        minWidth={1180}
        renderExpanded={(r) => (open.has(r.id) ? <AssetHistory asset={r} /> : null)}
      />
      <AssetTypeModal asset={typing} onClose={() => setTyping(null)} />
      <LoanDialog asset={lending} onClose={() => setLending(null)} />
    </>
  );
}
