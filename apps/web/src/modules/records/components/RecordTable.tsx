import { ActionIcon, Anchor, Group, Text, Tooltip } from '@mantine/core';
import type { EvalListRow, Paged } from '@valuation/contracts';
import { formatArea, formatEvalPrice, Perm } from '@valuation/domain';
import { PagedTable, type TableColumn } from '@valuation/ui';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../app/format/date-format';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { RECORD_PAGE_SIZES } from '../hooks/record-filters';
import { REPORT_ROUTE } from '../../reports/model/report-routes';
import { RecordHistory } from './RecordHistory';

const NOT_GENERATED = '未生成';
/** Permissions that show the report columns (the column is removed without them). */
const VIEW_INQUIRY_REPORT = 25;
const VIEW_ADVISORY_REPORT = 24;
/** Location text is shortened to this many characters in the lists. */
const LOCATION_CHARS = 10;

function shortened(text: string | null, max: number) {
  if (!text) return '--';
  if (text.length <= max) return text;
  return (
    <Tooltip label={text} withArrow>
      <span>{`${text.slice(0, max)}…`}</span>
    </Tooltip>
  );
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 120ms' }}
    >
      <path d="M9 6l6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export interface RecordTableProps {
  data: Paged<EvalListRow> | undefined;
  loading: boolean;
  fetching: boolean;
  pageIndex: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}

/** The valuation records with their history expansion; columns follow the user's permissions. */
export function RecordTable({ data, loading, fetching, pageIndex, pageSize, onPageChange, onPageSizeChange }: RecordTableProps) {
  const { granted } = useGrantedPermissions('user');
  const link = useRouteLink('org');
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());

  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns = useMemo(() => {
    const report = (generated: boolean, route: string, r: EvalListRow) => {
      if (!generated)
        return (
          <Text size="sm" c="dimmed">
            {NOT_GENERATED}
          </Text>
        );
      const href = link(route, { evalType: r.evalType }, { evalCode: r.evalCode });
      return href ? (
        <Anchor component={Link} to={href} size="sm">
          查看
        </Anchor>
      ) : (
        '已生成'
      );
    };
    const list: (TableColumn<EvalListRow> | false)[] = [
      {
        key: 'evalCode',
        title: '估价编号',
        render: (r) => (
          <Group gap={4} wrap="nowrap">
            {r.historyCount + r.answerCount > 1 ? (
              <Tooltip
                label={
                  open.has(r.id)
                    ? '收起估价历史'
                    : `估价历史（${r.historyCount} 次估价${r.answerCount > 0 ? `，${r.answerCount} 次人工答复` : ''}）`
                }
                withArrow
              >
                <ActionIcon variant="subtle" size="sm" aria-label="估价历史" aria-expanded={open.has(r.id)} onClick={() => toggle(r.id)}>
                  <Chevron open={open.has(r.id)} />
                </ActionIcon>
              </Tooltip>
            ) : (
              <span style={{ width: 22, flexShrink: 0 }} />
            )}
            <Text size="xs" ff="monospace">
              {r.evalCode}
            </Text>
          </Group>
        ),
      },
      {
        key: 'evalDate',
        title: '估价时间',
        render: (r) => {
          const [day, time] = formatDateTime(r.evalDate).split(' ');
          return (
            <div style={{ whiteSpace: 'nowrap' }}>
              <div>{day}</div>
              <Text size="xs" c="dimmed">
                {time}
              </Text>
            </div>
          );
        },
      },
      { key: 'cityName', title: '城市', field: 'cityName' },
      { key: 'cardAddress', title: '证载地址', width: 170, render: (r) => r.cardAddress || '--' },
      { key: 'location', title: '小区/位置', render: (r) => shortened(r.location, LOCATION_CHARS) },
      { key: 'principalCode', title: '客户编号', field: 'principalCode' },
      { key: 'bldgArea', title: '面积(㎡)', align: 'right', render: (r) => formatArea(r.bldgArea) },
      { key: 'evalType', title: '估价类型', render: (r) => (r.evalType === 2 ? '租金' : '售价') },
      {
        key: 'totalPrice',
        title: '估价结果',
        align: 'right',
        render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatEvalPrice(r.totalPrice, r.evalType)}</span>,
      },
      granted.has(VIEW_INQUIRY_REPORT) && { key: 'inquiry', title: '询值报告', render: (r) => report(r.inquiry, REPORT_ROUTE[1], r) },
      granted.has(VIEW_ADVISORY_REPORT) && { key: 'advisory', title: '咨询报告', render: (r) => report(r.advisory, REPORT_ROUTE[2], r) },
      granted.has(Perm.evalDetail) && {
        key: 'actions',
        title: '操作',
        render: (r) => {
          const href = link('valreport', { evalCode: r.evalCode });
          return (
            <Group gap="xs" wrap="nowrap">
              {href ? (
                <Anchor component={Link} to={href} size="sm">
                  详情
                </Anchor>
              ) : (
                <Text size="sm">详情</Text>
              )}
            </Group>
          );
        },
      },
    ];
    return list.filter((c): c is TableColumn<EvalListRow> => c !== false);
  }, [granted, link, open]);

  return (
    <PagedTable
      columns={columns}
      rows={data?.list}
      rowKey={(r) => r.id}
      loading={loading}
      fetching={fetching}
      page={pageIndex}
      pageSize={pageSize}
      total={data?.total ?? 0}
      pageSizes={RECORD_PAGE_SIZES}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
      minWidth={1100}
      renderExpanded={(r) => (open.has(r.id) ? <RecordHistory evalRecordId={r.id} evalCode={r.evalCode} /> : null)}
    />
  );
}
