import { ScrollArea, Table } from '@mantine/core';
import type { EvalSample, EvalType } from '@valuation/contracts';
import {
  evalPriceUnit,
  EMPTY_FIGURE,
  floorLabel,
  formatArea,
  formatReportTotalPrice,
  formatReportUnitPrice,
  layoutLabel,
  REPORT_LIMITS,
  ReportMsg,
  unitPriceUnit,
} from '@valuation/domain';
import { ChartEmpty, PageSection } from '@valuation/ui';
import { QueryState, type QueryLike } from './QueryState';

export interface SampleCasesSectionProps {
  query: QueryLike;
  samples: readonly EvalSample[];
  evalType: EvalType;
}

/** 案例分析: up to 5 comparable cases the valuation used. */
export function SampleCasesSection({ query, samples, evalType }: SampleCasesSectionProps) {
  const rows = samples.slice(0, REPORT_LIMITS.sampleCases);
  return (
    <PageSection title="案例分析">
      <QueryState query={query} height={220} errorMessage="案例数据加载失败">
        {() =>
          rows.length === 0 ? (
            <ChartEmpty height={120}>{ReportMsg.noData}</ChartEmpty>
          ) : (
            <ScrollArea>
              <Table striped withTableBorder verticalSpacing="sm" miw={820}>
                <Table.Thead bg="var(--mantine-color-gray-0)">
                  <Table.Tr>
                    <Table.Th w={56}>序号</Table.Th>
                    <Table.Th>小区名称</Table.Th>
                    <Table.Th ta="right">建筑面积（㎡）</Table.Th>
                    <Table.Th ta="center">楼层</Table.Th>
                    <Table.Th ta="center">户型</Table.Th>
                    <Table.Th ta="center">挂牌时间</Table.Th>
                    <Table.Th ta="right">
                      {evalType === 2 ? '租金' : '总价'}（{evalPriceUnit(evalType)}）
                    </Table.Th>
                    <Table.Th ta="right">单价（{unitPriceUnit(evalType)}）</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((s, i) => (
                    <Table.Tr key={s.id ?? i}>
                      <Table.Td>{i + 1}</Table.Td>
                      <Table.Td>{s.haName}</Table.Td>
                      <Table.Td ta="right">{formatArea(s.areaSize)}</Table.Td>
                      <Table.Td ta="center">{floorLabel(s.floor, s.bheight) || EMPTY_FIGURE}</Table.Td>
                      <Table.Td ta="center">{layoutLabel(s.br, s.lr, s.ba) || EMPTY_FIGURE}</Table.Td>
                      <Table.Td ta="center">{s.offerTime || EMPTY_FIGURE}</Table.Td>
                      <Table.Td ta="right">{formatReportTotalPrice(s.totalPrice, evalType)}</Table.Td>
                      <Table.Td ta="right">{formatReportUnitPrice(s.unitPrice, evalType)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          )
        }
      </QueryState>
    </PageSection>
  );
}
