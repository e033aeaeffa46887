import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import type { LoanApplyView } from '@valuation/contracts';
import { formatEvalPrice, formatShare, formatUnitPrice, LoanApplyMsg, Perm } from '@valuation/domain';
import { AddressCell, askConfirm, ListPage, type RowAction, type TableColumn } from '@valuation/ui';
import { useMemo, useState } from 'react';
import { useListView } from '../../../app/lists/use-list-view';
import { exportLoanApplications, useLoanApplications, useWithdrawLoanApplication } from '../api/loan-applications-api';
import { DecisionDialog } from '../components/DecisionDialog';
import { LoanApplicationDialog } from '../components/LoanApplicationDialog';
import { LoanApplicationDrawer } from '../components/LoanApplicationDrawer';
import { LoanStateBadge } from '../components/LoanStateBadge';
import { ReportLinks } from '../components/ReportLinks';
import { LOAN_APPLY_FIELDS, LOAN_APPLY_PAGE_SIZES, loanApplyQuery } from '../model/loan-application-list';

/** A figure over a dimmed second line. */
function TwoLines({ first, second }: { first: string; second?: string | null }) {
  return (
    <div style={{ whiteSpace: 'nowrap' }}>
      <Text size="sm">{first}</Text>
      {second && (
        <Text size="xs" c="dimmed">
          {second}
        </Text>
      )}
    </div>
  );
}

const COLUMNS: readonly TableColumn<LoanApplyView>[] = [
  { key: 'applyNo', title: '申请编号/申请时间', render: (a) => <TwoLines first={a.applyNo} second={a.createTime} /> },
  { key: 'borrower', title: '借款人', render: (a) => <TwoLines first={a.borrower} second={a.borrowerPhone} /> },
  {
    key: 'amount',
    title: '申请金额/期限',
    align: 'right',
    render: (a) => <TwoLines first={formatEvalPrice(a.amount, 1, 2)} second={`${a.term}个月`} />,
  },
  {
    key: 'collateral',
    title: '押品地址/小区',
    render: (a) => <AddressCell address={a.collateral?.cardAddress ?? null} place={a.collateral?.location ?? a.evalCode} />,
  },
  {
    key: 'valuation',
    title: '估价总价/单价',
    align: 'right',
    render: (a) =>
      a.collateral ? (
        <TwoLines
          first={formatEvalPrice(a.collateral.totalPrice, 1)}
          second={`${formatUnitPrice(a.collateral.unitPrice, 1)}${a.collateral.confidenceClass ? ` · ${a.collateral.confidenceClass}级` : ''}`}
        />
      ) : (
        '--'
      ),
  },
  { key: 'ltv', title: '申请抵押率', align: 'right', nowrap: true, render: (a) => formatShare(a.ltv, 2) },
  {
    key: 'reports',
    title: '估价报告',
    render: (a) => <ReportLinks evalCode={a.evalCode} inquiry={a.inquiryReport} advisory={a.advisoryReport} compact />,
  },
  {
    key: 'state',
    title: '审批状态',
    nowrap: true,
    render: (a) => (
      <div>
        <LoanStateBadge state={a.state} />
        {a.decidedName && (
          <Text size="xs" c="dimmed" mt={2}>
            {a.decidedName} · {a.decisionDate}
          </Text>
        )}
      </div>
    ),
  },
  {
    key: 'approved',
    title: '批准金额/贷款编号',
    align: 'right',
    render: (a) =>
      a.approvedAmount === null ? '--' : <TwoLines first={formatEvalPrice(a.approvedAmount, 1, 2)} second={a.loanNo ?? '未填写贷款编号'} />,
  },
];

/**
 * Route LoanApplyFor (`/org/LoanApplyFor`, permission 125): the company's loan applications
 * secured by its valuations, with the valuation, its reports and the decision; filing, editing,
 * deciding and withdrawing need 128.
 */
export function LoanApplicationPage() {
  const view = useListView('user', { fields: LOAN_APPLY_FIELDS, pageSizes: LOAN_APPLY_PAGE_SIZES });
  const { state, granted } = view;
  const query = useMemo(() => loanApplyQuery(state.query), [state.query]);
  const applications = useLoanApplications({ ...query, pageIndex: state.pageIndex, pageSize: state.pageSize });
  const withdraw = useWithdrawLoanApplication();
  const [viewing, setViewing] = useState<number | null>(null);
  const [editing, setEditing] = useState<LoanApplyView | null>(null);
  const [adding, setAdding] = useState(false);
  const [deciding, setDeciding] = useState<LoanApplyView | null>(null);

  const actions = useMemo<RowAction<LoanApplyView>[]>(
    () => [
      { key: 'detail', label: '详情', permission: Perm.loanApply, onClick: (a) => setViewing(a.id) },
      { key: 'edit', label: '编辑', permission: Perm.loanApplyManage, visible: (a) => a.state === 0, onClick: (a) => setEditing(a) },
      { key: 'decide', label: '审批', permission: Perm.loanApplyManage, visible: (a) => a.state === 0, onClick: (a) => setDeciding(a) },
      {
        key: 'withdraw',
        label: '撤回',
        color: 'red',
        permission: Perm.loanApplyManage,
        visible: (a) => a.state === 0,
        busy: (a) => withdraw.isPending && withdraw.variables === a.id,
        onClick: async (a) => {
          const sure = await askConfirm({
            title: `撤回贷款申请「${a.applyNo}」`,
            message: LoanApplyMsg.withdrawConfirm,
            confirmLabel: '撤回',
            danger: true,
          });
          if (sure) withdraw.mutate(a.id, { onSuccess: () => notifications.show({ color: 'green', message: LoanApplyMsg.withdrawn }) });
        },
      },
    ],
    [withdraw],
  );

  return (
    <>
      <ListPage
        title="贷款申请"
        headerActions={
          granted.has(Perm.loanApplyManage) && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              新增贷款申请
            </Button>
          )
        }
        {...view}
        result={applications}
        columns={COLUMNS}
        rowKey={(a) => a.id}
        rowActions={actions}
        exportAction={{ permission: Perm.loanApply, run: (q) => exportLoanApplications(loanApplyQuery(q)) }}
        errorMessage="贷款申请加载失败"
        emptyText="暂无数据"
        minWidth={1280}
      />
      <LoanApplicationDialog
        opened={adding || editing !== null}
        application={editing}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
      <DecisionDialog application={deciding} onClose={() => setDeciding(null)} />
      <LoanApplicationDrawer id={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
