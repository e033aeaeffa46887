import { ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { AppraisalCaseDetail } from '@valuation/contracts';
import {
  evalPriceUnit,
  formatArea,
  formatEvalPrice,
  formatTotalPrice,
  formatUnitPrice,
  formatUnitPriceFigure,
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

/** The community's cases of the last 12 months and its price trend of 2 years. */
export function CaseMarketSection({ c }: { c: AppraisalCaseDetail }) {
  const lease = c.evalType === 2;
  return (
    <PageSection title={`小区行情${c.haName ? `：${c.haName}` : ''}`}>
      {!c.haCode ? (
        <Text size="sm" c="dimmed">
          未匹配到小区，无行情数据
        </Text>
      ) : (
        <Stack gap="lg">
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              近2年均价走势（{lease ? '元/㎡/月' : '元/㎡'}）
            </Text>
            <TrendLineChart
              data={c.priceTrend.map((p) => ({ label: p.month, value: p.price }))}
              seriesLabel="均价"
              valueFormatter={(n) => formatUnitPriceFigure(n, lease ? 2 : 1)}
              height={220}
              emptyText="暂无价格走势"
            />
          </Stack>
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
        </Stack>
      )}
    </PageSection>
  );
}
