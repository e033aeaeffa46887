import { Group, Text } from '@mantine/core';
import type { CommunityDetail } from '@valuation/contracts';
import { formatGrouped, formatPercent, formatUnitPrice, ReportMsg } from '@valuation/domain';
import { ChartEmpty, InfoGrid, PageSection } from '@valuation/ui';
import type { ReactNode } from 'react';
import { QueryState, type QueryLike } from './QueryState';

export interface CommunitySurveySectionProps {
  /** null when the property is not in a known community. */
  query: (QueryLike & { data?: CommunityDetail }) | null;
  cols?: number;
}

function priceWithRise(price: ReactNode, rise: number | null): ReactNode {
  return (
    <Group gap={6} wrap="nowrap">
      <span>{price}</span>
      {rise !== null && (
        <Text span size="xs" c={rise > 0 ? 'red.7' : rise < 0 ? 'teal.7' : 'dimmed'}>
          环比 {formatPercent(rise)}
        </Text>
      )}
    </Group>
  );
}

const orEmpty = (v: number | null, unit: string, decimals = 0) => (v === null ? '' : `${formatGrouped(v, decimals)}${unit}`);

/** 小区概况: the community's market prices and its buildings, land and management. */
export function CommunitySurveySection({ query, cols = 2 }: CommunitySurveySectionProps) {
  return (
    <PageSection title="小区概况" h="100%">
      {!query ? (
        <ChartEmpty height={200}>{ReportMsg.noData}</ChartEmpty>
      ) : (
        <QueryState query={query} height={260} errorMessage="小区信息加载失败">
          {() => {
            const d = query.data;
            if (!d) return <ChartEmpty height={200}>{ReportMsg.noData}</ChartEmpty>;
            const parking = d.carItem.map((c) => `${c.type} ${formatGrouped(c.qnt)}个`).join('，');
            return (
              <InfoGrid
                cols={cols}
                labelWidth={72}
                items={[
                  { label: '小区名称', value: d.haName },
                  { label: '所在区域', value: [d.distName, d.streetName].filter(Boolean).join(' ') },
                  { label: '小区地址', value: d.address, span: cols },
                  {
                    label: '售价均价',
                    value: d.price === null ? '' : priceWithRise(formatUnitPrice(d.price, 1), d.priceRise),
                  },
                  {
                    label: '租金均价',
                    value: d.leasePrice === null ? '' : priceWithRise(formatUnitPrice(d.leasePrice, 2), d.leasePriceRise),
                  },
                  { label: '建成年代', value: d.buildyear ? `${d.buildyear}年` : '' },
                  { label: '物业类型', value: d.haClName },
                  { label: '建筑类型', value: d.bldgType },
                  { label: '土地用途', value: d.landuse },
                  { label: '总户数', value: orEmpty(d.households, '户') },
                  { label: '车位', value: parking },
                  { label: '建筑面积', value: orEmpty(d.constArea, '㎡') },
                  { label: '占地面积', value: orEmpty(d.groundArea, '㎡') },
                  { label: '绿化率', value: d.greeningRate === null ? '' : `${formatGrouped(d.greeningRate, 2)}%` },
                  { label: '容积率', value: d.volumeRate === null ? '' : formatGrouped(d.volumeRate, 2) },
                  { label: '开发商', value: d.devCoName, span: 2 },
                  { label: '物业公司', value: d.wyCoName, span: 2 },
                ]}
              />
            );
          }}
        </QueryState>
      )}
    </PageSection>
  );
}
