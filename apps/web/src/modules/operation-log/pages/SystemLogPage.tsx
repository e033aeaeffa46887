import { Badge } from '@mantine/core';
import type { OperationLogRow } from '@valuation/contracts';
import { OPERATION_LOG_TEXT_CHARS } from '@valuation/domain';
import { DateTimeCell, ListPage, ShortText, TwoLineCell, type TableColumn } from '@valuation/ui';
import { useMemo } from 'react';
import { useListView } from '../../../app/lists/use-list-view';
import { useOperationLog } from '../api/operation-log-api';
import { OPERATION_LOG_FIELDS, OPERATION_LOG_PAGE_SIZES, operationLogQuery } from '../model/operation-log-list';

const COLUMNS: TableColumn<OperationLogRow>[] = [
  { key: 'operateTime', title: '操作时间', width: 110, render: (r) => <DateTimeCell value={r.operateTime} /> },
  { key: 'operator', title: '操作人', width: 170, render: (r) => <TwoLineCell main={r.operateName} sub={r.loginUser} /> },
  {
    key: 'operatorType',
    title: '来源',
    width: 150,
    render: (r) =>
      r.operatorType === 1 ? (
        <Badge variant="light" color="gray">
          渠道员工
        </Badge>
      ) : (
        <TwoLineCell main="客户账号" sub={r.companyName} />
      ),
  },
  { key: 'operateLog', title: '操作内容', render: (r) => <ShortText text={r.operateLog} max={OPERATION_LOG_TEXT_CHARS} wrap /> },
  { key: 'ip', title: 'IP地址', field: 'ip', width: 130, nowrap: true },
];

/** Route systemLog (`/channel/systemLog`, permission 106): what the channel's staff and its customers' accounts did. */
export function SystemLogPage() {
  const view = useListView('tenant', { fields: OPERATION_LOG_FIELDS, pageSizes: OPERATION_LOG_PAGE_SIZES });
  const { state } = view;
  const query = useMemo(() => operationLogQuery(state.applied), [state.applied]);
  const logs = useOperationLog({ ...query, pageIndex: state.pageIndex, pageSize: state.pageSize });

  return (
    <ListPage
      title="操作日志"
      {...view}
      result={logs}
      columns={COLUMNS}
      rowKey={(r) => r.id}
      emptyText="所选时间内暂无操作记录"
      minWidth={900}
    />
  );
}
