import { Alert, Badge, Box, Center, Container, Group, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { AccuracyFiguresDto, PublishedAccuracyDto } from '@valuation/contracts';
import {
  ACCURACY_MEASURES,
  accuracyClassAnchor,
  accuracyDataSetDescription,
  accuracyDataSetTitle,
  confidenceInfo,
  formatAccuracyFigures,
  formatGrouped,
  methodLabel,
  PRD_RANGE,
  prdWithinRange,
} from '@valuation/domain';
import { InfoGrid, LoadError, PageSection } from '@valuation/ui';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../../../app/branding/use-document-title';
import { usePublishedAccuracy } from '../api/accuracy-api';

type DataSet = PublishedAccuracyDto['dataSets'][number];
type Group = DataSet['groups'][number];

const CLASS_COLORS: Readonly<Record<string, string>> = { A: 'teal', B: 'blue', C: 'orange' };
const NUMERIC = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
const COLUMNS = ACCURACY_MEASURES.map((m) => m.key);

/** The element id of a group: `class-A` for the classes of the full file, `sparse-3-class-A` for another data set. */
function groupAnchor(dataSet: DataSet, group: Group): string {
  const local = group.cls ? accuracyClassAnchor(group.cls) : 'all';
  return dataSet.label === 'full' ? local : `${dataSet.label}-${local}`;
}

function FigureCells({ figures }: { figures: AccuracyFiguresDto }) {
  const texts = formatAccuracyFigures(figures);
  return (
    <>
      {COLUMNS.map((key) => {
        const outsideIaao = key === 'prd' && figures.prd !== null && !prdWithinRange(figures.prd);
        return (
          <Table.Td
            key={key}
            style={NUMERIC}
            c={outsideIaao ? 'orange.8' : undefined}
            title={outsideIaao ? `${formatGrouped(figures.prd, 4)}，超出IAAO合理范围${PRD_RANGE.join('–')}` : undefined}
            data-measure={key}
          >
            {texts[key]}
          </Table.Td>
        );
      })}
    </>
  );
}

function GroupTable({ dataSet, group, targeted }: { dataSet: DataSet; group: Group; targeted: boolean }) {
  const info = confidenceInfo(group.cls);
  const anchor = groupAnchor(dataSet, group);
  return (
    <Box
      id={anchor}
      data-testid={`accuracy-${anchor}`}
      p="md"
      style={{
        scrollMarginTop: 16,
        borderRadius: 'var(--mantine-radius-md)',
        border: `1px solid ${targeted ? 'var(--mantine-color-brand-5)' : 'var(--mantine-color-gray-3)'}`,
        background: targeted ? 'var(--mantine-color-brand-0)' : undefined,
      }}
    >
      <Group gap="sm" mb="sm" wrap="nowrap" align="center">
        {group.cls ? (
          <Badge size="lg" radius="sm" variant="filled" color={CLASS_COLORS[group.cls]} style={{ flexShrink: 0 }}>
            {group.cls}
          </Badge>
        ) : null}
        <Box>
          <Text fw={600}>{group.cls ? `置信等级${group.cls}` : '全部估价'}</Text>
          <Text size="xs" c="dimmed">
            {info ? info.description : '所有得出估价结果的房源'}
          </Text>
        </Box>
      </Group>
      {group.overall.n === 0 ? (
        <Text size="sm" c="dimmed">
          本次回测中没有该等级的估价。
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped withTableBorder fz="sm" verticalSpacing={6} horizontalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>估价方法</Table.Th>
                {ACCURACY_MEASURES.map((m) => (
                  <Table.Th key={m.key} style={{ ...NUMERIC, fontWeight: 600 }} title={m.name}>
                    {m.short}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr fw={600} data-testid={`accuracy-${anchor}-overall`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>合计</Table.Td>
                <FigureCells figures={group.overall} />
              </Table.Tr>
              {group.methods.map((m) => (
                <Table.Tr key={m.method}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{methodLabel(m.method)}</Table.Td>
                  <FigureCells figures={m.figures} />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Box>
  );
}

function DataSetSection({ dataSet, target }: { dataSet: DataSet; target: string }) {
  return (
    <PageSection title={accuracyDataSetTitle(dataSet)} data-testid={`accuracy-dataset-${dataSet.label}`}>
      <Stack gap="md">
        <InfoGrid
          cols={3}
          labelWidth={72}
          items={[
            { label: '回测数据', value: accuracyDataSetDescription(dataSet), span: 3 },
            { label: '引擎版本', value: dataSet.engineVersion },
            { label: '回测日期', value: dataSet.measuredOn },
          ]}
        />
        {dataSet.groups.map((group) => (
          <GroupTable key={group.cls ?? 'all'} dataSet={dataSet} group={group} targeted={target === groupAnchor(dataSet, group)} />
        ))}
      </Stack>
    </PageSection>
  );
}

function Measures() {
  return (
    <PageSection title="指标说明">
      <List spacing={6} size="sm">
        {ACCURACY_MEASURES.filter((m) => m.key !== 'n').map((m) => (
          <List.Item key={m.key}>
            <Text span fw={600} size="sm">
              {m.name}
            </Text>
            <Text span size="sm">
              ：{m.explanation}
            </Text>
          </List.Item>
        ))}
      </List>
    </PageSection>
  );
}

/** Public page `/accuracy`: the engine's measured accuracy by data set, confidence class and method. */
export function AccuracyPage() {
  useDocumentTitle('估值准确度');
  const accuracy = usePublishedAccuracy();
  const { hash } = useLocation();
  const target = decodeURIComponent(hash.replace(/^#/, ''));
  const loaded = Boolean(accuracy.data);

  // The tables arrive after the page: the browser's own jump to the anchor found nothing to jump to.
  useEffect(() => {
    if (loaded && target) document.getElementById(target)?.scrollIntoView({ block: 'start' });
  }, [loaded, target]);

  return (
    <Box bg="var(--mantine-color-gray-0)" mih="100vh" py={40}>
      <Container size={1200}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2}>估值准确度</Title>
            <Text c="dimmed" size="sm">
              自动估价引擎在真实挂牌数据上的回测结果：每套房源都由其余房源估价，再与其实际价格比较。
            </Text>
          </Stack>
          {accuracy.isLoading ? (
            <Center py="xl" data-testid="accuracy-loading">
              <Loader />
            </Center>
          ) : accuracy.isError ? (
            <LoadError message="估值准确度加载失败" onRetry={() => void accuracy.refetch()} />
          ) : accuracy.data && accuracy.data.dataSets.length > 0 ? (
            <>
              {accuracy.data.dataSets.map((d) => (
                <DataSetSection key={d.label} dataSet={d} target={target} />
              ))}
              <Measures />
            </>
          ) : (
            <Alert color="gray" variant="light">
              暂无已发布的回测结果。
            </Alert>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
