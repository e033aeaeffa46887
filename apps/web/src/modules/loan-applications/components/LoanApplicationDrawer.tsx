import { Anchor, Drawer, Group, Stack, Text } from '@mantine/core';
import type { LoanApplyDetail } from '@valuation/contracts';
import { formatAreaText, formatEvalPrice, formatShare, formatUnitPrice } from '@valuation/domain';
import { HistoryTimeline, InfoGrid, LoadError, PageSection } from '@valuation/ui';
import { Link } from 'react-router-dom';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useLoanApplication } from '../api/loan-applications-api';
import { LoanStateBadge } from './LoanStateBadge';
import { ReportLinks } from './ReportLinks';

function DetailBody({ detail }: { detail: LoanApplyDetail | undefined }) {
  const link = useRouteLink('org');
  const c = detail?.collateral ?? null;
  const loading = detail === undefined;
  const valuation = detail && link('valreport', { evalCode: detail.evalCode });
  const house = detail?.assetId ? link('LoanOfHouseAnalyse', { assetId: detail.assetId }) : undefined;
  return (
    <Stack gap="lg">
      <PageSection title="申请信息">
        <InfoGrid
          loading={loading}
          items={[
            { label: '申请编号', value: detail?.applyNo },
            { label: '审批状态', value: detail && <LoanStateBadge state={detail.state} /> },
            { label: '借款人', value: detail?.borrower },
            { label: '联系电话', value: detail?.borrowerPhone },
            { label: '申请金额', value: detail && formatEvalPrice(detail.amount, 1, 2) },
            { label: '期限', value: detail && `${detail.term}个月` },
            { label: '贷款用途', value: detail?.purpose },
            { label: '申请抵押率', value: detail && formatShare(detail.ltv, 2) },
            { label: '申请人', value: detail?.createName },
            { label: '申请时间', value: detail?.createTime },
          ]}
        />
      </PageSection>
      <PageSection title="押品估价">
        <InfoGrid
          loading={loading}
          items={[
            {
              label: '估价编号',
              value:
                detail &&
                (valuation ? (
                  <Anchor component={Link} to={valuation} size="sm">
                    {detail.evalCode}
                  </Anchor>
                ) : (
                  detail.evalCode
                )),
            },
            { label: '估价时间', value: c?.evalDate },
            { label: '证载地址', value: c?.cardAddress, span: 2 },
            { label: '小区/位置', value: c ? `${c.cityName} ${c.location ?? ''}`.trim() : null },
            { label: '建筑面积', value: c && formatAreaText(c.bldgArea) },
            { label: '估价总价', value: c && formatEvalPrice(c.totalPrice, 1) },
            { label: '单价', value: c && formatUnitPrice(c.unitPrice, 1) },
            { label: '置信度', value: c?.confidenceClass },
            {
              label: '估价报告',
              value: detail && <ReportLinks evalCode={detail.evalCode} inquiry={detail.inquiryReport} advisory={detail.advisoryReport} />,
            },
          ]}
        />
        {detail && !c && (
          <Text size="sm" c="dimmed" mt="xs">
            该估价记录已不存在
          </Text>
        )}
      </PageSection>
      {detail && detail.state !== 0 && detail.state !== 3 && (
        <PageSection title="审批结果">
          <InfoGrid
            items={[
              { label: '批准金额', value: detail.approvedAmount === null ? null : formatEvalPrice(detail.approvedAmount, 1, 2) },
              { label: '批准抵押率', value: detail.approvedAmount === null ? null : formatShare(detail.approvedLtv, 2) },
              {
                label: '贷款编号',
                value:
                  detail.loanNo &&
                  (house ? (
                    <Group gap="xs">
                      <Text size="sm">{detail.loanNo}</Text>
                      <Anchor component={Link} to={house} size="sm">
                        押品分析
                      </Anchor>
                    </Group>
                  ) : (
                    detail.loanNo
                  )),
              },
              { label: '审批人', value: detail.decidedName },
              { label: '审批日期', value: detail.decisionDate },
              { label: '审批意见', value: detail.opinion, span: 2 },
            ]}
          />
        </PageSection>
      )}
      {detail && detail.history.length > 0 && (
        <HistoryTimeline
          entries={detail.history.map((h) => ({ eventName: h.eventName, actorName: h.actorName, time: h.time, detail: h.detail }))}
        />
      )}
    </Stack>
  );
}

/** 贷款申请详情: the application, its collateral's valuation and reports, the decision and the history. */
export function LoanApplicationDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useLoanApplication(id);
  return (
    <Drawer opened={id !== null} onClose={onClose} position="right" size={720} title="贷款申请详情">
      {detail.isError ? (
        <LoadError message="贷款申请加载失败" onRetry={() => void detail.refetch()} />
      ) : (
        <DetailBody detail={detail.data} />
      )}
    </Drawer>
  );
}
