import { Alert, Badge, Box, Divider, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { EvalRecord, EvalTrend, LocalMarket } from '@valuation/contracts';
import {
  accuracyPageHref,
  joinPlaceAddress,
  confidenceInfo,
  EMPTY_FIGURE,
  evalPriceUnit,
  formatRatioPercent,
  formatPercent,
  formatPriceRange,
  formatReportTotalPrice,
  formatRiskCoefficient,
  formatReportUnitPrice,
  methodLabel,
  PRICE_RANGE_LABELS,
  TREND_VOLATILE_NOTE,
  unitPriceUnit,
  withUnit,
} from '@valuation/domain';
import { LoadError } from '@valuation/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { QueryState, type QueryLike } from './QueryState';

/** Chinese names and addresses break between words only, never one character per line. */
const KEEP_WORDS = { wordBreak: 'keep-all', overflowWrap: 'anywhere' } as const;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

const CONFIDENCE_COLORS: Readonly<Record<string, string>> = { A: 'teal', B: 'blue', C: 'orange' };

function Figure({ label, value, unit, size = 'md' }: { label: ReactNode; value: ReactNode; unit?: ReactNode; size?: 'md' | 'lg' }) {
  return (
    <Box>
      <Text size="sm" c="dimmed" mb={4} style={KEEP_WORDS}>
        {label}
      </Text>
      <Group gap={4} align="baseline" wrap="nowrap">
        <Text fz={size === 'lg' ? 22 : 17} fw={600} lh={1.2}>
          {value}
        </Text>
        {unit && value !== EMPTY_FIGURE && (
          <Text size="xs" c="dimmed">
            {unit}
          </Text>
        )}
      </Group>
    </Box>
  );
}

function changeColor(value: number | null | undefined): string | undefined {
  if (value === null || value === undefined || value === 0) return undefined;
  return value > 0 ? 'red.7' : 'teal.7';
}

function TrendFigures({ trend }: { trend: QueryLike & { data?: EvalTrend } }) {
  return (
    <QueryState query={trend} height={60} errorMessage="价格走势加载失败">
      {() => (
        <SimpleGrid cols={2} spacing="md">
          <Box>
            <Text size="sm" c="dimmed" mb={4}>
              环比
            </Text>
            <Text fz={17} fw={600} c={changeColor(trend.data?.X)}>
              {formatRatioPercent(trend.data?.X)}
            </Text>
          </Box>
          <Box>
            <Text size="sm" c="dimmed" mb={4}>
              同比
            </Text>
            <Text fz={17} fw={600} c={changeColor(trend.data?.R)}>
              {formatRatioPercent(trend.data?.R)}
            </Text>
          </Box>
          {trend.data?.month && (
            <Text size="xs" c="dimmed" style={{ gridColumn: 'span 2' }}>
              统计月份：{trend.data.month}
            </Text>
          )}
          {trend.data?.volatile && (
            <Text size="xs" c="orange.8" style={{ gridColumn: 'span 2' }} data-testid="trend-volatile">
              {TREND_VOLATILE_NOTE}
            </Text>
          )}
        </SimpleGrid>
      )}
    </QueryState>
  );
}

/** The measured range around the value: '--' for a record valued before ranges were kept. */
function RangeFigures({ record }: { record: EvalRecord }) {
  const text = formatPriceRange(record.range, record.evalType);
  const line = (label: string, value: string, testId: string, strong = false) => (
    <Box>
      <Text size="xs" c="dimmed" style={KEEP_WORDS}>
        {label}
      </Text>
      <Text
        fw={strong ? 600 : 500}
        fz={strong ? 'md' : 'sm'}
        style={{ ...NO_WRAP, fontVariantNumeric: 'tabular-nums' }}
        data-testid={testId}
      >
        {value}
      </Text>
    </Box>
  );
  return (
    <Stack gap={6} mt="sm" pt="sm" style={{ borderTop: '1px dashed var(--mantine-color-gray-3)' }} data-testid="report-range">
      {line(PRICE_RANGE_LABELS.likely, text.likely, 'report-range-likely', true)}
      <Group gap="xl" align="flex-start" wrap="wrap" style={{ rowGap: 6 }}>
        {line(PRICE_RANGE_LABELS.wide, text.wide, 'report-range-wide')}
        {line(PRICE_RANGE_LABELS.fsd, text.fsd, 'report-range-fsd')}
      </Group>
    </Stack>
  );
}

function ValuedResult({ record, trend }: { record: EvalRecord; trend: QueryLike & { data?: EvalTrend } }) {
  const t = record.evalType;
  const confidence = confidenceInfo(record.confidenceClass);
  const risk = record.riskTotalPrice !== null && record.riskTotalPrice !== undefined;
  return (
    <Stack gap="lg">
      <Grid gutter="xl" align="stretch">
        <Grid.Col span={5}>
          <Text size="sm" c="dimmed">
            {t === 2 ? '估价租金' : '估价总价'}
          </Text>
          <Group gap={6} align="baseline" wrap="nowrap" mt={4}>
            <Text fz={48} fw={700} lh={1.1} c="brand.7" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="report-total">
              {formatReportTotalPrice(record.totalPrice, t)}
            </Text>
            <Text fz="lg" c="brand.7" fw={500}>
              {evalPriceUnit(t)}
            </Text>
          </Group>
          <Group gap={6} mt="xs" align="baseline">
            <Text size="sm" c="dimmed">
              单价
            </Text>
            <Text fw={600} fz="lg">
              {formatReportUnitPrice(record.unitPrice, t)}
            </Text>
            <Text size="sm" c="dimmed">
              {unitPriceUnit(t)}
            </Text>
          </Group>
          <RangeFigures record={record} />
          {risk && (
            <Text size="sm" mt={6}>
              <Text span c="dimmed">
                风险调整后价值：
              </Text>
              {withUnit(formatReportTotalPrice(record.riskTotalPrice, t), evalPriceUnit(t))}
              {record.riskCoefficient !== null && !record.riskCoefficientLabel && (
                <Text span c="dimmed">
                  （风控系数 {formatRiskCoefficient(record.riskCoefficient)}）
                </Text>
              )}
            </Text>
          )}
          {risk && record.riskCoefficientLabel && (
            <Text size="xs" c="dimmed" mt={2} data-testid="applied-risk-coefficient">
              适用风控系数：{record.riskCoefficientLabel}
            </Text>
          )}
        </Grid.Col>
        <Grid.Col span={4} style={{ borderLeft: '1px solid var(--mantine-color-gray-3)' }}>
          <Text size="sm" c="dimmed" mb={6}>
            可信度
          </Text>
          {confidence ? (
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Badge
                component={Link}
                to={accuracyPageHref(record.confidenceClass!.toUpperCase())}
                title="查看该置信等级的估值准确度"
                aria-label={`置信等级${record.confidenceClass!.toUpperCase()}，查看估值准确度`}
                data-testid="confidence-badge"
                size="xl"
                radius="sm"
                variant="filled"
                color={CONFIDENCE_COLORS[record.confidenceClass!.toUpperCase()] ?? 'gray'}
                style={{ flexShrink: 0, cursor: 'pointer' }}
              >
                {record.confidenceClass!.toUpperCase()}
              </Badge>
              <Text size="sm">{confidence.description}</Text>
            </Group>
          ) : (
            <Text size="sm">{EMPTY_FIGURE}</Text>
          )}
          <Group gap={6} mt="md">
            <Text size="sm" c="dimmed">
              估价方法
            </Text>
            <Text size="sm" fw={500}>
              {methodLabel(record.method) || EMPTY_FIGURE}
            </Text>
          </Group>
        </Grid.Col>
        <Grid.Col span={3} style={{ borderLeft: '1px solid var(--mantine-color-gray-3)' }}>
          <Text size="sm" c="dimmed" mb={6}>
            区域价格走势
          </Text>
          <TrendFigures trend={trend} />
        </Grid.Col>
      </Grid>
      <Paper bg="var(--mantine-color-gray-0)" p="md" radius="md">
        <SimpleGrid cols={4} spacing="lg">
          <Figure label="参考样本数" value={record.sampleCount ?? EMPTY_FIGURE} unit="个" />
          <Figure label="样本最低单价" value={formatReportUnitPrice(record.samplePriceMin, t)} unit={unitPriceUnit(t)} />
          <Figure label="样本平均单价" value={formatReportUnitPrice(record.samplePriceAvg, t)} unit={unitPriceUnit(t)} />
          <Figure label="样本最高单价" value={formatReportUnitPrice(record.samplePriceMax, t)} unit={unitPriceUnit(t)} />
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}

function ReferenceResult({ record, market }: { record: EvalRecord; market: QueryLike & { data?: LocalMarket } }) {
  const t = record.evalType;
  return (
    <Stack gap="md">
      <QueryState query={market} height={90} errorMessage="参考价格加载失败">
        {() => {
          const r = market.data?.result;
          const unit = t === 2 ? r?.leasePrice : r?.price;
          const rise = t === 2 ? r?.leasePriceRise : r?.priceRise;
          const total = unit !== null && unit !== undefined && record.bldgArea ? unit * record.bldgArea : null;
          return (
            <Grid gutter="xl">
              <Grid.Col span={5}>
                <Text size="sm" c="dimmed">
                  参考单价（{record.cityName}
                  {r?.month ? ` ${r.month}` : '上月'}市场均价）
                </Text>
                <Group gap={6} align="baseline" wrap="nowrap" mt={4}>
                  <Text fz={40} fw={700} lh={1.1} c="brand.7">
                    {formatReportUnitPrice(unit, t)}
                  </Text>
                  <Text fz="lg" c="brand.7">
                    {unitPriceUnit(t)}
                  </Text>
                </Group>
              </Grid.Col>
              <Grid.Col span={4} style={{ borderLeft: '1px solid var(--mantine-color-gray-3)' }}>
                <Figure label="按建筑面积折算参考总价" value={formatReportTotalPrice(total, t)} unit={evalPriceUnit(t)} size="lg" />
              </Grid.Col>
              <Grid.Col span={3} style={{ borderLeft: '1px solid var(--mantine-color-gray-3)' }}>
                <Text size="sm" c="dimmed" mb={4}>
                  城市均价环比
                </Text>
                <Text fz={22} fw={600} c={changeColor(rise)}>
                  {formatPercent(rise)}
                </Text>
              </Grid.Col>
            </Grid>
          );
        }}
      </QueryState>
      <Alert color="yellow" variant="light">
        该房产暂无自动估价结果，以上为所在城市上月市场参考价格；如需估价，仅可发起人工询价。
      </Alert>
    </Stack>
  );
}

export interface ReportHeaderProps {
  result: QueryLike & { data?: { record: EvalRecord } };
  trend: QueryLike & { data?: EvalTrend };
  market: QueryLike & { data?: LocalMarket };
  referenceOnly: boolean;
  revalued: boolean;
  actions?: ReactNode;
}

/** The top card: the property, the valued price (or the city reference price) and its quality. */
export function ReportHeader({ result, trend, market, referenceOnly, revalued, actions }: ReportHeaderProps) {
  const record = result.data?.record;
  if (result.isError) {
    return (
      <Paper withBorder p="lg" shadow="xs">
        <LoadError message="估价结果加载失败" onRetry={() => void result.refetch()} />
      </Paper>
    );
  }
  if (!record) {
    return (
      <Paper withBorder p="xl" shadow="xs">
        <Stack gap="md">
          <Skeleton height={28} width="35%" />
          <Skeleton height={16} width="60%" />
          <Skeleton height={90} />
          <Skeleton height={64} />
        </Stack>
      </Paper>
    );
  }
  const address = joinPlaceAddress([record.cityName, record.location ?? record.cardAddress], ' · ');
  return (
    <Paper withBorder p="xl" shadow="xs" style={{ borderTop: '4px solid var(--mantine-color-brand-6)' }}>
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Box style={{ minWidth: 'min(100%, 360px)', flex: '1 1 420px' }}>
          <Group gap="sm" align="center" wrap="wrap">
            <Title order={2} fw={600} style={KEEP_WORDS} data-testid="report-title">
              {record.haName || record.location || record.cardAddress || '估价报告'}
            </Title>
            <Group gap="xs" wrap="nowrap">
              <Badge variant="light" color="brand">
                {record.evalType === 2 ? '租金估价' : '售价估价'}
              </Badge>
              <Badge variant="light" color="gray">
                {record.proprtname}
              </Badge>
              {revalued && (
                <Badge variant="light" color="teal">
                  重新估价
                </Badge>
              )}
            </Group>
          </Group>
          <Text size="sm" c="dimmed" mt={6} style={KEEP_WORDS}>
            {address}
          </Text>
          <Group gap="lg" mt={2} wrap="wrap" style={{ rowGap: 2 }}>
            <Text size="sm" c="dimmed" style={NO_WRAP}>
              估价编号：{record.evalCode}
            </Text>
            <Text size="sm" c="dimmed" style={NO_WRAP}>
              估价时间：{record.evalDate}
            </Text>
          </Group>
        </Box>
        {actions && (
          <Group gap="sm" justify="flex-end" wrap="wrap" style={{ flex: '0 1 auto', maxWidth: '100%' }}>
            {actions}
          </Group>
        )}
      </Group>
      <Divider my="lg" />
      {referenceOnly ? <ReferenceResult record={record} market={market} /> : <ValuedResult record={record} trend={trend} />}
    </Paper>
  );
}
