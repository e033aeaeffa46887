import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import type { AgencyDetail } from '@valuation/contracts';
import { AGENCY_STATE_LABELS, EVAL_TYPE_LABELS, formatAreaText, PROPERTY_TYPE_LABELS } from '@valuation/domain';
import { HistoryTimeline, InfoGrid, PageSection } from '@valuation/ui';
import { NearbyPointsMap } from '../../../app/map/NearbyPointsMap';
import { agencyReportTypeLabel, agencyTotalPrice, agencyUnitPrice, floorText, roomLayout } from '../model/agency-format';
import { agencyHistoryEntries } from '../model/agency-history';
import type { AgencySide } from '../model/agency-side';
import { AgencyFileList } from './AgencyFileList';

export const AGENCY_STATE_COLORS: Readonly<Record<1 | 2 | 3, string>> = { 1: 'orange', 2: 'blue', 3: 'green' };

export function AgencyStateBadge({ state }: { state: 1 | 2 | 3 }) {
  return (
    <Badge variant="light" color={AGENCY_STATE_COLORS[state]} style={{ flexShrink: 0, overflow: 'visible' }}>
      {AGENCY_STATE_LABELS[state]}
    </Badge>
  );
}

/** Who asked, for whom, and what for. */
export function AgencyApplicantSection({ d, side }: { d: AgencyDetail; side: AgencySide }) {
  return (
    <PageSection title="申请信息">
      <InfoGrid
        cols={3}
        items={[
          { label: '客户姓名', value: d.customerName },
          { label: '联系电话', value: d.customerPhone },
          { label: '提交时间', value: d.submitTime },
          { label: '申请人', value: d.applicantName },
          ...(side === 'tenant' ? [{ label: '客户公司', value: d.companyName }] : []),
          { label: '报告类型', value: agencyReportTypeLabel(d.reportType) },
          { label: '估价类型', value: EVAL_TYPE_LABELS[d.evalType] },
          { label: '评估状态', value: <AgencyStateBadge state={d.reportStatus} /> },
          { label: '备注', value: d.remark, span: 3 },
        ]}
      />
    </PageSection>
  );
}

/** The property as the customer described it. */
export function AgencyPropertySection({ d }: { d: AgencyDetail }) {
  const h = d.houseInfo;
  return (
    <PageSection title="房产基本信息">
      <InfoGrid
        cols={3}
        items={[
          { label: '城市', value: h.cityName },
          { label: '小区名称', value: h.haName },
          { label: '证载地址', value: h.cardAddress },
          { label: '物业类型', value: PROPERTY_TYPE_LABELS[h.propType] },
          { label: '建筑面积', value: h.bldgArea === null ? null : formatAreaText(h.bldgArea) },
          { label: '楼层/总楼层', value: floorText(h.floor, h.bheight) },
          {
            label: '楼栋/单元/户',
            value: [h.buildNo, h.unit, h.roomNo].some(Boolean) ? [h.buildNo || '--', h.unit || '--', h.roomNo || '--'].join(' / ') : null,
          },
          { label: '户型', value: roomLayout(h.br, h.lr, h.ba) },
          { label: '朝向', value: h.faceName },
          { label: '装修', value: h.intdecoName },
          { label: '建筑类型', value: h.bldgTypeName },
          { label: '室内结构', value: h.indoStruName },
          { label: '建筑结构', value: h.bldgstruName },
          { label: '建成年代', value: h.buildYear },
          { label: '业务类型', value: h.businessTypeName },
          { label: '委托人', value: h.principal },
          { label: '产权人', value: h.owner },
        ]}
      />
    </PageSection>
  );
}

/** The property on a map (bd09ll), or 暂无位置信息. */
export function AgencyLocationSection({ d }: { d: AgencyDetail }) {
  const { gpsLon, gpsLat } = d.houseInfo;
  const located = gpsLon !== null && gpsLat !== null && Number.isFinite(gpsLon) && Number.isFinite(gpsLat);
  return (
    <PageSection title="地图位置">
      {located ? (
        <NearbyPointsMap
          center={{ lon: gpsLon, lat: gpsLat }}
          centerLabel={d.houseInfo.haName ?? d.houseInfo.cardAddress ?? undefined}
          points={[]}
          height={300}
        />
      ) : (
        <Text c="dimmed" size="sm" ta="center" py="xl">
          暂无位置信息
        </Text>
      )}
    </PageSection>
  );
}

export function AgencyAttachmentSection({ d, side }: { d: AgencyDetail; side: AgencySide }) {
  return (
    <PageSection title="附件">
      <AgencyFileList
        side={side}
        detailID={d.detailID}
        files={d.otherInfo.downloadUrl.length ? d.otherInfo.downloadUrl : d.downloadUrl}
        emptyText="无附件"
      />
    </PageSection>
  );
}

/** The receiver once received, and the prices and report files once answered. */
export function AgencyResultSection({ d, side }: { d: AgencyDetail; side: AgencySide }) {
  const o = d.otherInfo;
  const reports = o.fileUrl.length ? o.fileUrl : d.reportUrl;
  return (
    <PageSection title="评估结果">
      {d.reportStatus === 1 ? (
        <Alert color="orange" variant="light">
          {AGENCY_STATE_LABELS[1]}
        </Alert>
      ) : (
        <Stack gap="md">
          <InfoGrid
            cols={3}
            items={[
              { label: '接收人', value: o.receiverName ?? d.receiverName },
              { label: '接收人电话', value: o.receiverPhone ?? d.receiverPhone },
              { label: '更新时间', value: d.updateTime },
              ...(d.reportStatus === 3
                ? [
                    { label: '评估总价', value: agencyTotalPrice(o.totalPrice ?? d.totalPrice ?? d.reportResult, d.evalType) },
                    { label: '评估单价', value: agencyUnitPrice(o.unitPrice ?? d.unitPrice, d.evalType) },
                  ]
                : []),
            ]}
          />
          {d.reportStatus === 3 && (
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                评估报告
              </Text>
              <AgencyFileList side={side} detailID={d.detailID} files={reports} emptyText="未生成" />
            </Stack>
          )}
        </Stack>
      )}
    </PageSection>
  );
}

/** Who did what and when, from the application's history: filing, reading, receiving and the reply. */
export function AgencyHistorySection({ d }: { d: AgencyDetail }) {
  return d.history.length === 0 ? null : <HistoryTimeline entries={agencyHistoryEntries(d.history, d.evalType)} />;
}

/** The title line of a detail: community or address, state, report type and submit time. */
export function AgencyDetailTitle({ d }: { d: AgencyDetail }) {
  return (
    <Stack gap={4}>
      <Group gap="sm">
        <Text fw={600} fz="xl">
          {d.haName || d.cardAddress || d.location || d.cityName}
        </Text>
        <AgencyStateBadge state={d.reportStatus} />
        <Badge variant="outline" color="gray">
          {agencyReportTypeLabel(d.reportType)}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {d.cityName} · 提交于 {d.submitTime}
      </Text>
    </Stack>
  );
}
