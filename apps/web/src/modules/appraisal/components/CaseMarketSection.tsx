import { Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { AppraisalCaseDetail } from '@valuation/contracts';
import {
  evalPriceUnit,
  formatArea,
  formatCompactPrice,
  formatEvalPrice,
  formatRatioPercent,
  formatReportUnitPrice,
  formatTotalPrice,
  formatUnitPrice,
  formatUnitPriceFigure,
  REPORT_LIMITS,
  ReportMsg,
  TREND_MIN_MONTH_CASES,
  TREND_VOLATILE_NOTE,
  trendSourceLabel,
  unitPriceUnit,
} from '@valuation/domain';
import { InfoGrid, PageSection, TrendLineChart } from '@valuation/ui';

/** The one row of an empty table. */
function EmptyRow({ columns, text }: { columns: number; text: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text size="sm" c="dimmed" ta="center">
          {text}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** The automatic valuation the case starts from, with its sample cases. */
export function CaseValuationSection({ c }: { c: AppraisalCaseDetail }) {
  const v = c.valuation;
  return (
    <PageSection title="自动估价">
      {!v ? (
        <Text size="sm" c="dimmed">
          该案件无关联的自动估价
        </Text>
      ) : (
        <Stack gap="md">
          <InfoGrid
            cols={3}
            items={[
              { label: '估价编号', value: v.record.evalCode },
              { label: '估价时间', value: v.record.evalDate },
              { label: '置信等级', value: v.record.confidenceClass },
              { label: '估价总价', value: formatEvalPrice(v.record.totalPrice, v.record.evalType) },
              { label: '估价单价', value: v.record.unitPrice === null ? null : formatUnitPrice(v.record.unitPrice, v.record.evalType) },
              { label: '案例数', value: v.record.sampleCount },
            ]}
          />
          <Table withTableBorder striped fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>样本小区</Table.Th>
                <Table.Th>面积(㎡)</Table.Th>
                <Table.Th>楼层</Table.Th>
                <Table.Th>户型</Table.Th>
                <Table.Th>时间</Table.Th>
                <Table.Th ta="right">总价({evalPriceUnit(v.record.evalType)})</Table.Th>
                <Table.Th ta="right">单价({unitPriceUnit(v.record.evalType)})</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {v.samples.length === 0 && <EmptyRow columns={7} text="暂无样本" />}
              {v.samples.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{s.haName}</Table.Td>
                  <Table.Td>{formatArea(s.areaSize)}</Table.Td>
                  <Table.Td>
                    {s.floor ?? '--'}/{s.bheight ?? '--'}
                  </Table.Td>
                  <Table.Td>
                    {s.br ?? '-'}室{s.lr ?? '-'}厅
                  </Table.Td>
                  <Table.Td>{s.offerTime ?? '--'}</Table.Td>
                  <Table.Td ta="right">{formatTotalPrice(s.totalPrice, v.record.evalType)}</Table.Td>
                  <Table.Td ta="right">{formatUnitPriceFigure(s.unitPrice, v.record.evalType)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </PageSection>
  );
}

/** The price trend of the case's valuation (the series and figures its report shows) and the community's cases of the last 12 months. */
export function CaseMarketSection({ c }: { c: AppraisalCaseDetail }) {
  const lease = c.evalType === 2;
  const t = c.priceTrend;
  const unit = unitPriceUnit(c.evalType);
  return (
    <PageSection title={`小区行情${c.haName ? `：${c.haName}` : ''}`}>
      <Stack gap="lg">
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={500}>
              近{REPORT_LIMITS.trendYears}年{t.series.length > 0 ? trendSourceLabel(t.source) : ''}均价走势（{unit}）
            </Text>
            {t.series.length > 0 && (
              <Text size="sm" data-testid="case-trend-figures">
                <Text span c="dimmed">
                  环比{' '}
                </Text>
                {formatRatioPercent(t.X)}
                <Text span c="dimmed" ml="md">
                  同比{' '}
                </Text>
                {formatRatioPercent(t.R)}
              </Text>
            )}
          </Group>
          <TrendLineChart
            data={t.series.map((p) => ({ label: p.month, value: p.value }))}
            seriesLabel="均价"
            valueFormatter={(n) => formatReportUnitPrice(n, c.evalType)}
            axisFormatter={formatCompactPrice}
            minPoints={REPORT_LIMITS.minTrendPoints}
            maxLabels={12}
            height={220}
            emptyText={ReportMsg.noData}
          />
          {t.volatile && (
            <Text size="xs" c="orange.8">
              注：{TREND_VOLATILE_NOTE}。
            </Text>
          )}
          {t.series.some((p) => p.smoothed) && (
            <Text size="xs" c="dimmed">
              注：案例不足{TREND_MIN_MONTH_CASES}套的月份按与前几个月合并的均价计。
            </Text>
          )}
        </Stack>
        {!c.haCode ? (
          <Text size="sm" c="dimmed">
            未匹配到小区，无小区案例
          </Text>
        ) : (
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              近12个月{lease ? '租赁' : '成交/挂牌'}案例（{c.recentCases.length}）
            </Text>
            <ScrollArea.Autosize mah={420}>
              <Table withTableBorder striped fz="sm" stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>日期</Table.Th>
                    <Table.Th>面积(㎡)</Table.Th>
                    <Table.Th>楼层</Table.Th>
                    <Table.Th>户型</Table.Th>
                    <Table.Th ta="right">{lease ? '租金(元/月)' : '总价(万元)'}</Table.Th>
                    <Table.Th ta="right">单价</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {c.recentCases.length === 0 && <EmptyRow columns={6} text="暂无案例" />}
                  {c.recentCases.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td>{r.caseDate}</Table.Td>
                      <Table.Td>{formatArea(r.area)}</Table.Td>
                      <Table.Td>
                        {r.floor ?? '--'}/{r.totalFloors ?? '--'}
                      </Table.Td>
                      <Table.Td>
                        {r.rooms ?? '-'}室{r.halls ?? '-'}厅
                      </Table.Td>
                      <Table.Td ta="right">{formatTotalPrice(r.totalPrice, lease ? 2 : 1)}</Table.Td>
                      <Table.Td ta="right">{formatUnitPriceFigure(r.unitPrice, lease ? 2 : 1)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </Stack>
        )}
      </Stack>
    </PageSection>
  );
}
